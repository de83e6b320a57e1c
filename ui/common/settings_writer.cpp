#include "common/settings_writer.h"

#include <QSettings>

namespace raglens::ui {

SettingsWriter::SettingsWriter(QString organization, QString application)
    : m_organization(std::move(organization)), m_application(std::move(application)),
      m_thread([this] { run(); })
{}

SettingsWriter::~SettingsWriter()
{
    stop();
}

void SettingsWriter::queue(Change change)
{
    std::unique_lock lock(m_mutex);
    if (m_stopped) {
        lock.unlock();
        save({std::move(change)}); // after stop(): nothing is lost, the caller waits
        return;
    }
    m_pending.push_back(std::move(change));
    ++m_queued;
    m_wake.notify_one();
}

void SettingsWriter::flush()
{
    std::unique_lock lock(m_mutex);
    const quint64 wanted = m_queued;
    m_saved.wait(lock, [&] { return m_done >= wanted || m_stopped; });
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
        m_wake.wait(lock, [&] { return !m_pending.empty() || m_stopping; });
        if (m_pending.empty()) {
            m_stopped = true;
            m_saved.notify_all();
            return;
        }
        std::vector<Change> changes;
        changes.swap(m_pending);
        const quint64 upTo = m_queued;
        lock.unlock();
        save(changes);
        lock.lock();
        m_done = upTo;
        m_saved.notify_all();
    }
}

void SettingsWriter::save(const std::vector<Change>& changes) const
{
    QSettings settings(QSettings::UserScope, m_organization, m_application);
    for (const Change& change : changes) {
        if (change.value)
            settings.setValue(change.key, *change.value);
        else
            settings.remove(change.key);
    }
    settings.sync(); // the disk sync this class exists for, here and not on the UI thread
    if (settings.status() != QSettings::NoError)
        qWarning("raglens: the settings could not be saved to %s", qPrintable(settings.fileName()));
}

} // namespace raglens::ui
