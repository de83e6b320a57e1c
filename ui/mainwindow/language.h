#pragma once
// Which translation the GUI loads: the system locale unless View → Language chose one.
// The .qm files are embedded as :/i18n/raglens_<locale>.qm.

#include <QString>
#include <QStringList>

namespace raglens::ui {

/// "" follows the system locale; otherwise a locale name such as "en" or "zh_CN".
QString savedLanguage();
void saveLanguage(const QString& locale);
/// Locales with an embedded translation.
QStringList availableLanguages();
/// `source` (of the tr() context `context`) in `locale`'s language ("" is the system's),
/// whatever language is installed now; the source text when there is no translation.
QString translatedInto(const QString& locale, const char* context, const char* source);
/// Installs the RagLens and Qt translators for the saved (or system) language.
/// Returns the locale name actually loaded, or empty for the untranslated strings.
QString installTranslators();

} // namespace raglens::ui
