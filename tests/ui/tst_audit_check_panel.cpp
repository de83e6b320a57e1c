// The Audit Check panel: honest states before a run (no database, nothing selected, not run
// yet), a check of the filter's window that lists every rule with what `raglens-cli check`
// prints, a broken row listed under its rule and opened in the session tree on activation,
// and a session scope that needs a selected session.

#include "auditcheck/audit_check_panel.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/sqlite_statements.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace raglens;
using namespace raglens::ui;
using nlohmann::json;

class TestAuditCheckPanel : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static void saveShot(QWidget& w, const char* name)
    {
        const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            w.grab().save(dir + QLatin1Char('/') + QLatin1String(name));
    }

private slots:
    void statesBeforeARun()
    {
        AuditCheckPanel panel;
        auto* run = panel.findChild<QPushButton*>(QStringLiteral("auditCheckRun"));
        QVERIFY(run);
        QVERIFY(!run->isEnabled());
        QVERIFY(panel.statusText().contains(QLatin1String("No database")));
        const QString path = m_dir.filePath(QStringLiteral("states.db"));
        QCOMPARE(test::writeProductionFixture(path), QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        panel.setDatabase(db->get());
        QVERIFY(run->isEnabled()); // the window: the whole database
        QVERIFY(panel.statusText().contains(QLatin1String("Not run yet")));
        panel.setScope(AuditCheckPanel::Scope::Session);
        QVERIFY(!run->isEnabled());
        QVERIFY(run->toolTip().contains(QLatin1String("Select a session")));
        panel.setSelection(test::fixture::kFallbackSession, QString());
        QVERIFY(run->isEnabled());
        panel.setScope(AuditCheckPanel::Scope::Run);
        QVERIFY(!run->isEnabled());
    }

    void aWindowCheckShowsWhatTheCliPrints()
    {
        const QString path = m_dir.filePath(QStringLiteral("broken.db"));
        QCOMPARE(test::writeProductionFixture(path), QString());
        {
            QSqlDatabase raw =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("break"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            QVERIFY(
                q.exec(QStringLiteral("UPDATE agent_step SET has_tool_call = 1 WHERE id = 963")));
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("break"));
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        AuditCheckPanel panel;
        panel.resize(1100, 600);
        panel.show();
        panel.setDatabase(db->get());
        QSignalSpy finished(&panel, &AuditCheckPanel::checkFinished);
        panel.runCheck();
        QVERIFY(panel.isRunning() || finished.count() == 1);
        QVERIFY(finished.wait(20000) || finished.count() == 1);
        QCOMPARE(finished.first().first().toBool(), false);

        const test::CliResult cli =
            test::runCli({QStringLiteral("check"), QStringLiteral("--db"), path});
        QCOMPARE(cli.exitCode, 1);
        QTreeWidget* rules = panel.rulesView();
        QCOMPARE(rules->topLevelItemCount(), int(cli.json["rules"].size()));
        for (int i = 0; i < rules->topLevelItemCount(); ++i) {
            const json& r = cli.json["rules"][size_t(i)];
            QCOMPARE(rules->topLevelItem(i)->text(0),
                     QString::fromStdString(r["verdict"].get<std::string>()));
            QCOMPARE(rules->topLevelItem(i)->data(0, Qt::UserRole).toString(),
                     QString::fromStdString(r["id"].get<std::string>()));
        }
        // The failed rule is chosen and its row listed; activating it asks for the tree.
        QCOMPARE(rules->currentItem()->data(0, Qt::UserRole).toString(),
                 QStringLiteral("step_binding"));
        QTreeWidget* findings = panel.findingsView();
        QCOMPARE(findings->topLevelItemCount(), 1);
        QCOMPARE(findings->topLevelItem(0)->text(0), QStringLiteral("agent_step"));
        QCOMPARE(findings->topLevelItem(0)->text(1), QStringLiteral("963"));
        QVERIFY(panel.statusText().contains(QLatin1String("Some rules failed")));
        saveShot(panel, "audit-check.png");
        QSignalSpy activated(&panel, &AuditCheckPanel::rowActivated);
        emit findings->itemActivated(findings->topLevelItem(0), 0);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().at(0).toString(), test::fixture::kFallbackSession);
        QCOMPARE(activated.first().at(1).toString(), test::fixture::kFallbackRun);
    }

    void aCallWithoutARunIdIsNamedAndOpens()
    {
        const QString path = m_dir.filePath(QStringLiteral("runless.db"));
        QCOMPARE(test::writeProductionFixture(path), QString());
        QCOMPARE(test::execOnSqliteFile(
                     path, {QStringLiteral("INSERT INTO tool_invocation (id, run_id, session_id, "
                                           "tool_name, input_params) VALUES (9100, NULL, '%1', "
                                           "'get_logs', '{\"api_key\":\"plain-but-secret-42\"}')")
                                .arg(test::fixture::kFallbackSession)}),
                 QString());
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        AuditCheckPanel panel;
        panel.setDatabase(db->get());
        QSignalSpy finished(&panel, &AuditCheckPanel::checkFinished);
        panel.runCheck();
        QVERIFY(finished.wait(20000) || finished.count() == 1);
        QTreeWidget* rules = panel.rulesView();
        for (int i = 0; i < rules->topLevelItemCount(); ++i)
            if (rules->topLevelItem(i)->data(0, Qt::UserRole).toString() ==
                QLatin1String("secrets"))
                rules->setCurrentItem(rules->topLevelItem(i));
        QTreeWidget* findings = panel.findingsView();
        QCOMPARE(findings->topLevelItemCount(), 1);
        QCOMPARE(findings->topLevelItem(0)->text(1), QStringLiteral("9100"));
        QCOMPARE(findings->topLevelItem(0)->text(2), QStringLiteral("(no run id)"));
        // Activated, it asks for the call under its session's placeholder run.
        QSignalSpy activated(&panel, &AuditCheckPanel::rowActivated);
        emit findings->itemActivated(findings->topLevelItem(0), 0);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().at(0).toString(), test::fixture::kFallbackSession);
        QCOMPARE(activated.first().at(1).toString(), QString());
        QCOMPARE(activated.first().at(2).toLongLong(), qint64(9100));
    }

    void aBadRulesFileIsReportedNotRun()
    {
        const QString path = m_dir.filePath(QStringLiteral("rules-db.db"));
        QCOMPARE(test::writeProductionFixture(path), QString());
        const QString rules = m_dir.filePath(QStringLiteral("bad-rules.json"));
        QFile f(rules);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"rules\": {\"no_such_rule\": false}}");
        f.close();
        auto db = AuditDatabase::open(path, AccessMode::Inspect);
        QVERIFY(db);
        AuditCheckPanel panel;
        panel.setDatabase(db->get());
        panel.setRulesFile(rules);
        panel.runCheck();
        QVERIFY(!panel.isRunning());
        QVERIFY(panel.statusText().contains(QLatin1String("no_such_rule")));
        QCOMPARE(panel.rulesView()->topLevelItemCount(), 0);
    }
};

QTEST_MAIN(TestAuditCheckPanel)
#include "tst_audit_check_panel.moc"
