// The GUI says what core's interpretation says: every session, run and invocation of the
// demo workspace, the production fixture and a generated database of random rows shows the
// same evidence status, failure kind, fallback cause, session outcome, truncation and
// verdict in the tree and on the summary card; and the inconsistencies once seen on the
// demo workspace stay gone (a session with one FALLBACK run, a run whose fallback was a
// failed tool, the two truncations, the Invocation and Full trace tabs of one lookup).

#include "demo/demo_workspace.h"
#include "eval/eval_panel.h"
#include "invocation/agent_view.h"
#include "invocation/context_pack_view.h"
#include "invocation/invocation_view.h"
#include "invocation/lookup_result_view.h"
#include "invocation/summary_card.h"
#include "kb/knowledge_base.h"
#include "lookup/lookup_engine.h"
#include "lookup/rag_result_projector.h"
#include "mainwindow/language.h"
#include "mainwindow/main_window.h"
#include "replay/replay_dialog.h"
#include "run/run_gantt_widget.h"
#include "run/run_view.h"
#include "sessions/session_filter_bar.h"
#include "sessions/session_tree_model.h"
#include "support/audit_facts.h"
#include "support/fixture_db.h"
#include "support/offscreen_screen.h"
#include "support/random_audit_db.h"
#include "trace/audit_browser.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;
using Kind = SessionTreeModel::Kind;
using Role = SessionTreeModel::Role;

class TestConsistencyViews : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demo;
    std::map<QString, QString> m_paths;

    // With RAGLENS_SCREENSHOT_DIR set, the README's screenshots of these states are saved.
    static void maybeSave(QWidget& w, const QString& name)
    {
        const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR");
        if (dir.isEmpty())
            return;
        QTest::qWait(300); // late layouts and fonts
        QVERIFY(w.grab().save(QDir(dir).filePath(name)));
    }

    static void showWindow(MainWindow& window)
    {
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
    }

    static void fetchAll(QAbstractItemModel& model, const QModelIndex& parent = {})
    {
        if (model.canFetchMore(parent))
            model.fetchMore(parent);
        for (int r = 0; r < model.rowCount(parent); ++r)
            fetchAll(model, model.index(r, 0, parent));
    }

    static QModelIndex findSession(const QAbstractItemModel& model, const QString& id)
    {
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, 0).data(Role::SessionIdRole).toString() == id)
                return model.index(r, 0);
        return {};
    }

    // Walks the loaded tree and checks each node against core's facts.
    static void checkNodes(const SessionTreeModel& model, const test::AuditFacts& facts,
                           const QModelIndex& parent, int& invocations)
    {
        for (int r = 0; r < model.rowCount(parent); ++r) {
            const QModelIndex i = model.index(r, 0, parent);
            switch (Kind(i.data(Role::KindRole).toInt())) {
            case Kind::Session: {
                const QString id = i.data(Role::SessionIdRole).toString();
                const interpret::SessionOutcome& o = facts.sessions.at(id);
                QCOMPARE(i.data(Role::OutcomeRole).toString(), o.outcome);
                QCOMPARE(model.index(r, SessionTreeModel::OutcomeColumn, parent).data().toString(),
                         o.label());
                break;
            }
            case Kind::Run: {
                const QString id = i.data(Role::RunIdRole).toString();
                const auto cause = facts.causes.find(id);
                // A run without its row (an orphan) did not fall back as far as anyone knows.
                QCOMPARE(i.data(Role::FallbackCauseRole).toString(),
                         interpret::fallbackCauseName(
                             cause == facts.causes.end() ? interpret::FallbackCauseKind::NotFallback
                                                         : cause->second.kind));
                break;
            }
            case Kind::Invocation: {
                ++invocations;
                const qint64 id = i.data(Role::InvocationIdRole).toLongLong();
                const interpret::InvocationFacts& x = facts.invocations.at(id);
                QCOMPARE(i.data(Role::EvidenceStatusRole).toString(),
                         interpret::evidenceStatusName(x.evidenceStatus));
                QCOMPARE(i.data(Role::FailureKindRole).toString(),
                         interpret::failureKindName(x.failureKind));
                QCOMPARE(model.index(r, SessionTreeModel::EvidenceStatusColumn, parent)
                             .data()
                             .toString(),
                         interpret::evidenceStatusName(x.evidenceStatus));
                break;
            }
            default:
                break;
            }
            checkNodes(model, facts, i, invocations);
        }
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_demo = m_dir.filePath(QStringLiteral("demo"));
        QVERIFY(DemoWorkspace::create(m_demo).ok());
        m_paths[QStringLiteral("demo")] = m_demo + QStringLiteral("/audit.db");
        m_paths[QStringLiteral("fixture")] = m_dir.filePath(QStringLiteral("fixture.db"));
        QCOMPARE(test::writeProductionFixture(m_paths[QStringLiteral("fixture")]), QString());
        m_paths[QStringLiteral("generated")] = m_dir.filePath(QStringLiteral("generated.db"));
        QCOMPARE(test::writeRandomAuditDb(m_paths[QStringLiteral("generated")], {3000, 7}),
                 QString());
    }

    void treeAndCardMatchCore_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto& [name, path] : m_paths)
            QTest::newRow(qPrintable(name)) << name;
    }
    void treeAndCardMatchCore()
    {
        QFETCH(QString, name);
        auto db = AuditDatabase::open(m_paths.at(name));
        QVERIFY(db.ok());
        test::AuditFacts facts;
        QCOMPARE(facts.read(**db), QString());
        SessionTreeModel model;
        model.setPageSize(100000);
        model.setDatabase(db->get());
        QTRY_VERIFY(!model.isLoading() && model.matchingSessions() >= 0);
        fetchAll(model);
        int invocations = 0;
        checkNodes(model, facts, {}, invocations);
        // Every call of a listed session is in the tree, orphans (no run row) included: a
        // call under its run row's session, whatever session it names itself.
        int expected = 0;
        for (const auto& [id, row] : facts.rows) {
            const auto run = facts.runs.find(row.runId);
            const QString placed =
                !row.runId.isEmpty() && run != facts.runs.end() && !run->second.sessionId.isNull()
                    ? run->second.sessionId
                    : row.sessionId;
            expected += facts.sessions.count(placed) ? 1 : 0;
        }
        QCOMPARE(invocations, expected);

        // The card: the same status, truncation words and verdict for every row.
        SummaryCard card;
        for (const auto& [id, row] : facts.rows) {
            const interpret::InvocationFacts& x = facts.invocations.at(id);
            card.setInvocation(row);
            const QString where = QStringLiteral("invocation %1").arg(id);
            QVERIFY2(card.verdictText() == x.verdict, qPrintable(where));
            if (!card.facts().isRetrieval)
                continue;
            const QString status = card.fieldText(SummaryCard::EvidenceStatusField);
            const QString expected = x.evidenceStatus == interpret::EvidenceStatus::NotApplicable
                                         ? SummaryCard::tr("not a lookup")
                                     : x.evidenceStatus == interpret::EvidenceStatus::Unknown
                                         ? SummaryCard::tr("unknown")
                                         : interpret::evidenceStatusName(x.evidenceStatus);
            QVERIFY2(status == expected, qPrintable(where + QStringLiteral(": ") + status +
                                                    QStringLiteral(" vs ") + expected));
            QVERIFY2(card.fieldText(SummaryCard::TruncationField)
                         .startsWith(interpret::truncationLabel(x.truncation)),
                     qPrintable(where));
        }
    }

    void sessionWithOneFallbackRunIsFallbackEverywhere()
    {
        MainWindow window;
        showWindow(window);
        QVERIFY(window.openDatabase(m_paths.at(QStringLiteral("demo"))));
        QAbstractItemModel* tree = window.sessionTree()->model();
        QTRY_VERIFY(findSession(*tree, QStringLiteral("sess-demo-011")).isValid());
        const auto outcomeText = [&] {
            const QModelIndex s = findSession(*tree, QStringLiteral("sess-demo-011"));
            return tree->index(s.row(), SessionTreeModel::OutcomeColumn).data().toString();
        };
        QCOMPARE(outcomeText(), QStringLiteral("FALLBACK · 1 of 2 runs"));
        QTest::mouseClick(window.filterBar()->fallbackRunsButton(), Qt::LeftButton);
        QTRY_VERIFY(findSession(*tree, QStringLiteral("sess-demo-011")).isValid());
        QCOMPARE(outcomeText(), QStringLiteral("FALLBACK · 1 of 2 runs"));
        window.sessionTree()->setCurrentIndex(findSession(*tree, QStringLiteral("sess-demo-011")));
        maybeSave(window, QStringLiteral("fallback-runs.png"));
    }

    void failedToolRunShowsItsCause()
    {
        MainWindow window;
        showWindow(window);
        QVERIFY(window.openDatabase(m_paths.at(QStringLiteral("demo"))));
        QAbstractItemModel* tree = window.sessionTree()->model();
        QTRY_VERIFY(findSession(*tree, QStringLiteral("sess-demo-014")).isValid());
        const QModelIndex session = findSession(*tree, QStringLiteral("sess-demo-014"));
        window.sessionTree()->setCurrentIndex(session);
        // (Its runs and their rows are read in the worker.)
        QTRY_COMPARE(window.runView()->runId(), QStringLiteral("run-demo-014-a"));
        // The Lookup tab names the failed call and its error, not "Success: yes".
        InvocationView* view = window.invocationView();
        QTRY_VERIFY(view->runCauseText().contains(QStringLiteral("query_logs")));
        QVERIFY(view->runCauseText().contains(QStringLiteral("log query timed out")));
        QCOMPARE(view->summaryCard()->fieldText(SummaryCard::SuccessField), SummaryCard::tr("no"));
        // The run view's header gives the same cause, not only the reason the agent recorded.
        QVERIFY2(
            window.runView()->titleText().contains(
                RunView::tr(" · fallback cause: %1")
                    .arg(interpret::fallbackCauseLabel(interpret::FallbackCauseKind::ToolError))),
            qPrintable(window.runView()->titleText()));
        QCOMPARE(view->summaryCard()->fieldText(SummaryCard::ToolField),
                 QStringLiteral("query_logs"));
        // On the run's timeline the failed call is red and outlined, and 0 ms calls are bars.
        int failed = 0;
        for (const GanttItem& item : window.runView()->gantt()->layoutData().items) {
            if (item.type != GanttItem::Type::Invocation)
                continue;
            if (item.failed) {
                ++failed;
                QCOMPARE(item.tone, Tone::Critical);
            }
            QVERIFY(window.runView()->gantt()->itemRect(item).width() >= 8);
        }
        QCOMPARE(failed, 1);
        maybeSave(window, QStringLiteral("run-fallback-cause-tool-error.png"));
    }

    void emptyLookupOffersReplayThatTellsTheCause()
    {
        MainWindow window;
        showWindow(window);
        QVERIFY(window.openWorkspace(m_demo));
        // The workspace's eval set is the Evaluation panel's, ready to run offline.
        auto* eval = window.findChild<EvalPanel*>();
        QVERIFY(eval);
        QCOMPARE(eval->evalSetPath(), m_demo + QStringLiteral("/eval/demo.jsonl"));
        QAbstractItemModel* tree = window.sessionTree()->model();
        // A question the runbooks do not cover (resetting an SAP password).
        QTRY_VERIFY(findSession(*tree, QStringLiteral("sess-demo-005")).isValid());
        // One click on the session opens its FALLBACK run's empty lookup.
        window.sessionTree()->setCurrentIndex(findSession(*tree, QStringLiteral("sess-demo-005")));
        InvocationView* view = window.invocationView();
        QTRY_COMPARE(view->summaryCard()->fieldText(SummaryCard::EvidenceStatusField),
                     QStringLiteral("NO_EVIDENCE"));
        QVERIFY(view->runCauseText().contains(QStringLiteral("no evidence")));
        // The header says "no evidence" too, with the agent's own words named apart.
        const QString title = window.runView()->titleText();
        QVERIFY2(title.contains(RunView::tr(" · fallback cause: %1")
                                    .arg(interpret::fallbackCauseLabel(
                                        interpret::FallbackCauseKind::NoEvidence))),
                 qPrintable(title));
        QVERIFY2(
            !title.contains(
                RunView::tr(" · fallback cause: %1").arg(QStringLiteral("INSUFFICIENT_EVIDENCE"))),
            qPrintable(title));
        QTRY_VERIFY(view->offersReplay());
        auto* offer = view->findChild<QPushButton*>(QStringLiteral("replayOffer"));
        QVERIFY(offer);
        offer->click();
        ReplayDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<ReplayDialog*>()) != nullptr);
        QTRY_VERIFY(dialog->hasDiff());
        // The same knowledge base recorded it: the local lookup is empty too, a coverage gap.
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("coverage")));
        dialog->close();
        maybeSave(window, QStringLiteral("drilldown-empty-replay-offer.png"));
    }

    void bothTabsOfALookupAgreeOnTruncation()
    {
        // Every demo lookup with a full-trace sample: the Invocation tab (the audit row)
        // and the Full trace tab (the whole LookupResult) say the same thing.
        auto db = AuditDatabase::open(m_paths.at(QStringLiteral("demo")));
        QVERIFY(db.ok());
        test::AuditFacts facts;
        QCOMPARE(facts.read(**db), QString());
        InvocationView view;
        int compared = 0;
        for (const auto& [id, row] : facts.rows) {
            auto full = AuditBrowser(**db).invocation(id);
            QVERIFY(full.ok());
            if (full->fullTrace.is_null())
                continue;
            view.setInvocation(*full);
            const auto* fullTrace = view.findChild<LookupResultView*>();
            QVERIFY(fullTrace);
            QCOMPARE(view.summaryCard()->fieldText(SummaryCard::TruncationField),
                     fullTrace->summaryCard()->fieldText(SummaryCard::TruncationField));
            QCOMPARE(view.summaryCard()->fieldText(SummaryCard::EvidenceStatusField),
                     fullTrace->summaryCard()->fieldText(SummaryCard::EvidenceStatusField));
            ++compared;
        }
        QVERIFY(compared >= 5);
    }

    void consoleTraceAndAgentSidesAgree()
    {
        // A console lookup: the trace side, the context pack and the agent side name the same
        // cut the same way, and never call one side "complete" while the other is cut.
        auto kb = KnowledgeBase::open(m_demo + QStringLiteral("/kb"));
        QVERIFY(kb.ok());
        const LookupEngine engine(*kb);
        int agentCuts = 0;
        for (const char* query :
             {"HikariPool connection is not available, request timed out",
              "Pod CrashLoopBackOff after a release", "Redis latency spikes and slowlog",
              "节点磁盘快满了，很多 Pod 被 Evicted"}) {
            LookupRequest request;
            request.query = QString::fromUtf8(query);
            const LookupResult r = engine.lookup(request);
            const RagToolResult agentResult = RagResultProjector::project(r);
            SummaryCard card;
            card.setLookupResult(r);
            AgentView agent;
            agent.setResult(agentResult);
            ContextPackView pack;
            pack.setContextPack(r.contextPack);
            const QString cardText = card.fieldText(SummaryCard::TruncationField);
            const QString agentText = agent.readableView()->toPlainText();
            if (agentResult.truncated) {
                ++agentCuts;
                interpret::Truncation t;
                t.agent = true;
                t.any = true;
                QVERIFY(cardText.contains(interpret::truncationLabel(t)));
                QVERIFY(agentText.contains(interpret::truncationLabel(t)));
                QVERIFY(!cardText.contains(SummaryCard::tr("complete")));
            }
            // "cut to fit the context budget" is said only when the pack was cut.
            QCOMPARE(pack.summaryText().contains(QStringLiteral("budget")),
                     r.contextPack.truncated);
            QVERIFY(!agentText.contains(QStringLiteral("context budget")) ||
                    r.contextPack.truncated);
        }
        QVERIFY(agentCuts > 0);
    }

    // Last: it installs the Chinese translators for the rest of the process.
    void agentWireTextIsNeverTranslated()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RagLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_consistency_views"));
        saveLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(installTranslators(), QStringLiteral("zh_CN"));
        QVERIFY(SummaryCard::tr("unknown") != QStringLiteral("unknown")); // the UI is Chinese
        auto kb = KnowledgeBase::open(m_demo + QStringLiteral("/kb"));
        QVERIFY(kb.ok());
        LookupRequest request;
        request.query = QStringLiteral("Redis latency spikes and slowlog");
        const LookupResult r = LookupEngine(*kb).lookup(request);
        const RagToolResult wire = RagResultProjector::project(r);
        // The hint is what the model reads: English whatever the interface language.
        for (const QChar c : wire.completenessHint)
            QVERIFY2(c.unicode() < 0x2E80, qPrintable(wire.completenessHint));
        AgentView agent;
        agent.setResult(wire);
        QCOMPARE(nlohmann::json::parse(agent.jsonText().toStdString()), nlohmann::json(wire));
        saveLanguage(QString());
    }
};

// Photographed at desktop size: on a 1920×1080 screen the 1400×900 window is not shrunk.
RAGLENS_TEST_MAIN_ON_SCREEN(TestConsistencyViews, 1920, 1080)
#include "tst_consistency_views.moc"
