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

} // namespace

AppSettings& AppSettings::instance()
{
    static AppSettings settings;
    return settings;
}

AppSettings::AppSettings()
{
    const QString organization = QCoreApplication::organizationName();
    const QString application = QCoreApplication::applicationName();
    {
        const QSettings stored(QSettings::UserScope, organization, application);
        for (const QString& key : stored.allKeys())
            m_values.insert(key, stored.value(key));
    }
    m_writer = std::make_unique<SettingsWriter>(organization, application);
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
    m_values.insert(key, value);
    m_writer->queue({key, value});
}

void AppSettings::remove(const QString& keyOrGroup)
{
    for (auto it = m_values.begin(); it != m_values.end();)
        it = isUnder(it.key(), keyOrGroup) ? m_values.erase(it) : std::next(it);
    m_writer->queue({keyOrGroup, std::nullopt});
}

void AppSettings::clear()
{
    remove(QString());
}

void AppSettings::flush()
{
    m_writer->flush();
}

} // namespace raglens::ui
