// A full disk while writing a file the user asked for: the command fails with exit 1 and a
// message, and the file is either absent or still holds what it held before — never a
// truncated document that a later step would read as the truth. The disk is "full" through
// `ulimit -f` in the child (writes past the limit fail with EFBIG, as ENOSPC would), so the
// test needs neither root nor a small file system.

#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/mini_kb.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens::test;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray err;
};

/// Runs raglens-cli with every file it writes limited to `blocks` KiB (0: no limit), the
/// way a shell user would (`ulimit -f`), ignoring SIGXFSZ so write() fails with EFBIG.
Run runWithFileLimit(const QStringList& args, int blocks)
{
    QProcess p;
    const QString limit = blocks > 0 ? QString::number(blocks) : QStringLiteral("unlimited");
    p.start(QStringLiteral("/bin/sh"),
            QStringList{QStringLiteral("-c"),
                        QStringLiteral("trap '' XFSZ; ulimit -f %1; exec \"$0\" \"$@\"").arg(limit),
                        QStringLiteral(RAGLENS_CLI_PATH)} +
                args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return {-1, "crashed or hung: " + p.readAllStandardError()};
    return {p.exitCode(), p.readAllStandardError()};
}

QByteArray contents(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestFullDisk : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;
    QString m_kb;
    QString m_set;

private slots:
    void initTestCase()
    {
        m_db = m_dir.filePath(QStringLiteral("audit.db"));
        QCOMPARE(writeProductionFixture(m_db), QString());
        m_kb = m_dir.filePath(QStringLiteral("kb"));
        QVERIFY(buildMiniKb(m_dir.filePath(QStringLiteral("src")), m_kb).ok());
        m_set = m_dir.filePath(QStringLiteral("set.jsonl"));
        QFile set(m_set);
        QVERIFY(set.open(QIODevice::WriteOnly));
        set.write(QStringLiteral(
                      R"({"id": "pool", "query": "%1", "expected_sources": ["%2"]})"
                      "\n"
                      R"({"id": "none", "query": "quantum teapots", "expect_no_evidence": true})"
                      "\n")
                      .arg(minikb::kPoolQuery, minikb::kPoolDoc)
                      .toUtf8());
    }

    void fileWritesFailWhole_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("existedBefore");
        for (const bool before : {false, true}) {
            const char* suffix = before ? " over an existing file" : "";
            QTest::addRow("export --out%s", suffix) << QStringLiteral("export") << before;
            QTest::addRow("export --format otlp --out%s", suffix)
                << QStringLiteral("otlp") << before;
            QTest::addRow("eval --save-baseline%s", suffix) << QStringLiteral("baseline") << before;
        }
    }
    void fileWritesFailWhole()
    {
        QFETCH(QString, name);
        QFETCH(bool, existedBefore);
        const QString out = m_dir.filePath(name + (existedBefore ? "-old.json" : "-new.json"));
        const QByteArray previous = "{\"previous\": true}\n";
        if (existedBefore) {
            QFile f(out);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(previous);
        }
        QStringList args;
        if (name == QLatin1String("baseline"))
            args = {"eval", "--kb", m_kb, "--set", m_set, "--save-baseline", out};
        else
            args = {"export", "--db", m_db, "--out", out, "sess-fallback-0001"};
        if (name == QLatin1String("otlp"))
            args << "--format"
                 << "otlp";

        // The same command with room to write succeeds, so the failure below is the disk's.
        const QString roomy = out + QStringLiteral(".roomy");
        QStringList roomyArgs = args;
        roomyArgs[roomyArgs.indexOf(out)] = roomy;
        const Run ok = runWithFileLimit(roomyArgs, 0);
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
        QVERIFY(contents(roomy).size() > 2048);
        QVERIFY(QFile::remove(roomy));

        // 1 KiB: larger than the old file, smaller than the new document.
        const Run full = runWithFileLimit(args, 1);
        QVERIFY2(full.exitCode == 1, full.err.constData());
        QVERIFY2(full.err.contains(out.toUtf8()), full.err.constData());
        if (existedBefore)
            QCOMPARE(contents(out), previous);
        else
            QVERIFY(!QFile::exists(out));
        // No temporary file is left behind next to it either.
        const QStringList left = QDir(m_dir.path()).entryList({QFileInfo(out).fileName() + "*"});
        QCOMPARE(left.size(), existedBefore ? 1 : 0);
    }

    // A facts index that cannot be written completely is not left behind half-built, and
    // the database is then read directly.
    void factsIndexOnAFullDisk()
    {
        const QString cache = m_dir.filePath(QStringLiteral("facts-cache"));
        const Run full = runWithFileLimit({"index", "--db", m_db, "--cache", cache}, 16);
        QVERIFY2(full.exitCode == 1, full.err.constData());
        QVERIFY2(full.err.contains("facts index"), full.err.constData());
        QCOMPARE(QDir(cache).entryList(QDir::Files), QStringList());
        const Run listed =
            runWithFileLimit({"sessions", "--db", m_db, "--cache", cache, "--facts", "auto"}, 0);
        QVERIFY2(listed.exitCode == 0, listed.err.constData());
        // With room, the same command builds it.
        const Run roomy = runWithFileLimit({"index", "--db", m_db, "--cache", cache}, 0);
        QVERIFY2(roomy.exitCode == 0, roomy.err.constData());
        QCOMPARE(QDir(cache).entryList({QStringLiteral("*.facts.sqlite")}, QDir::Files).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestFullDisk)
#include "tst_full_disk.moc"
