#include "mainwindow/language.h"

#include "common/app_settings.h"
#include "common/translators.h"

#include <QCoreApplication>
#include <QDir>
#include <QLocale>
#include <QTranslator>

namespace raglens::ui {

QString savedLanguage()
{
    return AppSettings::instance().value(QStringLiteral("ui/language")).toString();
}

void saveLanguage(const QString& locale)
{
    AppSettings::instance().setValue(QStringLiteral("ui/language"), locale);
}

QStringList availableLanguages()
{
    QStringList out;
    const auto files = QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("raglens_*.qm")});
    for (QString f : files)
        out << f.mid(8).chopped(3); // raglens_<locale>.qm
    return out;
}

QString translatedInto(const QString& locale, const char* context, const char* source)
{
    QTranslator translator;
    const QLocale wanted = locale.isEmpty() ? QLocale::system() : QLocale(locale);
    if (translator.load(wanted, QStringLiteral("raglens"), QStringLiteral("_"),
                        QStringLiteral(":/i18n"))) {
        const QString text = translator.translate(context, source);
        if (!text.isEmpty())
            return text;
    }
    return QString::fromUtf8(source);
}

QString installTranslators()
{
    const QString chosen = savedLanguage();
    return installRagLensTranslators(chosen.isEmpty() ? QLocale::system() : QLocale(chosen));
}

} // namespace raglens::ui
