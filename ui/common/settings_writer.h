#pragma once

#include <QString>
#include <QVariant>

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace raglens::ui {

// Saves settings changes to the application's QSettings file from a thread of its own, so
// that the disk sync QSettings makes on every save never stalls the thread that made them.
// Changes queued while a save runs are saved together by the next one, in their order.
class SettingsWriter
{
public:
    struct Change
    {
        QString key;
        std::optional<QVariant> value; // none: remove the key and everything under it
    };

    SettingsWriter(QString organization, QString application);
    ~SettingsWriter(); // stop()

    void queue(Change change);
    // Returns once every change queued before the call is saved.
    void flush();
    // Saves what is queued and ends the thread; later changes are saved by the caller.
    void stop();

private:
    void run();
    void save(const std::vector<Change>& changes) const;

    const QString m_organization;
    const QString m_application;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_saved;
    std::vector<Change> m_pending;
    quint64 m_queued = 0; // changes queued so far
    quint64 m_done = 0;   // of these, saved (or attempted)
    bool m_stopping = false;
    bool m_stopped = false;
    std::thread m_thread;
};

} // namespace raglens::ui
