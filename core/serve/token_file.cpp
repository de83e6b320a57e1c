#include "serve/token_file.h"

#include <QFile>

namespace raglens::serve {

Expected<QByteArray> TokenFile::read(const QString& path, int minLength)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{tr("Cannot read the token file %1: %2").arg(path, file.errorString())};
    const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::ReadOther |
                                            QFileDevice::WriteGroup | QFileDevice::WriteOther;
    if (file.permissions() & others)
        return Error{tr("The token file %1 can be read or changed by other users; make it "
                        "private (chmod 600 %1).")
                         .arg(path)};
    const QByteArray token = file.read(4096).split('\n').first().trimmed();
    if (token.size() < minLength)
        return Error{tr("The token in %1 is shorter than %2 characters.").arg(path).arg(minLength)};
    return token;
}

} // namespace raglens::serve
