#include "common/translators.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QTranslator>

#include <memory>
#include <vector>

namespace raglens {

namespace {

std::vector<std::unique_ptr<QTranslator>>& installed()
{
    static std::vector<std::unique_ptr<QTranslator>> translators;
    return translators;
}

} // namespace

void removeRagLensTranslators()
{
    for (const auto& t : installed())
        QCoreApplication::removeTranslator(t.get());
    installed().clear();
}

QString installRagLensTranslators(const QLocale& locale)
{
    removeRagLensTranslators();
    auto own = std::make_unique<QTranslator>();
    // A locale RagLens has no translation for (C, POSIX, fr_FR…) reads the English source
    // texts; the English file still gives them their plural forms ("1 session", not
    // "1 session(s)").
    if (!own->load(locale, QStringLiteral("raglens"), QStringLiteral("_"),
                   QStringLiteral(":/i18n")) &&
        !own->load(QLocale(QLocale::English), QStringLiteral("raglens"), QStringLiteral("_"),
                   QStringLiteral(":/i18n")))
        return {};
    // raglens_<name>.qm: the name of the translation QTranslator chose for this locale.
    const QString name = QFileInfo(own->filePath()).completeBaseName().mid(8);
    QCoreApplication::installTranslator(own.get());
    installed().push_back(std::move(own));
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        installed().push_back(std::move(qt));
    }
    return name;
}

QLocale commandLineLocale()
{
    const QString chosen = qEnvironmentVariable("RAGLENS_LANG");
    return chosen.isEmpty() ? QLocale::system() : QLocale(chosen);
}

} // namespace raglens
