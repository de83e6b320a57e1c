#include "common/app_settings.h"

#include "common/settings_writer.h"

#include <QCoreApplication>
#include <QSettings>

namespace raglens::ui {

namespace {

AppSettings* s_instance = nullptr;

bool isUnder(const QString& key, const QString& group)
{
    return group.isEmpty() || key == group ||
           (key.startsWith(group) && key.size() > group.size() && key[group.size()] == u'/');
}

// The file gives numbers and one-item lists back as text: those are the values that were
// set, not another process's.
bool sameSetting(const QVariant& a, const QVariant& b)
{
    if (a == b)
        return true;
    if (a.typeId() == QMetaType::QStringList || b.typeId() == QMetaType::QStringList)
        return a.toStringList() == b.toStringList();
    return a.toString() == b.toString();
}

} // namespace

AppSettings& AppSettings::instance()
{
    static AppSettings settings;
    return settings;
}

AppSettings::AppSettings()
{
    // Qt files the settings of an application that has no organization name under "Unknown
    // Organization", and flags every QSettings opened so AccessError although it reads and
    // writes that file; naming the folder ourselves keeps a real failure the only one reported.
    QString organization = QCoreApplication::organizationName();
    if (organization.isEmpty())
        organization = QStringLiteral("Unknown Organization");
    const QString application = QCoreApplication::applicationName();
    {
        const QSettings stored(QSettings::UserScope, organization, application);
        for (const QString& key : stored.allKeys())
            m_values.insert(key, stored.value(key));
    }
    m_writer = std::make_unique<SettingsWriter>(
        organization, application,
        [this](const QMap<QString, QVariant>& saved, quint64 upToChange) {
            QMetaObject::invokeMethod(
                this, [this, saved, upToChange] { adopt(saved, upToChange); },
                Qt::QueuedConnection);
        });
    s_instance = this;
    // Saved before QCoreApplication (and the statics QSettings relies on) is gone.
    qAddPostRoutine([] {
        if (s_instance)
            s_instance->m_writer->stop();
    });
}

AppSettings::~AppSettings()
{
    s_instance = nullptr;
    m_writer.reset(); // its thread may still report to this object until it has ended
}

QVariant AppSettings::value(const QString& key, const QVariant& fallback) const
{
    return m_values.value(key, fallback);
}

bool AppSettings::contains(const QString& key) const
{
    return m_values.contains(key);
}

void AppSettings::setValue(const QString& key, const QVariant& value)
{
    const quint64 number = m_writer->queue({key, value});
    m_unsaved.push_back({number, key, value});
    apply(m_values, m_unsaved.back());
}

void AppSettings::remove(const QString& keyOrGroup)
{
    const quint64 number = m_writer->queue({keyOrGroup, std::nullopt});
    m_unsaved.push_back({number, keyOrGroup, std::nullopt});
    apply(m_values, m_unsaved.back());
}

void AppSettings::clear()
{
    remove(QString());
}

void AppSettings::reload()
{
    m_writer->reload();
}

void AppSettings::flush()
{
    m_writer->flush();
}

void AppSettings::apply(QMap<QString, QVariant>& values, const Unsaved& change) const
{
    if (change.value) {
        values.insert(change.key, *change.value);
        return;
    }
    for (auto it = values.begin(); it != values.end();)
        it = isUnder(it.key(), change.key) ? values.erase(it) : std::next(it);
}

void AppSettings::adopt(const QMap<QString, QVariant>& saved, quint64 upToChange)
{
    while (!m_unsaved.empty() && m_unsaved.front().number <= upToChange)
        m_unsaved.pop_front();
    QMap<QString, QVariant> values = saved;
    for (const Unsaved& change : m_unsaved)
        apply(values, change);
    bool same = values.size() == m_values.size();
    for (auto it = values.cbegin(); same && it != values.cend(); ++it) {
        const auto mine = m_values.constFind(it.key());
        same = mine != m_values.cend() && sameSetting(*mine, *it);
    }
    m_values = std::move(values);
    if (!same)
        emit changed();
}

} // namespace raglens::ui
