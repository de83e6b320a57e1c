#pragma once

#include <QMap>
#include <QString>
#include <QVariant>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace raglens::ui {

// Saves settings changes to the application's QSettings file from a thread of its own, so
// that the disk sync QSettings makes on every save never stalls the thread that made them.
// Changes queued while a save runs are saved together by the next one, in their order.
//
// After each save (and on reload()) it reads the whole file back, as merged with what other
// processes wrote to it since, and hands that to `saved` with the number of the last change
// it holds: another RagLens window's Recent list or saved views are then not overwritten by
// a stale copy.
class SettingsWriter
{
public:
    struct Change
    {
        QString key;
        std::optional<QVariant> value; // none: remove the key and everything under it
    };
    using Snapshot = QMap<QString, QVariant>;
    /// Called on the writer's thread with the file's contents and the number of the last
    /// change they include; never once stop() was asked.
    using SavedCallback = std::function<void(const Snapshot& values, quint64 upToChange)>;

    SettingsWriter(QString organization, QString application, SavedCallback saved = {});
    ~SettingsWriter(); // stop()

    /// Queues a change; returns its number (1, 2, ...).
    quint64 queue(Change change);
    /// Reads the file again (after the changes queued so far) and reports it to `saved`.
    void reload();
    /// Returns once every change queued before the call is saved.
    void flush();
    /// Saves what is queued and ends the thread; later changes are saved by the caller.
    void stop();

private:
    void run();
    Snapshot save(const std::vector<Change>& changes) const;

    const QString m_organization;
    const QString m_application;
    const SavedCallback m_saved;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_savedAll;
    std::vector<Change> m_pending;
    quint64 m_queued = 0; // changes queued so far
    quint64 m_done = 0;   // of these, saved (or attempted)
    bool m_reloadWanted = false;
    bool m_stopping = false;
    bool m_stopped = false;
    mutable std::atomic<bool> m_failureReported = false;
    std::thread m_thread;
};

} // namespace raglens::ui
