#pragma once
// A bearer token kept in a file only its owner can read (the server's --token-file, the
// GUI's token file for a Trace API it opens). The token is the first line; it is never
// logged or shown.

#include "common/error.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace raglens::serve {

class TokenFile
{
    Q_DECLARE_TR_FUNCTIONS(TokenFile)

public:
    /// The token, or why it cannot be used: unreadable, readable or writable by other
    /// users (chmod 600), empty, or shorter than `minLength` characters.
    static Expected<QByteArray> read(const QString& path, int minLength = 16);
};

} // namespace raglens::serve
