// The main window as a user drives it, offscreen: opening databases (and things that are
// not databases), the status bar, the "Fallback runs" button, keyboard navigation and
// shortcuts, the run view selecting in the tree, trace JSON identical to the CLI's,
// timeline export, drag and drop, persisted settings and readable themes.

#include "auditcheck/audit_check_panel.h"
#include "common/app_settings.h"
#include "common/badge_colors.h"
#include "common/display_format.h"
#include "common/translators.h"
#include "console/lookup_console_widget.h"
#include "db/audit_database.h"
#include "dialogs/shortcuts_dialog.h"
#include "health/findings_view.h"
#include "health/health_panel.h"
#include "invocation/invocation_view.h"
#include "mainwindow/language.h"
#include "mainwindow/main_window.h"
#include "mainwindow/recent_databases.h"
#include "run/run_gantt_widget.h"
#include "run/run_view.h"
#include "sessions/session_filter_bar.h"
#include "sessions/session_tree_columns.h"
#include "sessions/session_tree_model.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/sqlite_statements.h"
#include "trace/saved_view.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QMutex>
#include <QPlainTextEdit>
#include <QScopeGuard>
#include <QSet>
#include <QSettings>
#include <QShortcut>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;
namespace fx = raglens::test::fixture;
using Role = SessionTreeModel::Role;

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_fixture;
    QStringList m_errors;

    std::unique_ptr<MainWindow> makeWindow()
    {
        m_errors.clear();
        auto window = std::make_unique<MainWindow>();
        window->setErrorReporter([this](const QString& title, const QString& message) {
            m_errors << title + QStringLiteral(": ") + message;
        });
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            qWarning("window not exposed");
        return window;
    }
    bool openFixture(MainWindow& window)
    {
        if (!window.openDatabase(m_fixture))
            return false;
        return QTest::qWaitFor([&] {
            return !window.sessionModel()->isLoading() &&
                   window.sessionModel()->matchingSessions() >= 0;
        });
    }
    static qint64 currentInvocation(MainWindow& w)
    {
        return w.sessionTree()->currentIndex().data(Role::InvocationIdRole).toLongLong();
    }
    static QString currentRun(MainWindow& w)
    {
        return w.sessionTree()->currentIndex().data(Role::RunIdRole).toString();
    }
    static double luminance(const QColor& c)
    {
        auto channel = [](double v) {
            v /= 255.0;
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue());
    }
    static double contrast(const QColor& a, const QColor& b)
    {
        const double la = luminance(a), lb = luminance(b);
        return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RagLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_main_window"));
        AppSettings::instance().clear();
        QVERIFY(m_dir.isValid());
        m_fixture = m_dir.filePath(QStringLiteral("audit.db"));
        QCOMPARE(test::writeProductionFixture(m_fixture), QString());
    }

    void notADatabaseShowsErrorAndWindowStaysUsable_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("text file") << "text"
                                   << "not a readable database";
        QTest::newRow("sqlite without audit tables") << "foreign"
                                                     << "not an agent audit database";
        QTest::newRow("missing file") << "missing"
                                      << "No such database file";
        QTest::newRow("folder without audit.db") << "workspace"
                                                 << "holds no audit database";
    }

    void notADatabaseShowsErrorAndWindowStaysUsable()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        const QString path = m_dir.filePath(QStringLiteral("bad-") + kind);
        if (kind == QLatin1String("text")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("this is a runbook, not a database\n").repeated(200));
        } else if (kind == QLatin1String("foreign") && !QFileInfo::exists(path)) {
            auto db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("foreign"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QVERIFY(QSqlQuery(db).exec(QStringLiteral("CREATE TABLE songs (id INTEGER)")));
            db.close();
            db = {};
            QSqlDatabase::removeDatabase(QStringLiteral("foreign"));
        } else if (kind == QLatin1String("workspace")) {
            QVERIFY(QDir().mkpath(path));
        }
        auto window = makeWindow();
        const bool opened = kind == QLatin1String("workspace") ? window->openWorkspace(path)
                                                               : window->openDatabase(path);
        QVERIFY(!opened);
        QCOMPARE(m_errors.size(), 1);
        QVERIFY2(m_errors.first().contains(expected), qPrintable(m_errors.first()));
        QVERIFY(!window->database());
        // Still usable: a real database opens right after.
        QVERIFY(openFixture(*window));
        QCOMPARE(window->sessionProxy()->rowCount(), fx::kSessionCount);
        // And a bad file while a database is open keeps that database.
        QVERIFY(!window->openDatabase(m_dir.filePath(QStringLiteral("no-such.db"))));
        QVERIFY(window->database());
        QCOMPARE(window->sessionProxy()->rowCount(), fx::kSessionCount);
    }

    void errorDialogIsAMessageBox()
    {
        // Without a test reporter the window shows a real warning box.
        MainWindow window;
        window.show();
        QString shownText;
        // Opening runs an event loop of its own while the database is read in the
        // background: the box is looked for until it appears, then answered.
        QTimer answer;
        answer.setInterval(20);
        connect(&answer, &QTimer::timeout, this, [&] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                shownText = box->text();
                box->accept();
            }
        });
        answer.start();
        QVERIFY(!window.openDatabase(m_dir.filePath(QStringLiteral("still-missing.db"))));
        QVERIFY2(shownText.contains(QLatin1String("still-missing.db")), qPrintable(shownText));
        QVERIFY(window.isVisible());
    }

    void statusBarSaysWhatIsOpen()
    {
        // As the application does for an English locale: the plural forms come from raglens_en.
        QCOMPARE(installRagLensTranslators(QLocale(QStringLiteral("en_GB"))), QStringLiteral("en"));
        const auto untranslate = qScopeGuard([] { removeRagLensTranslators(); });
        auto window = makeWindow();
        QVERIFY(window->statusText().contains(QLatin1String("No database open")));
        QVERIFY(openFixture(*window));
        QTRY_VERIFY2(window->statusText().contains(QStringLiteral("4 sessions · ")),
                     qPrintable(window->statusText()));
        const QString status = window->statusText();
        QVERIFY2(status.contains(QLatin1String("4 runs (1 FALLBACK)")), qPrintable(status));
        QVERIFY2(status.contains(QLatin1String("6 invocations")), qPrintable(status));
        QVERIFY2(status.contains(QLatin1String("read-only")), qPrintable(status)); // foreign DB
        QVERIFY(window->windowTitle().contains(QLatin1String("audit.db")));
    }

    void fallbackRunsButtonLeavesOnlyFallbackRuns()
    {
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        QTRY_VERIFY(window->statusText().contains(QLatin1String("4 session")));
        QTest::mouseClick(window->filterBar()->fallbackRunsButton(), Qt::LeftButton);
        QTRY_COMPARE(window->sessionProxy()->rowCount(), 1);
        QTRY_VERIFY(!window->sessionModel()->isLoading());
        QAbstractItemModel* proxy = window->sessionProxy();
        const QModelIndex session = proxy->index(0, 0);
        QCOMPARE(session.data(Role::SessionIdRole).toString(), fx::kFallbackSession);
        // One click on the session shows its FALLBACK run's empty lookup.
        window->sessionTree()->setCurrentIndex(session);
        // (The session's runs and the run's rows are read in the worker.)
        QTRY_COMPARE(window->runView()->runId(), fx::kFallbackRun);
        QTRY_VERIFY(window->invocationView()->isVisible());
        QTRY_COMPARE(window->runView()->gantt()->currentId(), fx::kInvocation860);
        proxy->fetchMore(session);
        QCOMPARE(proxy->rowCount(session), 1);
        QCOMPARE(proxy->index(0, 0, session).data(Role::OutcomeRole).toString(),
                 QStringLiteral("FALLBACK"));
        QTRY_COMPARE(window->filterBar()->countText(), QStringLiteral("1 of 4 sessions match"));
        QVERIFY(window->action(QStringLiteral("actionFallbackRuns"))->isChecked());
        // Clicking again shows everything.
        QTest::mouseClick(window->filterBar()->fallbackRunsButton(), Qt::LeftButton);
        QTRY_COMPARE(window->sessionProxy()->rowCount(), fx::kSessionCount);
    }

    // A list without rows says why, where the rows would be: no match, or rows again once
    // the filter is cleared.
    void emptyListSaysWhy()
    {
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        auto* note = window->findChild<QLabel*>(QStringLiteral("sessionListNote"));
        QVERIFY(note);
        QVERIFY(!note->isVisible());
        QCOMPARE(window->filterBar()->applyParams(
                     {{QStringLiteral("text"), QStringLiteral("zzq-no-such-text")}}),
                 QStringList());
        QTRY_VERIFY(note->isVisible());
        QVERIFY2(note->text().contains(QLatin1String("No session matches")),
                 qPrintable(note->text()));
        QCOMPARE(window->sessionProxy()->rowCount(), 0);
        // The note sits inside the list, where its first rows would be.
        QVERIFY(window->sessionTree()->viewport()->rect().contains(note->geometry().topLeft()));
        window->filterBar()->clear();
        QTRY_COMPARE(window->sessionProxy()->rowCount(), fx::kSessionCount);
        QVERIFY(!note->isVisible());
    }

    void readingColumnsAreSeenOnALaptopScreen()
    {
        // The tree's columns fit the longest word each can show, in this font: the outcome of
        // a session, an evidence status, an attempt name.
        auto window = makeWindow();
        QTreeView* tree = window->sessionTree();
        QHeaderView* header = tree->header();
        const QFontMetrics fm = tree->fontMetrics();
        const QList<QPair<int, QString>> longest = {
            {SessionTreeModel::OutcomeColumn, QStringLiteral("FALLBACK · 2 of 3 runs")},
            {SessionTreeModel::EvidenceStatusColumn, QStringLiteral("EVIDENCE_FOUND")},
            {SessionTreeModel::SelectedAttemptColumn, QStringLiteral("UNFILTERED_VECTOR_RETRY")}};
        int reading = header->sectionSize(SessionTreeModel::NameColumn);
        for (const auto& [column, text] : longest) {
            QVERIFY(!tree->isColumnHidden(column));
            QCOMPARE(header->visualIndex(column), column); // right after the name, in order
            // BadgeDelegate elides below the text plus 16.
            QVERIFY2(fm.horizontalAdvance(text) + 16 <= header->sectionSize(column),
                     qPrintable(text));
            reading += header->sectionSize(column);
        }
        // On a 1280×720 screen (the window opens at 1152 wide, or maximized at 1280) the
        // tree's first width holds them all side by side; on a 1920 screen the drill-down
        // keeps the larger part. (The offscreen test screen is smaller: the split is checked.)
        for (int splitter : {1150, 1276}) {
            const int treeWidth = sessionTreeWidth(splitter, reading);
            QVERIFY2(
                treeWidth - 28 >= reading,
                qPrintable(
                    QStringLiteral("%1 of %2 for %3").arg(treeWidth).arg(splitter).arg(reading)));
            QVERIFY(splitter - treeWidth >= splitter * 38 / 100);
        }
        QVERIFY(sessionTreeWidth(1916, reading) < 1916 / 2);
        // The window uses that split when a database is first shown.
        QVERIFY(openFixture(*window));
    }

    void numbersFollowTheLocale()
    {
        // Counts read as the user's locale writes them ("12.345" in German), in every row.
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        SessionTreeModel* model = window->sessionModel();
        QVERIFY(model->rowCount() > 0);
        bool grouped = false;
        for (int r = 0; r < model->rowCount(); ++r)
            for (int column :
                 {int(SessionTreeModel::TokensColumn), int(SessionTreeModel::ToolCallsColumn)}) {
                const QModelIndex cell = model->index(r, column);
                const qint64 n = cell.data(Role::SortRole).toLongLong();
                QCOMPARE(cell.data().toString(), QLocale().toString(n));
                grouped = grouped || n >= 1000;
            }
        // Durations, scores and thresholds too (ids and ranks stay plain integers).
        QCOMPARE(displayDuration(4400), QStringLiteral("4,4 s"));
        QCOMPARE(displayNumber(0.277, 3), QStringLiteral("0,277"));
        // A cell that reads as no time shows what it holds, marked; an absent one nothing.
        const UnreadTimes unread{{QStringLiteral("started_at"), QStringLiteral("yesterday")}};
        QCOMPARE(displayTime(QDateTime(), unread, QLatin1String("started_at")),
                 QStringLiteral("yesterday (not a time)"));
        QCOMPARE(displayTime(QDateTime(), unread, QLatin1String("finished_at")), QString());
        QLocale::setDefault(before);
        QVERIFY2(grouped, "a count large enough to be grouped was shown");
    }

    void arrowKeysWalkTheTree()
    {
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        QTreeView* tree = window->sessionTree();
        tree->setFocus();
        QCOMPARE(tree->currentIndex().row(), 0); // the newest session is shown on opening
        QTest::keyClick(tree, Qt::Key_Down);
        QCOMPARE(tree->currentIndex().row(), 1);
        QCOMPARE(tree->currentIndex().data(Role::SessionIdRole).toString(), fx::kRetrySession);
        QTest::keyClick(tree, Qt::Key_Right); // expands: the runs are read now
        QVERIFY(tree->isExpanded(tree->currentIndex()));
        QTRY_VERIFY(tree->model()->rowCount(tree->currentIndex()) > 0); // read in the worker
        QTest::keyClick(tree, Qt::Key_Down);
        QCOMPARE(currentRun(*window), fx::kRetryRun);
        QTRY_COMPARE(window->runView()->runId(), fx::kRetryRun); // the run view follows
        QTest::keyClick(tree, Qt::Key_Right);
        QTRY_VERIFY(tree->model()->rowCount(tree->currentIndex()) > 0);
        QTest::keyClick(tree, Qt::Key_Down); // step 970
        QTest::keyClick(tree, Qt::Key_Right);
        QTest::keyClick(tree, Qt::Key_Down); // its invocation
        QCOMPARE(currentInvocation(*window), fx::kRetryInvocation);
        QTest::keyClick(tree, Qt::Key_Up);
        QCOMPARE(tree->currentIndex().data(Role::StepIdRole).toLongLong(), qint64(970));
    }

    void navigationShortcuts()
    {
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        window->sessionTree()->setFocus();
        // Runs and their rows are read in the worker: a search waits for them.
        QTest::keyClick(window.get(), Qt::Key_F7); // next FALLBACK run
        QTRY_COMPARE(currentRun(*window), fx::kFallbackRun);
        QCOMPARE(window->sessionTree()->currentIndex().data(Role::KindRole).toInt(),
                 int(SessionTreeModel::Kind::Run));
        QTRY_COMPARE(window->runView()->runId(), fx::kFallbackRun);
        // Selecting a FALLBACK run shows its empty lookup straight away.
        QTRY_VERIFY(window->invocationView()->isVisible());
        QVERIFY(window->invocationView()->showsRetrieval());
        QCOMPARE(window->runView()->gantt()->currentType(), GanttItem::Type::Invocation);
        QCOMPARE(window->runView()->gantt()->currentId(), fx::kInvocation860);
        QTest::keyClick(window.get(), Qt::Key_F8); // next NO_EVIDENCE invocation
        QTRY_COMPARE(currentInvocation(*window), fx::kInvocation860);
        QVERIFY(window->invocationView()->isVisible());
        QTest::keyClick(window.get(), Qt::Key_F8);
        QTRY_COMPARE(currentInvocation(*window), fx::kLegacyNoEvidenceInvocation);
        QTest::keyClick(window.get(), Qt::Key_F8, Qt::ShiftModifier); // back
        QTRY_COMPARE(currentInvocation(*window), fx::kInvocation860);
        QTest::keyClick(window.get(), Qt::Key_F9, Qt::ShiftModifier); // previous retry
        QTRY_COMPARE(currentInvocation(*window), fx::kRetryInvocation);
        // No FALLBACK run above: the search wraps around to the bottom.
        QTest::keyClick(window.get(), Qt::Key_F7, Qt::ShiftModifier);
        QTRY_COMPARE(currentRun(*window), fx::kFallbackRun);
        QCOMPARE(window->sessionTree()->currentIndex().data(Role::KindRole).toInt(),
                 int(SessionTreeModel::Kind::Run));
        // Ctrl+F focuses the filter; Esc goes back to the tree.
        QTest::keyClick(window.get(), Qt::Key_F, Qt::ControlModifier);
        QCOMPARE(QApplication::focusWidget(), window->filterBar()->textEdit());
        QTest::keyClick(window->filterBar()->textEdit(), Qt::Key_Escape);
        QCOMPARE(QApplication::focusWidget(), window->sessionTree());
    }

    void runViewClickSelectsInTree()
    {
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        QVERIFY(window->navigate(NavigationTargetKind::FallbackRun, true));
        QTRY_COMPARE(window->runView()->runId(), fx::kFallbackRun); // read in the worker
        RunGanttWidget* gantt = window->runView()->gantt();
        const GanttLayout& layout = gantt->layoutData();
        // Trace events + steps 962, 963 + invocations 859, 860 nested under 962.
        QCOMPARE(layout.laneCount, 5);
        const auto harness =
            std::find_if(layout.items.begin(), layout.items.end(), [](const GanttItem& i) {
                return i.type == GanttItem::Type::Invocation && i.id == fx::kHarnessInvocation;
            });
        QVERIFY(harness != layout.items.end());
        QCOMPARE(harness->depth, 1);
        QTest::mouseClick(gantt, Qt::LeftButton, {}, gantt->itemRect(*harness).center().toPoint());
        QCOMPARE(currentInvocation(*window), fx::kHarnessInvocation);
        const auto step =
            std::find_if(layout.items.begin(), layout.items.end(), [](const GanttItem& i) {
                return i.type == GanttItem::Type::Step && i.id == fx::kStep963;
            });
        QVERIFY(step != layout.items.end());
        QTest::mouseClick(gantt, Qt::LeftButton, {}, gantt->itemRect(*step).center().toPoint());
        QCOMPARE(window->sessionTree()->currentIndex().data(Role::StepIdRole).toLongLong(),
                 fx::kStep963);
        // Keyboard in the run view: Ctrl+2 focuses it, Up walks back to invocation 860.
        QTest::keyClick(window.get(), Qt::Key_2, Qt::ControlModifier);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(gantt));
        QTest::keyClick(gantt, Qt::Key_Up);
        QCOMPARE(currentInvocation(*window), fx::kInvocation860);
    }

    void traceJsonMatchesCli_data()
    {
        QTest::addColumn<bool>("wholeSession");
        QTest::newRow("run") << false;
        QTest::newRow("session") << true;
    }

    void traceJsonMatchesCli()
    {
        QFETCH(bool, wholeSession);
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        QVERIFY(window->navigate(NavigationTargetKind::FallbackRun, true));
        QTRY_COMPARE(window->runView()->runId(), fx::kFallbackRun); // read in the worker
        if (wholeSession)
            window->sessionTree()->setCurrentIndex(window->sessionTree()->currentIndex().parent());
        QApplication::clipboard()->clear();
        window->action(QStringLiteral("actionCopyTrace"))->trigger();
        QTRY_VERIFY(!QApplication::clipboard()->text().isEmpty()); // read in the worker
        const QString copied = QApplication::clipboard()->text();
        QCOMPARE(copied, window->currentTraceJson());
        QStringList args = {QStringLiteral("trace"), QStringLiteral("--pretty"),
                            QStringLiteral("--db"), m_fixture, fx::kFallbackSession};
        if (!wholeSession)
            args << QStringLiteral("--run") << fx::kFallbackRun;
        const test::CliResult cli = test::runCli(args);
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(copied.toUtf8(), cli.out); // byte for byte what the CLI prints
    }

    void traceJsonBuiltOnlyWhenShown()
    {
        // The Trace JSON reads a whole session: a click in the tree must not pay for it
        // while another tab is in front.
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        auto* tabs = window->findChild<QTabWidget*>(QStringLiteral("detailTabs"));
        auto* text = window->findChild<QPlainTextEdit*>(QStringLiteral("traceText"));
        QVERIFY(tabs && text);
        QVERIFY(window->navigate(NavigationTargetKind::FallbackRun, true));
        QTRY_COMPARE(window->runView()->runId(), fx::kFallbackRun); // read in the worker
        QVERIFY(tabs->currentWidget() != text);                     // the lookup is shown
        text->clear();
        window->sessionTree()->setCurrentIndex(window->sessionTree()->currentIndex().parent());
        QVERIFY(tabs->currentWidget() != text);
        QVERIFY(text->toPlainText().isEmpty()); // not built behind the lookup
        tabs->setCurrentWidget(text);
        // Read in the worker: "Reading the trace…" first, then the trace itself.
        QTRY_COMPARE(text->toPlainText(), window->currentTraceJson());
    }

    void exportsTraceJsonRead()
    {
        // The trace is read in the worker after the file is chosen, and written whole.
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        QVERIFY(window->navigate(NavigationTargetKind::FallbackRun, true));
        QTRY_COMPARE(window->runView()->runId(), fx::kFallbackRun); // read in the worker
        const QString path = m_dir.filePath(QStringLiteral("exported.trace.json"));
        QFile::remove(path);
        QApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
        bool dialogSeen = false;
        QTimer::singleShot(0, [&] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            dialogSeen = true;
            dialog->selectFile(path);
            QMetaObject::invokeMethod(dialog, "accept");
        });
        window->action(QStringLiteral("actionExportTrace"))->trigger();
        QVERIFY(dialogSeen);
        QTRY_VERIFY(QFileInfo(path).size() > 0);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()), window->currentTraceJson());
    }

    void exportsTimelineAsPng()
    {
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        QVERIFY(window->navigate(NavigationTargetKind::FallbackRun, true));
        QTRY_COMPARE(window->runView()->runId(), fx::kFallbackRun); // read in the worker
        const QImage image = window->runView()->timelineImage();
        QVERIFY(!image.isNull());
        const QString path = m_dir.filePath(QStringLiteral("timeline.png"));
        QVERIFY(image.save(path, "PNG"));
        QImage back(path);
        QCOMPARE(back.size(), image.size());
        // Not a blank image: the bars are painted in more than one colour.
        QSet<QRgb> colours;
        for (int y = 0; y < back.height(); y += 3)
            for (int x = 0; x < back.width(); x += 3)
                colours.insert(back.pixel(x, y));
        QVERIFY(colours.size() > 3);
    }

    void dropOpensDatabase()
    {
        auto window = makeWindow();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(m_fixture)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(window.get(), &drop);
        QVERIFY(window->database());
        QTRY_COMPARE(window->sessionProxy()->rowCount(), fx::kSessionCount);
    }

    void settingsPersist()
    {
        {
            auto window = makeWindow();
            QVERIFY(openFixture(*window));
            window->close();
        }
        // On disk, where the next start reads them (saved by the settings' own thread).
        AppSettings::instance().flush();
        QSettings settings;
        QVERIFY(!settings.value(QStringLiteral("window/mainSplitter")).toByteArray().isEmpty());
        QVERIFY(!settings.value(QStringLiteral("window/treeHeader")).toByteArray().isEmpty());
        QCOMPARE(RecentDatabases::last(), QFileInfo(m_fixture).absoluteFilePath());
        QVERIFY(RecentDatabases::entries().contains(QFileInfo(m_fixture).absoluteFilePath()));
    }

    // Another RagLens window saves to the same file (here a QSettings of the test's own):
    // read back when this window is activated (or after its own next save), its Recent entry
    // and saved view are shown and kept when this window saves its own.
    void settingsSavedElsewhereAreKept()
    {
        AppSettings& settings = AppSettings::instance();
        settings.remove(QStringLiteral("views"));
        settings.setValue(QStringLiteral("database/recent"), QStringList{});
        settings.flush();
        auto window = makeWindow();
        const auto elsewhere =
            SavedView::make(QStringLiteral("From the other window"),
                            {{QStringLiteral("outcome"), QStringLiteral("FALLBACK")}});
        QVERIFY(elsewhere);
        {
            QSettings other;
            other.setValue(QStringLiteral("database/recent"),
                           QStringList{QStringLiteral("/elsewhere/a.db")});
            storeSavedViews(other, {*elsewhere});
        }
        QSignalSpy changed(&settings, &AppSettings::changed);
        settings.reload();
        QTRY_VERIFY(changed.count() > 0);
        QCOMPARE(RecentDatabases::entries(), QStringList{QStringLiteral("/elsewhere/a.db")});
        // The window rebuilds its menu on the same signal, possibly after the spy saw it.
        QTRY_VERIFY(window->findChild<QAction*>(QStringLiteral("actionView_1")));
        QAction* first = window->findChild<QAction*>(QStringLiteral("actionView_1"));
        QCOMPARE(first->text(), QStringLiteral("From the other window"));
        RecentDatabases::add(QStringLiteral("/here/b.db"));
        settings.flush();
        QCOMPARE(QSettings().value(QStringLiteral("database/recent")).toStringList(),
                 (QStringList{QStringLiteral("/here/b.db"), QStringLiteral("/elsewhere/a.db")}));
        settings.remove(QStringLiteral("views"));
        settings.setValue(QStringLiteral("database/recent"), QStringList{});
        settings.flush();
    }

    void settingsReadFromMemoryAndSavedInOrder()
    {
        AppSettings& settings = AppSettings::instance();
        settings.setValue(QStringLiteral("probe/a"), 1);
        settings.setValue(QStringLiteral("probe/b/c"), QStringLiteral("two"));
        settings.setValue(QStringLiteral("probeSibling"), 3);
        // Read back at once, before the writer thread has saved anything.
        QCOMPARE(settings.value(QStringLiteral("probe/a")).toInt(), 1);
        settings.remove(QStringLiteral("probe"));
        QVERIFY(!settings.contains(QStringLiteral("probe/a")));
        QVERIFY(!settings.contains(QStringLiteral("probe/b/c")));
        QVERIFY(settings.contains(QStringLiteral("probeSibling"))); // a group, not a prefix
        settings.setValue(QStringLiteral("probe/a"), 4);
        settings.flush();
        QSettings disk;
        QCOMPARE(disk.value(QStringLiteral("probe/a")).toInt(), 4); // the last change wins
        QVERIFY(!disk.contains(QStringLiteral("probe/b/c")));
        QCOMPARE(disk.value(QStringLiteral("probeSibling")).toInt(), 3);
        settings.remove(QStringLiteral("probe"));
        settings.remove(QStringLiteral("probeSibling"));
        settings.flush();
        QVERIFY(!QSettings().contains(QStringLiteral("probeSibling")));
    }

    void otherPanelsLeadIntoTheTree()
    {
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        // Health reads the database only once its tab is shown.
        QVERIFY(!window->healthPanel()->hasDatabase());
        window->workTabs()->setCurrentWidget(window->healthPanel());
        QVERIFY(window->healthPanel()->hasDatabase());
        // A problem run activated in Health is selected in the session tree.
        emit window->healthPanel()->runActivated(fx::kFallbackSession, fx::kFallbackRun);
        QCOMPARE(window->workTabs()->currentIndex(), 0);
        QTRY_COMPARE(currentRun(*window), fx::kFallbackRun);
        // A freshly recorded lookup: the list is read again, narrowed to its session.
        window->showInTree(fx::kRetrySession, fx::kRetryRun, fx::kRetryInvocation, true);
        QTRY_COMPARE(currentInvocation(*window), fx::kRetryInvocation);
        QCOMPARE(window->filterBar()->textEdit()->text(), fx::kRetrySession);
        QCOMPARE(window->sessionProxy()->rowCount(), 1);
    }

    void aCallWithoutARunIdIsFoundUnderItsPlaceholder()
    {
        // The audit check and the problem library name a call recorded without any run id by
        // its session and an empty run: the tree opens the session's placeholder run on it.
        const QString path = m_dir.filePath(QStringLiteral("runless.db"));
        QFile::remove(path);
        QVERIFY(QFile::copy(m_fixture, path));
        QCOMPARE(
            test::execOnSqliteFile(path, {QStringLiteral("INSERT INTO tool_invocation (id, run_id, "
                                                         "session_id, tool_name, success, "
                                                         "created_at) VALUES (9100, NULL, '%1', "
                                                         "'get_logs', 1, '2026-03-05T10:00:01Z')")
                                              .arg(fx::kFallbackSession)}),
            QString());
        auto window = makeWindow();
        QVERIFY(window->openDatabase(path));
        QTRY_VERIFY(!window->sessionModel()->isLoading() &&
                    window->sessionModel()->matchingSessions() >= 0);
        window->showInTree(fx::kFallbackSession, QString(), 9100, false);
        QTRY_COMPARE(currentInvocation(*window), qint64(9100));
        QCOMPARE(currentRun(*window), QString());
    }

    void recordingUpdatesTheTotals()
    {
        // A lookup recorded from the console adds rows: the status bar's totals follow.
        const QString path = m_dir.filePath(QStringLiteral("recording.db"));
        QFile::remove(path);
        QVERIFY(QFile::copy(m_fixture, path));
        auto window = makeWindow();
        QVERIFY(window->openDatabase(path));
        auto* counts = window->findChild<QLabel*>(QStringLiteral("countsLabel"));
        QVERIFY(counts);
        QTRY_VERIFY(counts->text().contains(QStringLiteral("invocation")));
        const QString before = counts->text();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "recording");
            db.setDatabaseName(path);
            // As a recorder writes beside readers: it waits while the facts index reads.
            db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY2(q.exec("INSERT INTO diagnosis_run (run_id, session_id, status, started_at) "
                            "VALUES ('run-recorded', 'sess-recorded', 'COMPLETED', "
                            "'2026-11-30T10:00:00Z')"),
                     qPrintable(q.lastError().text()));
            QVERIFY(q.exec("INSERT INTO tool_invocation (run_id, session_id, tool_name, success, "
                           "created_at) VALUES ('run-recorded', 'sess-recorded', "
                           "'lookup_knowledge', 1, '2026-11-30T10:00:01Z')"));
            const qint64 id = q.lastInsertId().toLongLong();
            db.close();
            auto* console = window->findChild<LookupConsoleWidget*>();
            QVERIFY(console);
            emit console->recorded(QStringLiteral("sess-recorded"), QStringLiteral("run-recorded"),
                                   id);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("recording"));
        QTRY_VERIFY(counts->text() != before &&
                    counts->text().contains(QStringLiteral("invocation")));
    }

    void invocationActionsFollowTheSelection()
    {
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        QAction* replay = window->action(QStringLiteral("replayInvocation"));
        QAction* addToEval = window->action(QStringLiteral("addInvocationToEvalSet"));
        QVERIFY(replay && addToEval);
        QVERIFY(!replay->isEnabled()); // nothing selected yet
        QCOMPARE(replay->shortcut(), QKeySequence(QStringLiteral("Ctrl+R")));
        // A lookup that found nothing: replayable, and its findings lead with CRITICAL.
        window->sessionTree()->setFocus();
        QTest::keyClick(window.get(), Qt::Key_F8);
        QTRY_COMPARE(currentInvocation(*window), fx::kInvocation860);
        QVERIFY(replay->isEnabled());
        QVERIFY(addToEval->isEnabled());
        QVERIFY(window->findingsView()->findingCount() > 0);
        QCOMPARE(window->findingsView()->severityAt(0), QStringLiteral("CRITICAL"));
        // Another tool's thin row: nothing to replay or to add as a retrieval case.
        window->showInTree(fx::kFallbackSession, fx::kFallbackRun, fx::kHarnessInvocation, false);
        QTRY_COMPARE(currentInvocation(*window), fx::kHarnessInvocation);
        QVERIFY(!replay->isEnabled());
        QVERIFY(!addToEval->isEnabled());
        // Ctrl+R there is not silent: the status bar says what it needs.
        window->sessionTree()->setFocus();
        QTest::keyClick(window->sessionTree(), Qt::Key_R, Qt::ControlModifier);
        QVERIFY2(window->statusBar()->currentMessage().contains(QStringLiteral("lookup_knowledge")),
                 qPrintable(window->statusBar()->currentMessage()));
        // Back on a lookup the key replays again (one shortcut per key, never ambiguous).
        QTest::keyClick(window.get(), Qt::Key_F8);
        QTRY_VERIFY(replay->isEnabled());
        QVERIFY(!window->findChild<QShortcut*>(QStringLiteral("replayInvocationExplained"))
                     ->isEnabled());
        // Both actions are listed with the other shortcuts.
        QVERIFY(window->shortcutActions().contains(replay));
        QVERIFY(window->shortcutActions().contains(addToEval));
    }

    void languageNoticeSpeaksTheChosenLanguage()
    {
        // The notice that the language changes at the next start is said in the language
        // chosen (a user who picks Chinese may not read English), then in the current one.
        auto window = makeWindow();
        QAction* chinese = window->findChild<QAction*>(QStringLiteral("language_zh_CN"));
        QVERIFY(chinese);
        QTimer::singleShot(0, [] {
            if (QWidget* box = QApplication::activeModalWidget())
                box->close();
        });
        chinese->trigger();
        const QString notice = window->lastLanguageNotice();
        QVERIFY2(notice.startsWith(QStringLiteral("语言将在下次启动")), qPrintable(notice));
        QVERIFY(notice.contains(QStringLiteral("The language changes the next time")));
        raglens::ui::saveLanguage(QString());
    }

    void shortcutsDialogListsTheKeys()
    {
        auto window = makeWindow();
        ShortcutsDialog dialog(window->shortcutActions());
        QMap<QString, QString> rows;
        for (int r = 0; r < dialog.table()->rowCount(); ++r)
            rows.insert(dialog.table()->item(r, 0)->text(), dialog.table()->item(r, 1)->text());
        QCOMPARE(rows.value(QStringLiteral("Next FALLBACK Run")), QStringLiteral("F7"));
        QCOMPARE(rows.value(QStringLiteral("Previous FALLBACK Run")), QStringLiteral("Shift+F7"));
        QCOMPARE(rows.value(QStringLiteral("Next NO_EVIDENCE Invocation")), QStringLiteral("F8"));
        QCOMPARE(rows.value(QStringLiteral("Next Retry Invocation")), QStringLiteral("F9"));
        QCOMPARE(rows.value(QStringLiteral("Filter Sessions")), QStringLiteral("Ctrl+F"));
        QCOMPARE(rows.value(QStringLiteral("Copy Trace JSON")), QStringLiteral("Ctrl+Shift+C"));
    }

    void staleLogIsCopiedOnce()
    {
        // A file whose write-ahead log nobody applied is read from one private copy: the
        // window's connection, its worker, each page of sessions and the facts index build
        // share it instead of copying the whole file again.
        QTemporaryDir temp;
        const QString live = m_dir.filePath(QStringLiteral("stale-live.db"));
        QCOMPARE(test::writeProductionFixture(live), QString());
        const QString stale = m_dir.filePath(QStringLiteral("stale/audit.db"));
        QVERIFY(QDir().mkpath(QFileInfo(stale).absolutePath()));
        QVERIFY(test::copyWithUnappliedLog(live, stale));
        const QByteArray oldTemp = qgetenv("TMPDIR");
        qputenv("TMPDIR", temp.path().toUtf8());
        const auto copies = [&] {
            int n = 0;
            for (const QString& d : QDir(temp.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                n += QFileInfo::exists(temp.filePath(d + QStringLiteral("/snapshot.db")));
            return n;
        };
        // Every connection's file, from whichever thread opens it: one private copy in all,
        // including those a job makes and drops before the end.
        QMutex mutex;
        QSet<QString> copiesRead;
        AuditDatabase::setConnectionHook([&](QSqlDatabase& db) {
            if (db.databaseName().contains(QLatin1String("snapshot.db"))) {
                QMutexLocker lock(&mutex);
                copiesRead.insert(db.databaseName());
            }
        });
        {
            auto window = makeWindow();
            QVERIFY(window->openDatabase(stale));
            QTRY_VERIFY(!window->sessionModel()->isLoading() &&
                        window->sessionModel()->matchingSessions() >= 0);
            // A session's runs and a run's events come through the worker.
            QAbstractItemModel* tree = window->sessionTree()->model();
            for (int row = 0; row < tree->rowCount(); ++row) {
                window->sessionTree()->setCurrentIndex(tree->index(row, 0));
                QTRY_VERIFY(!window->runView()->runId().isEmpty());
            }
            auto* facts = window->findChild<QLabel*>(QStringLiteral("factsIndexLabel"));
            QVERIFY(facts);
            QTRY_COMPARE_WITH_TIMEOUT(facts->text(), QStringLiteral("facts index"), 20000);
            // The audit check reads the database itself, through the same copy.
            auto* check = window->findChild<AuditCheckPanel*>();
            QVERIFY(check);
            window->workTabs()->setCurrentWidget(check);
            QSignalSpy checked(check, &AuditCheckPanel::checkFinished);
            check->runCheck();
            QVERIFY(checked.wait(20000));
            QCOMPARE(copies(), 1);
            AuditDatabase::setConnectionHook({});
            QMutexLocker lock(&mutex);
            QCOMPARE(copiesRead.size(), 1);
        }
        QCOMPARE(copies(), 0); // and it is gone with the window
        qputenv("TMPDIR", oldTemp);
        if (oldTemp.isEmpty())
            qunsetenv("TMPDIR");
    }

    void filterBarRoundTripsEveryChoice()
    {
        // Every choice of every filter control reads back as the same saved-view filters.
        SessionFilterBar bar;
        for (QComboBox* combo : bar.findChildren<QComboBox*>()) {
            if (combo->isEditable())
                continue;
            for (int i = 0; i < combo->count(); ++i) {
                bar.clear();
                combo->setCurrentIndex(i);
                const auto params = bar.filterParams();
                bar.clear();
                QCOMPARE(bar.applyParams(params), QStringList());
                QCOMPARE(combo->currentIndex(), i);
                QCOMPARE(bar.filterParams(), params);
            }
        }
    }

    void filterBarTakesAWritersOwnCodes()
    {
        // A saved view may name an attempt or retry reason the vocabulary does not know (a
        // newer agent's); it is offered and applied, as the CLI applies it. Not a code: left.
        SessionFilterBar bar;
        const QList<QPair<QString, QString>> own = {
            {QStringLiteral("retry-reason"), QStringLiteral("NO_USABLE_FILTERED_RESULT")}};
        QCOMPARE(bar.applyParams(own), QStringList());
        QCOMPARE(bar.filter().retryReason, QStringLiteral("NO_USABLE_FILTERED_RESULT"));
        QCOMPARE(bar.filterParams(), own);
        bar.clear();
        QCOMPARE(bar.applyParams({{QStringLiteral("attempt"), QStringLiteral("RERANKED")}}),
                 QStringList());
        QCOMPARE(bar.filter().selectedAttempt, QStringLiteral("RERANKED"));
        bar.clear();
        QCOMPARE(bar.applyParams({{QStringLiteral("attempt"), QStringLiteral("not a code")}}),
                 QStringList{QStringLiteral("attempt")});
        QCOMPARE(bar.filter().selectedAttempt, QString());
    }

    void savedViewsFromTheMenu()
    {
        AppSettings::instance().remove(QStringLiteral("views"));
        const auto fallbacks =
            SavedView::make(QStringLiteral("Fallbacks, last week"),
                            {{QStringLiteral("outcome"), QStringLiteral("FALLBACK")},
                             {QStringLiteral("since"), QStringLiteral("7d")}});
        QVERIFY(fallbacks);
        for (const auto& [key, value] : savedViewKeys({*fallbacks}))
            AppSettings::instance().setValue(key, value);
        auto window = makeWindow();
        QVERIFY(openFixture(*window));
        // A view saved before is on Alt+1, and recalls its filters, the window relative.
        QAction* first = window->findChild<QAction*>(QStringLiteral("actionView_1"));
        QVERIFY(first);
        QCOMPARE(first->shortcut(), QKeySequence(Qt::ALT | Qt::Key_1));
        first->trigger();
        QCOMPARE(window->filterBar()->filter().outcome, QStringLiteral("FALLBACK"));
        QCOMPARE(window->filterBar()->filterParams(), fallbacks->filters);
        // The current filters saved under a name become the next view, Alt+2.
        window->filterBar()->applyParams({{QStringLiteral("text"), QStringLiteral("pool")}});
        QTimer::singleShot(0, this, [] {
            auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
            if (dialog) {
                dialog->setTextValue(QStringLiteral("Pool questions"));
                dialog->accept();
            }
        });
        window->findChild<QAction*>(QStringLiteral("actionSaveView"))->trigger();
        QAction* second = window->findChild<QAction*>(QStringLiteral("actionView_2"));
        QVERIFY(second);
        QCOMPARE(second->text(), QStringLiteral("Pool questions"));
        // Saved where `raglens-cli sessions --view` reads them.
        AppSettings::instance().flush();
        QSettings settings;
        const QList<SavedView> views = loadSavedViews(settings);
        QCOMPARE(views.size(), 2);
        QCOMPARE(views[1].toText(),
                 QStringLiteral("raglens-view:?name=Pool%20questions&text=pool"));
        // Copied as text and pasted back (a colleague's copy): the same view.
        window->findChild<QAction*>(QStringLiteral("actionCopyView_1"))->trigger();
        QCOMPARE(QApplication::clipboard()->text(), fallbacks->toText());
        AppSettings::instance().remove(QStringLiteral("views"));
    }

    void themesKeepBadgesReadable_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << "light" << false;
        QTest::newRow("dark") << "dark" << true;
    }

    void themesKeepBadgesReadable()
    {
        QFETCH(QString, theme);
        QFETCH(bool, dark);
        auto window = makeWindow();
        window->action(QStringLiteral("actionTheme_") + theme)->trigger();
        const QPalette palette = QApplication::palette();
        QCOMPARE(isDarkPalette(palette), dark);
        QVERIFY(contrast(palette.color(QPalette::Text), palette.color(QPalette::Base)) >= 7.0);
        for (Tone tone : {Tone::Good, Tone::Warning, Tone::Critical, Tone::Info, Tone::Neutral})
            QVERIFY2(contrast(badgeForeground(tone, palette), badgeBackground(tone, palette)) >=
                         4.5,
                     qPrintable(QString::number(int(tone))));
        QCOMPARE(AppSettings::instance().value(QStringLiteral("ui/theme")).toString(), theme);
        window->action(QStringLiteral("actionTheme_system"))->trigger();
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
