#include "mainwindow/language.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace raglens::ui {

QString savedLanguage()
{
    return QSettings().value(QStringLiteral("ui/language")).toString();
}

void saveLanguage(const QString& locale)
{
    QSettings().setValue(QStringLiteral("ui/language"), locale);
}

QStringList availableLanguages()
{
    QStringList out;
    const auto files = QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("raglens_*.qm")});
    for (QString f : files)
        out << f.mid(8).chopped(3); // raglens_<locale>.qm
    return out;
}

QString installTranslators()
{
    const QString chosen = savedLanguage();
    const QLocale locale = chosen.isEmpty() ? QLocale::system() : QLocale(chosen);
    auto* app = QCoreApplication::instance();
    auto* ours = new QTranslator(app);
    if (!ours->load(locale, QStringLiteral("raglens"), QStringLiteral("_"),
                    QStringLiteral(":/i18n"))) {
        delete ours;
        return {};
    }
    QCoreApplication::installTranslator(ours);
    auto* qt = new QTranslator(app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return locale.name();
}

} // namespace raglens::ui
