#pragma once
// Credential shapes as they appear in free text, and key names that say "credential" in
// many spellings: what RagLens must never store and what its audit check must find.

#include <QString>
#include <QStringList>

#include <vector>

namespace raglens::test {

struct SecretShape
{
    const char* name;
    QString text;   ///< how it appears in free text
    QString secret; ///< the part that must never be stored
};

/// 54 shapes: authorization values, key=value pairs in many spellings, URL user-info, JWTs,
/// private keys and the common cloud key formats.
std::vector<SecretShape> secretCorpus();

/// Key names a credential hides under, in many spellings.
QStringList secretKeySpellings();

} // namespace raglens::test
