#include "mainwindow/language.h"

#include "common/context_free_translator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
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
    const QLocale locale = chosen.isEmpty() ? QLocale::system() : QLocale(chosen);
    auto* app = QCoreApplication::instance();
    QTranslator probe;
    if (!probe.load(locale, QStringLiteral("raglens"), QStringLiteral("_"),
                    QStringLiteral(":/i18n")))
        return {};
    // raglens_<locale>.qm: the exact translator plus the context-free fallback for the
    // strings of plain core code (see common/context_free_translator.h).
    const QString qmPath = probe.filePath();
    const QString localeName = QFileInfo(qmPath).completeBaseName().mid(8);
    installRagLensTranslators(localeName, qmPath);
    auto* qt = new QTranslator(app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return localeName;
}

} // namespace raglens::ui
