// raglens-iconrender SVG OUT_DIR SIZE...: renders the application icon at the hicolor
// theme's fixed sizes (OUT_DIR/NxN/apps/raglens.png), so desktops and software centres
// that do not scale SVG icons themselves still show a sharp one. Run by the build.

#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QImageReader>

#include <cstdio>

int main(int argc, char** argv)
{
    // A build machine has no display: render without one.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: raglens-iconrender SVG OUT_DIR SIZE...\n");
        return 2;
    }
    for (const QString& sizeText : args.mid(3)) {
        const int size = sizeText.toInt();
        QImageReader reader(args.at(1), "svg");
        reader.setScaledSize(QSize(size, size));
        const QImage image = reader.read();
        if (image.isNull() || image.size() != QSize(size, size)) {
            std::fprintf(stderr, "raglens-iconrender: cannot render %s at %d px: %s\n",
                         qPrintable(args.at(1)), size, qPrintable(reader.errorString()));
            return 1;
        }
        const QString dir = QStringLiteral("%1/%2x%2/apps").arg(args.at(2)).arg(size);
        if (!QDir().mkpath(dir) || !image.save(dir + QStringLiteral("/raglens.png"), "PNG")) {
            std::fprintf(stderr, "raglens-iconrender: cannot write %s\n", qPrintable(dir));
            return 1;
        }
    }
    return 0;
}
