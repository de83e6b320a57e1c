#pragma once
// Which language RagLens speaks. The .qm files compiled from translations/*.ts are embedded
// in the core as :/i18n/raglens_<locale>.qm, so the GUI and raglens-cli load the same ones.
// Every message is filed by lupdate under the context the code asks with at run time
// (Q_OBJECT classes, Q_DECLARE_TR_FUNCTIONS, QCoreApplication::translate with a literal
// context); tst_translations keeps it so.

#include <QLocale>
#include <QString>

namespace raglens {

/// Installs RagLens's translation for `locale` and Qt's own messages in that language,
/// replacing what an earlier call installed. Returns the name of the translation loaded
/// ("zh_CN", "en"); a locale RagLens has no translation for gets the English one, which
/// only gives the source texts their plural forms. Empty when none could be loaded.
QString installRagLensTranslators(const QLocale& locale);

/// Removes what installRagLensTranslators() installed (for switching language at run time).
void removeRagLensTranslators();

/// The locale the command line speaks: RAGLENS_LANG when set (e.g. "zh_CN", "en"), else
/// the system's (LC_ALL, LC_MESSAGES, LANG).
QLocale commandLineLocale();

} // namespace raglens
