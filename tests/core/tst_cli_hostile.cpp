// Bad input to raglens-cli gets a clear refusal and the right exit code — never a silent
// "success" with a meaning nobody asked for: NaN and infinite numbers, absurd ages and
// thread counts, stray arguments, an empty workspace path, output that cannot be written,
// and knowledge-base folders holding devices and FIFOs.

#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/sqlite_statements.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStringEncoder>

#include <sys/stat.h>
#include <unistd.h>

using namespace raglens::test;

class TestCliHostile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;

private slots:
    void initTestCase()
    {
        m_db = m_dir.filePath(QStringLiteral("audit.db"));
        QCOMPARE(writeProductionFixture(m_db), QString());
    }

    void refusedAsBadUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        const QString db = m_db;
        const QString kb = m_dir.filePath(QStringLiteral("no-kb"));
        QTest::newRow("record --sample-rate nan")
            << QStringList{"record", "--kb",          kb,    "--db", db, "--session",
                           "s",      "--sample-rate", "nan", "q"}
            << "--sample-rate";
        QTest::newRow("eval --tolerance nan")
            << QStringList{"eval", "--kb", kb, "--set", "x.jsonl", "--tolerance", "nan"}
            << "--tolerance";
        QTest::newRow("eval --latency-tolerance inf")
            << QStringList{"eval", "--kb", kb, "--set", "x.jsonl", "--latency-tolerance", "inf"}
            << "--latency-tolerance";
        QTest::newRow("eval --threads 100000")
            << QStringList{"eval", "--kb", kb, "--set", "x.jsonl", "--threads", "100000"}
            << "--threads";
        QTest::newRow("eval stray argument")
            << QStringList{"eval", "--kb", kb, "--set", "x.jsonl", "extra"} << "extra";
        QTest::newRow("diagnose --low-quality nan")
            << QStringList{"diagnose", "--db", db, "--invocation", "860", "--low-quality", "nan"}
            << "--low-quality";
        QTest::newRow("diagnose stray argument")
            << QStringList{"diagnose", "--db", db, "--invocation", "860", "extra"} << "extra";
        QTest::newRow("sessions --since 1000000000000d")
            << QStringList{"sessions", "--db", db, "--since", "1000000000000d"} << "--since";
        QTest::newRow("health --since 99999999999h")
            << QStringList{"health", "--db", db, "--since", "99999999999h"} << "--since";
        // A time that does not exist is not its date's midnight.
        QTest::newRow("health --since hour 25")
            << QStringList{"health", "--db", db, "--since", "2026-11-28T25:00:00Z"} << "--since";
        QTest::newRow("sessions --since 99:99:99")
            << QStringList{"sessions", "--db", db, "--since", "2026-11-28T99:99:99Z"} << "--since";
        QTest::newRow("check --until zone +25:00")
            << QStringList{"check", "--db", db, "--until", "2026-11-28T10:00:00+25:00"}
            << "--until";
        QTest::newRow("sessions reversed window")
            << QStringList{"sessions", "--db", db, "--since", "2026-11-28", "--until", "2026-11-27"}
            << "--until";
        QTest::newRow("demo --workspace ''")
            << QStringList{"demo", "--workspace", ""} << "--workspace";
        // An empty --out wrote to stdout as if none were given.
        QTest::newRow("problems --out ''")
            << QStringList{"problems", "--db", db, "--out", ""} << "--out needs a file name";
        QTest::newRow("export --out ''")
            << QStringList{"export", "--db", db, "sess-fallback-0001", "--out", ""}
            << "--out needs a file name";
    }
    void refusedAsBadUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        const CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!r.crashed);
        QVERIFY2(r.err.contains(mentions.toUtf8()), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void importRefusesValuesItCannotKeep()
    {
        // Each of these used to be "repaired" silently: a bad time became now, a bad step id
        // NULL, -1e308 ms the smallest 64-bit integer, a run landed in another session.
        const QString target = m_dir.filePath(QStringLiteral("import-target.db"));
        QVERIFY(runCli({QStringLiteral("import"), QStringLiteral("--db"), target,
                        QStringLiteral("/nonexistent.json")})
                    .exitCode == 1);
        const nlohmann::json trace = {
            {"sessionId", "s-import"},
            {"runs", {{{"runId", "r1"}, {"sessionId", "s-other"}, {"startedAt", "yesterday-ish"}}}},
            {"steps", nlohmann::json::array()},
            {"toolInvocations",
             {{{"id", 1},
               {"runId", "r1"},
               {"stepId", "seven"},
               {"toolName", "lookup_knowledge"},
               {"durationMs", -1e308},
               {"createdAt", "2026-13-45T99:00:00Z"}}}},
            {"timeline", nlohmann::json::array()},
            {"feedback", nlohmann::json::array()}};
        const QString file = m_dir.filePath(QStringLiteral("bad-trace.json"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(trace.dump()));
        out.close();
        const CliResult r =
            runCli({QStringLiteral("import"), QStringLiteral("--db"), target, file});
        QCOMPARE(r.exitCode, 1);
        for (const char* path :
             {"runs[0].sessionId", "runs[0].startedAt", "toolInvocations[0].stepId",
              "toolInvocations[0].durationMs", "toolInvocations[0].createdAt"})
            QVERIFY2(r.err.contains(path), r.err.constData());
        // Nothing was written.
        const CliResult sessions =
            runCli({QStringLiteral("sessions"), QStringLiteral("--db"), target});
        QVERIFY(sessions.exitCode != 0 || sessions.json.value("total", -1) == 0);
    }

    void unwritableOutputFails()
    {
        // `export > /dev/full`: the document never arrived, so the command failed.
        struct stat device = {};
        if (::stat("/dev/full", &device) != 0 || !S_ISCHR(device.st_mode))
            QSKIP("/dev/full is not the device that refuses every write on this machine");
        QProcess p;
        p.setStandardOutputFile(QStringLiteral("/dev/full"));
        p.start(QStringLiteral(RAGLENS_CLI_PATH), {QStringLiteral("export"), QStringLiteral("--db"),
                                                   m_db, QStringLiteral("sess-fallback-0001")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardError().contains("could not write the output"));
    }

    // --out naming the audit database (or its journal, or a link to it) would replace it
    // with JSON or HTML: refused, and the database is left exactly as it was.
    void outputNeverReplacesADatabase()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("foreign.db"));
        QVERIFY(QFile::copy(m_db, db));
        const QString link = dir.filePath(QStringLiteral("link.db"));
        QVERIFY(QFile::link(db, link));
        const auto digest = [](const QString& path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        const QByteArray before = digest(db);
        const QString session = QStringLiteral("sess-fallback-0001");
        const QString db2 = dir.path() + QStringLiteral("/./foreign.db");
        for (const QStringList& args :
             {QStringList{QStringLiteral("export"), QStringLiteral("--db"), db, session,
                          QStringLiteral("--out"), db},
              QStringList{QStringLiteral("export"), QStringLiteral("--db"), db, session,
                          QStringLiteral("--format"), QStringLiteral("otlp"),
                          QStringLiteral("--out"), link},
              QStringList{QStringLiteral("problems"), QStringLiteral("--db"), db,
                          QStringLiteral("--out"), db},
              QStringList{QStringLiteral("report"), QStringLiteral("--db"), db, session,
                          QStringLiteral("--out"), db2}}) {
            const CliResult r = runCli(args);
            QVERIFY2(r.exitCode == 1, qPrintable(args.join(QLatin1Char(' ')) + QLatin1Char('\n') +
                                                 QString::fromUtf8(r.err)));
            QVERIFY2(r.err.contains("an SQLite database"), r.err.constData());
            QCOMPARE(digest(db), before);
        }
        // Another file is written as before.
        QCOMPARE(runCli({QStringLiteral("export"), QStringLiteral("--db"), db, session,
                         QStringLiteral("--out"), dir.filePath(QStringLiteral("trace.json"))})
                     .exitCode,
                 0);
    }

    // A key column missing (the calls' run_id, the runs' session_id) leaves no query with a
    // meaning: every reader says which column, once, instead of an SQL error after a dump
    // of the statement, and the facts index is not half built first.
    void missingKeyColumnsAreNamed_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("kept");
        QTest::newRow("calls without run_id")
            << QStringLiteral("tool_invocation") << QStringLiteral("run_id")
            << QStringLiteral("id, session_id, tool_name, retrieval_details, created_at");
        QTest::newRow("runs without session_id")
            << QStringLiteral("diagnosis_run") << QStringLiteral("session_id")
            << QStringLiteral("run_id, question, status, started_at");
    }
    void missingKeyColumnsAreNamed()
    {
        QFETCH(QString, table);
        QFETCH(QString, column);
        QFETCH(QString, kept);
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("keyless.db"));
        QVERIFY(QFile::copy(m_db, db));
        QFile::setPermissions(db, QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(execOnSqliteFile(
                     db, {QStringLiteral("CREATE TABLE t2 AS SELECT %1 FROM %2").arg(kept, table),
                          QStringLiteral("DROP TABLE %1").arg(table),
                          QStringLiteral("ALTER TABLE t2 RENAME TO %1").arg(table)}),
                 QString());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("RAGLENS_CACHE_DIR"), dir.filePath(QStringLiteral("cache")));
        for (const QStringList& args :
             {QStringList{QStringLiteral("sessions"), QStringLiteral("--db"), db},
              QStringList{QStringLiteral("health"), QStringLiteral("--db"), db},
              QStringList{QStringLiteral("index"), QStringLiteral("--db"), db},
              QStringList{QStringLiteral("trace"), QStringLiteral("--db"), db,
                          QStringLiteral("sess-fallback-0001")}}) {
            const CliResult r = runCli(args, {}, env);
            const QString what = args.first() + QStringLiteral(": ") + QString::fromUtf8(r.err);
            QVERIFY2(r.exitCode == 1, qPrintable(what));
            QVERIFY2(
                r.err.contains(
                    QStringLiteral("no %1 column in its %2 table").arg(column, table).toUtf8()),
                qPrintable(what));
            QVERIFY2(!r.err.contains("SELECT") && !r.err.contains("indexed"), qPrintable(what));
        }
    }

    void ingestSkipsDevicesAndFifos()
    {
        const QString source = m_dir.filePath(QStringLiteral("src"));
        QVERIFY(QDir().mkpath(source + QStringLiteral("/ops")));
        QFile doc(source + QStringLiteral("/ops/real.md"));
        QVERIFY(doc.open(QIODevice::WriteOnly));
        doc.write("# Disk full\n\nFree space on the node, then restart the pod.\n");
        doc.close();
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), source + QStringLiteral("/ops/zero.md")));
        QCOMPARE(
            ::mkfifo(QFile::encodeName(source + QStringLiteral("/ops/pipe.md")).constData(), 0600),
            0);
        QProcess p;
        p.start(QStringLiteral(RAGLENS_CLI_PATH), {QStringLiteral("ingest"), QStringLiteral("--kb"),
                                                   m_dir.filePath(QStringLiteral("kb")), source});
        QVERIFY2(p.waitForFinished(60000), "ingest read a device or blocked on a FIFO");
        QCOMPARE(p.exitCode(), 0);
        const QByteArray out = p.readAllStandardOutput() + p.readAllStandardError();
        QVERIFY2(out.contains("not a regular file"), out.constData());
    }

    void ingestSaysWhyEachFileWasLeftOut()
    {
        // UTF-16 text with its byte-order mark is read; when nothing is left to ingest the
        // error lists why each file was skipped instead of only "no documents".
        const QString source = m_dir.filePath(QStringLiteral("encodings"));
        QVERIFY(QDir().mkpath(source + QStringLiteral("/db")));
        const auto write = [&](const char* name, const QByteArray& bytes) {
            QFile f(source + QStringLiteral("/db/") + QLatin1String(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        };
        QStringEncoder utf16(QStringEncoder::Utf16LE, QStringEncoder::Flag::WriteBom);
        write("pool.md", utf16(QString::fromUtf8("# 连接池耗尽\n\nRaise maxPoolSize.\n")));
        write("gbk.md", QByteArray("# \xc1\xac\xbd\xd3\n\xb3\xac\xca\xb1\n")); // GBK bytes
        const QString kb = m_dir.filePath(QStringLiteral("encodings-kb"));
        const CliResult read =
            runCli({QStringLiteral("ingest"), QStringLiteral("--kb"), kb, source});
        QCOMPARE(read.exitCode, 0);
        QCOMPARE(read.json.value("documents", 0), 1);
        const CliResult found = runCli(
            {QStringLiteral("lookup"), QStringLiteral("--kb"), kb, QStringLiteral("maxPoolSize")});
        QVERIFY2(found.out.contains("db/pool"), found.out.constData());

        QFile::remove(source + QStringLiteral("/db/pool.md"));
        const CliResult none = runCli({QStringLiteral("ingest"), QStringLiteral("--kb"),
                                       m_dir.filePath(QStringLiteral("encodings-kb-2")), source});
        QCOMPARE(none.exitCode, 1);
        QVERIFY2(none.err.contains("gbk.md: not valid UTF-8 text"), none.err.constData());
    }

    void manifestSettingsAreCheckedWhenRead()
    {
        // A hand-edited manifest with settings of the wrong type or range is refused with
        // what is wrong, never read as defaults or clamped quietly.
        const QString source = m_dir.filePath(QStringLiteral("settings-src/ops"));
        QVERIFY(QDir().mkpath(source));
        QFile doc(source + QStringLiteral("/disk.md"));
        QVERIFY(doc.open(QIODevice::WriteOnly));
        doc.write("# Disk full\n\nFree space on the node, then restart the pod.\n");
        doc.close();
        const QString kb = m_dir.filePath(QStringLiteral("settings-kb"));
        QCOMPARE(runCli({QStringLiteral("ingest"), QStringLiteral("--kb"), kb,
                         m_dir.filePath(QStringLiteral("settings-src"))})
                     .exitCode,
                 0);
        QFile manifest(kb + QStringLiteral("/manifest.json"));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const nlohmann::json saved = nlohmann::json::parse(manifest.readAll().toStdString());
        manifest.close();
        const auto lookupWith = [&](const nlohmann::json& m) {
            QFile out(kb + QStringLiteral("/manifest.json"));
            if (!out.open(QIODevice::WriteOnly))
                return CliResult{};
            out.write(QByteArray::fromStdString(m.dump()));
            out.close();
            return runCli({QStringLiteral("lookup"), QStringLiteral("--kb"), kb,
                           QStringLiteral("disk full")});
        };
        nlohmann::json bad = saved;
        bad["settings"]["topK"] = -1;
        bad["settings"]["minEvidenceQuality"] = "high";
        CliResult r = lookupWith(bad);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("topK must be a whole number from 1"), r.err.constData());
        QVERIFY2(r.err.contains("minEvidenceQuality must be a number from 0 to 1, not \"high\""),
                 r.err.constData());
        r = lookupWith(nlohmann::json::array());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("valid JSON, but not an object"), r.err.constData());
        QCOMPARE(lookupWith(saved).exitCode, 0);
        r = runCli({QStringLiteral("lookup"), QStringLiteral("--kb"),
                    kb + QStringLiteral("/manifest.json"), QStringLiteral("disk")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("is a file, not a knowledge base folder"), r.err.constData());
    }

    void unreadableSourcesKeepTheirPreviousDocuments()
    {
        // A folder or file that cannot be read for a moment is not deleted: an update keeps
        // its documents as they were, lists it as skipped, and counts nothing as removed.
        // Root reads everything, so as root the CLI runs as nobody (setpriv).
        QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/raglens-unreadable-XXXXXX"));
        QVERIFY(dir.isValid());
        const QString source = dir.filePath(QStringLiteral("src"));
        const QString kb = dir.filePath(QStringLiteral("kb"));
        for (const char* name : {"kafka/lag.md", "kafka/rebalance.md", "redis/oom.md"}) {
            const QString path = source + QLatin1Char('/') + QLatin1String(name);
            QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("# ") + name + "\n\nWhat to check first, and why.\n");
        }
        QVERIFY(QProcess::execute(QStringLiteral("chmod"),
                                  {QStringLiteral("-R"), QStringLiteral("a+rwX"), dir.path()}) ==
                0);
        const auto ingest = [&] {
            QProcess p;
            QStringList args = {QStringLiteral(RAGLENS_CLI_PATH), QStringLiteral("ingest"),
                                QStringLiteral("--kb"), kb, source};
            if (::geteuid() == 0)
                args = QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                                   QStringLiteral("--clear-groups")} +
                       args;
            else
                args.removeFirst();
            p.start(::geteuid() == 0 ? QStringLiteral("setpriv") : QStringLiteral(RAGLENS_CLI_PATH),
                    args);
            p.waitForFinished(60000);
            CliResult r;
            r.exitCode = p.exitCode();
            r.out = p.readAllStandardOutput();
            r.err = p.readAllStandardError();
            r.json = nlohmann::json::parse(r.out.toStdString(), nullptr, false);
            return r;
        };
        const CliResult first = ingest();
        QCOMPARE(first.exitCode, 0);
        QCOMPARE(first.json.value("documents", 0), 3);
        QVERIFY(::chmod(QFile::encodeName(source + QStringLiteral("/kafka")).constData(), 0) == 0);
        QVERIFY(::chmod(QFile::encodeName(source + QStringLiteral("/redis/oom.md")).constData(),
                        0) == 0);
        const CliResult second = ingest();
        ::chmod(QFile::encodeName(source + QStringLiteral("/kafka")).constData(), 0777);
        QCOMPARE(second.exitCode, 0);
        QCOMPARE(second.json.value("documents", 0), 3);
        QCOMPARE(second.json.value("removed", -1), 0);
        const std::string skipped = second.json.value("skipped", nlohmann::json()).dump();
        QVERIFY2(skipped.find("cannot read the folder") != std::string::npos, skipped.c_str());
        QVERIFY2(skipped.find("its previous version is kept") != std::string::npos,
                 skipped.c_str());
    }

    // A damaged page of the facts index that a list or health reads: the command says so and
    // reads the database directly (before, it failed with exit 1, "Cannot read the audit
    // database", as if the audited file were broken).
    void aDamagedFactsIndexIsReadAround()
    {
        const QString db = m_dir.filePath(QStringLiteral("damaged-index.db"));
        QVERIFY(QFile::copy(m_db, db));
        QFile::setPermissions(db, QFile::ReadOwner | QFile::WriteOwner);
        const QString cache = m_dir.filePath(QStringLiteral("damaged-cache"));
        const CliResult built = runCli({"index", "--db", db, "--cache", cache});
        QCOMPARE(built.exitCode, 0);
        const QString index = QString::fromStdString(built.json["path"].get<std::string>());
        const CliResult direct = runCli({"sessions", "--db", db, "--facts", "off"});
        QCOMPARE(direct.exitCode, 0);
        // The root page of an index the session list reads and no refresh does, overwritten;
        // and the health days' table dropped (a refresh without new calls leaves it alone,
        // and health reads it whatever the plan).
        QSqlDatabase read = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "probe");
        read.setDatabaseName(index);
        QVERIFY(read.open());
        QSqlQuery q(read);
        QVERIFY(q.exec("PRAGMA page_size") && q.next());
        const qint64 pageSize = q.value(0).toLongLong();
        QVERIFY(
            q.exec("SELECT rootpage FROM sqlite_master WHERE name = 'facts_run_session_flags'") &&
            q.next());
        const qint64 root = q.value(0).toLongLong();
        QVERIFY(q.exec("DROP TABLE fact_health_day"));
        q.finish();
        read.close();
        read = QSqlDatabase();
        QSqlDatabase::removeDatabase("probe");
        QFile file(index);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.seek((root - 1) * pageSize + 8));
        file.write(QByteArray(pageSize - 100, '\xff'));
        file.close();
        const CliResult health = runCli({"health", "--db", db, "--cache", cache});
        QCOMPARE(health.exitCode, 0);
        QVERIFY2(health.err.contains("reading the database directly"), health.err.constData());
        QVERIFY(health.json["factsIndex"].contains("error"));
        // Whether the list reads that page depends on the plan SQLite picks for the store;
        // when it does, the list comes from the database all the same.
        const CliResult sessions = runCli({"sessions", "--db", db, "--cache", cache});
        QCOMPARE(sessions.exitCode, 0);
        QCOMPARE(sessions.json["sessions"].dump(), direct.json["sessions"].dump());
        if (sessions.json["factsIndex"].contains("error"))
            QVERIFY2(sessions.err.contains("reading the database directly"),
                     sessions.err.constData());
    }

    // A file read before that now holds what ingest skips (here no valid UTF-8) leaves the
    // knowledge base, and the summary counts it: its old chunks stayed and kept answering,
    // while the summary said nothing was removed.
    void aFileThatTurnedUnreadableLeavesTheKb()
    {
        QTemporaryDir dir;
        const QString source = dir.filePath(QStringLiteral("src"));
        const QString kb = dir.filePath(QStringLiteral("kb"));
        QVERIFY(QDir().mkpath(source + QStringLiteral("/ntp")));
        const auto write = [&](const char* name, const QByteArray& text) {
            QFile f(source + QStringLiteral("/ntp/") + QLatin1String(name));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(text);
        };
        write("drift.md", "# Drift\n\nThe clock drifts when ntpd lost its peers.\n");
        write("chrony.md", "# Chrony\n\nChrony servers answer on port 123.\n");
        const CliResult first =
            runCli({QStringLiteral("ingest"), QStringLiteral("--kb"), kb, source});
        QCOMPARE(first.exitCode, 0);
        QCOMPARE(first.json.value("documents", 0), 2);
        write("chrony.md", "# Chrony\n\nChrony servers caf\xe9 on port 123.\n");
        const CliResult second =
            runCli({QStringLiteral("ingest"), QStringLiteral("--kb"), kb, source});
        QCOMPARE(second.exitCode, 0);
        QCOMPARE(second.json.value("documents", 0), 1);
        QCOMPARE(second.json.value("removed", -1), 1);
        const std::string skipped = second.json.value("skipped", nlohmann::json()).dump();
        QVERIFY2(skipped.find("leaves the knowledge base") != std::string::npos, skipped.c_str());
        const CliResult found = runCli({QStringLiteral("lookup"), QStringLiteral("--kb"), kb,
                                        QStringLiteral("chrony servers port")});
        QCOMPARE(found.exitCode, 0);
        QVERIFY2(!found.out.contains("\"ntp/chrony"), found.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_cli_hostile.moc"
