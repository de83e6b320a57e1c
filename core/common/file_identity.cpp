#include "common/file_identity.h"

#include <QFile>

#include <sys/stat.h>

namespace raglens {

QString fileIdentity(const QString& path)
{
    struct stat st = {};
    if (path.isEmpty() || ::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {};
    return QStringLiteral("%1:%2").arg(qulonglong(st.st_dev)).arg(qulonglong(st.st_ino));
}

} // namespace raglens
