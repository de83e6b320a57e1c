#pragma once
// A translator that matches on the source text alone.
//
// Much of RagLens's translatable text lives in plain (non-QObject) core code that calls
// QCoreApplication::translate through small helpers; lupdate files those strings under the
// enclosing class or namespace, which need not equal the context passed at run time.
// Installed behind the regular .qm translator, this one catches exactly those strings, so
// every message in translations/*.ts reaches the user whatever context it was filed under.

#include <QHash>
#include <QTranslator>

namespace raglens {

class ContextFreeTranslator : public QTranslator
{
    Q_OBJECT
public:
    using QTranslator::QTranslator;

    /// Reads the finished messages of a Qt Linguist .ts file; false when it cannot be read.
    bool loadTs(const QString& path);
    int size() const { return int(m_translations.size()); }

    QString translate(const char* context, const char* sourceText,
                      const char* disambiguation = nullptr, int n = -1) const override;
    bool isEmpty() const override { return m_translations.isEmpty(); }

private:
    QHash<QString, QString> m_translations;
};

/// Installs the translators for `locale` (e.g. "zh_CN") on the application: the .qm
/// compiled from translations/raglens_<locale>.ts when `qmPath` exists, then the
/// context-free fallback from the embedded .ts. Returns false when RagLens has no
/// translation for that locale (English needs none).
bool installRagLensTranslators(const QString& locale, const QString& qmPath = {});

/// Removes what installRagLensTranslators() installed (for switching language at run time).
void removeRagLensTranslators();

} // namespace raglens
