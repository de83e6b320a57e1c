#include "common/settings_writer.h"

#include <QSettings>

namespace raglens::ui {

SettingsWriter::SettingsWriter(QString organization, QString application, SavedCallback saved)
    : m_organization(std::move(organization)), m_application(std::move(application)),
      m_saved(std::move(saved)), m_thread([this] { run(); })
{}

SettingsWriter::~SettingsWriter()
{
    stop();
}

quint64 SettingsWriter::queue(Change change)
{
    std::unique_lock lock(m_mutex);
    const quint64 number = ++m_queued;
    if (m_stopped) {
        m_done = number;
        lock.unlock();
        save({std::move(change)}); // after stop(): nothing is lost, the caller waits
        return number;
    }
    m_pending.push_back(std::move(change));
    m_wake.notify_one();
    return number;
}

void SettingsWriter::reload()
{
    std::lock_guard lock(m_mutex);
    m_reloadWanted = true;
    m_wake.notify_one();
}

void SettingsWriter::flush()
{
    std::unique_lock lock(m_mutex);
    const quint64 wanted = m_queued;
    m_savedAll.wait(lock, [&] { return m_done >= wanted || m_stopped; });
}

void SettingsWriter::stop()
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping)
            return;
        m_stopping = true;
        m_wake.notify_one();
    }
    if (m_thread.joinable())
        m_thread.join();
}

void SettingsWriter::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [&] { return !m_pending.empty() || m_reloadWanted || m_stopping; });
        if (m_pending.empty() && m_stopping) {
            m_stopped = true;
            m_savedAll.notify_all();
            return;
        }
        std::vector<Change> changes;
        changes.swap(m_pending);
        m_reloadWanted = false;
        const quint64 upTo = m_queued;
        lock.unlock();
        const Snapshot values = save(changes);
        lock.lock();
        m_done = upTo;
        m_savedAll.notify_all();
        if (m_saved && !m_stopping) {
            lock.unlock();
            m_saved(values, upTo);
            lock.lock();
        }
    }
}

SettingsWriter::Snapshot SettingsWriter::save(const std::vector<Change>& changes) const
{
    QSettings settings(QSettings::UserScope, m_organization, m_application);
    for (const Change& change : changes) {
        if (change.value)
            settings.setValue(change.key, *change.value);
        else
            settings.remove(change.key);
    }
    // The disk sync this class exists for, here and not on the UI thread; it also reads
    // what other processes wrote to the file meanwhile.
    settings.sync();
    // Said once: the next save fails the same way, and the last one runs while the
    // application is being torn down.
    if (settings.status() != QSettings::NoError && !m_failureReported.exchange(true))
        qWarning("raglens: the settings could not be saved to %s", qPrintable(settings.fileName()));
    Snapshot values;
    for (const QString& key : settings.allKeys())
        values.insert(key, settings.value(key));
    return values;
}

} // namespace raglens::ui
