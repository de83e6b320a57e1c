#include "support/offscreen_screen.h"

#include <QDir>
#include <QFile>

namespace raglens::test {

void useOffscreenScreen(const QSize& size)
{
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (!platform.isEmpty() && !platform.startsWith("offscreen"))
        return;
    // Read by the platform plugin when the application starts: the file stays.
    const QString config = QDir::temp().filePath(
        QStringLiteral("raglens-offscreen-%1x%2.json").arg(size.width()).arg(size.height()));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return;
    file.write(QStringLiteral(R"({"screens": [{"name": "test", "x": 0, "y": 0, "width": %1, )"
                              R"("height": %2, "logicalDpi": 96, "logicalBaseDpi": 96, )"
                              R"("dpr": 1}]})")
                   .arg(size.width())
                   .arg(size.height())
                   .toUtf8());
    file.close();
    qputenv("QT_QPA_PLATFORM", QByteArray("offscreen:configfile=") + QFile::encodeName(config));
}

} // namespace raglens::test
