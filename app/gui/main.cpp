// raglens: the desktop GUI. Argument parsing only; the window lives in raglens_ui.
//   raglens [--workspace DIR] [--report-first-paint] [DB]
// With nothing given it opens the last database, or else the default workspace
// (created with the demo data on first start).

#include "demo/demo_workspace.h"
#include "first_paint_probe.h"
#include "mainwindow/language.h"
#include "mainwindow/main_window.h"
#include "mainwindow/recent_databases.h"
#include "mainwindow/theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTimer>
#include <QTreeView>

using namespace raglens::ui;

int main(int argc, char* argv[])
{
    QElapsedTimer started;
    started.start();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RagLens"));
    QApplication::setApplicationName(QStringLiteral("raglens"));
    QApplication::setApplicationDisplayName(QStringLiteral("RagLens"));
    QApplication::setApplicationVersion(QStringLiteral(RAGLENS_VERSION)); // project(VERSION)
    QApplication::setDesktopFileName(QStringLiteral("raglens"));
    installTranslators();
    applyTheme(savedTheme());

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Inspect the retrieval step of an LLM diagnosis agent from its audit database."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption workspace(
        QStringLiteral("workspace"),
        QApplication::translate("main", "Open the workspace in <dir> (its audit.db)."),
        QApplication::translate("main", "dir"));
    parser.addOption(workspace);
    QCommandLineOption firstPaint(
        QStringLiteral("report-first-paint"),
        QApplication::translate("main", "Print the time until the first sessions are painted "
                                        "and the peak memory as JSON, then quit (for "
                                        "raglens-bench)."));
    parser.addOption(firstPaint);
    parser.addPositionalArgument(
        QStringLiteral("db"),
        QApplication::translate("main", "An SQLite audit database or a postgresql:// / "
                                        "mysql:// URL."),
        QStringLiteral("[db]"));
    parser.process(app);
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        fprintf(stderr, "%s\n",
                qPrintable(QApplication::translate("main", "raglens: give one database at most.")));
        return 2;
    }
    if (!positional.isEmpty() && parser.isSet(workspace)) {
        fprintf(stderr, "%s\n",
                qPrintable(QApplication::translate(
                    "main", "raglens: give either a database or --workspace DIR, not both.")));
        return 2;
    }

    MainWindow window;
    if (parser.isSet(firstPaint))
        if (auto* tree = window.findChild<QTreeView*>(QStringLiteral("sessionTree")))
            new FirstPaintProbe(tree, started);
    window.show();
    // Open after the window is up, so errors appear over it and it stays usable.
    QTimer::singleShot(0, &window, [&] {
        if (parser.isSet(workspace)) {
            window.openWorkspace(parser.value(workspace));
        } else if (!positional.isEmpty()) {
            window.openDatabase(positional.first());
        } else {
            const QString last = RecentDatabases::last();
            if (!last.isEmpty() &&
                (last.contains(QLatin1String("://")) || QFileInfo::exists(last)) &&
                window.openDatabase(last))
                return;
            window.openWorkspace(raglens::defaultWorkspaceDir(), true);
        }
    });
    return app.exec();
}
