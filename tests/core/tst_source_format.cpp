// Every source file is laid out as .clang-format says: a change that skips clang-format
// fails here, not in the next engineer's diff.

#include "support/cli_runner.h"

#include <QDirIterator>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace raglens;

class TstSourceFormat : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyFileIsFormatted()
    {
        // The version .clang-format was written for (Debian's clang-format-14, installed by
        // scripts/install-deps.sh); another version lays some constructs out differently.
        const QString tool = QStandardPaths::findExecutable(QStringLiteral("clang-format-14"));
        QVERIFY2(!tool.isEmpty(), "clang-format-14 is missing: run scripts/install-deps.sh");
        QStringList files;
        for (const char* dir : {"core", "ui", "app", "tests"}) {
            QDirIterator it(test::sourcePath(QString::fromLatin1(dir)),
                            {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext())
                files << it.next();
        }
        QVERIFY(files.size() > 300);
        QProcess format;
        format.setWorkingDirectory(test::sourcePath(QString()));
        format.start(tool,
                     QStringList{QStringLiteral("--dry-run"), QStringLiteral("--Werror")} + files);
        QVERIFY(format.waitForFinished(120000));
        const QByteArray complaints = format.readAllStandardError();
        QVERIFY2(format.exitStatus() == QProcess::NormalExit && format.exitCode() == 0,
                 (QByteArray("not formatted (run clang-format-14 -i on these files):\n") +
                  complaints.left(4000))
                     .constData());
    }
};

QTEST_GUILESS_MAIN(TstSourceFormat)
#include "tst_source_format.moc"
