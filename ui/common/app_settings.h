#pragma once

#include <QMap>
#include <QObject>
#include <QString>
#include <QVariant>

#include <deque>
#include <memory>
#include <optional>

namespace raglens::ui {

class SettingsWriter;

// The window's settings (last database, Recent list, layout, filters, saved views), read from
// memory and written to disk by a thread of their own.
//
// Why not QSettings on the UI thread: QSettings saves through QSaveFile, which syncs the file
// to disk, and it does so when an instance that changed something is destroyed. On a disk busy
// with writeback that took over a second, and QSettings holds the file's lock while it syncs,
// so even a read on the UI thread would wait for the writer. So the UI thread reads QSettings
// once, at first use, and never again; every change is applied here at once and queued for the
// writer thread, which coalesces the changes and saves them with a QSettings of its own.
//
// Another RagLens process may change the same file: after each save, and on reload() (the
// window calls it when activated), the writer reads the file back and the memory takes it
// over, with the changes made here since laid on top. So a Recent list or saved views edited
// in another window are not overwritten by a stale copy.
class AppSettings : public QObject
{
    Q_OBJECT

public:
    // The one instance, loaded from the application's QSettings at first use. Its writes are
    // on disk when QCoreApplication is destroyed.
    static AppSettings& instance();

    QVariant value(const QString& key, const QVariant& fallback = {}) const;
    bool contains(const QString& key) const;
    void setValue(const QString& key, const QVariant& value);
    // Removes the key and everything under it ("views" removes "views/size", "views/1/text").
    void remove(const QString& keyOrGroup);
    void clear();

    // Reads the file again in the background (what other processes saved); changed() follows
    // when anything differs.
    void reload();
    // Blocks until every change made so far is saved (on quit, and for tests that read the
    // file back).
    void flush();

    ~AppSettings() override;

signals:
    // The values changed otherwise than through this object (another process saved).
    void changed();

private:
    struct Unsaved
    {
        quint64 number;
        QString key;
        std::optional<QVariant> value;
    };

    AppSettings();
    void apply(QMap<QString, QVariant>& values, const Unsaved& change) const;
    void adopt(const QMap<QString, QVariant>& saved, quint64 upToChange);

    QMap<QString, QVariant> m_values;
    std::deque<Unsaved> m_unsaved; // changes the last snapshot from the file does not hold
    std::unique_ptr<SettingsWriter> m_writer;
};

} // namespace raglens::ui
