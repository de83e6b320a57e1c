// The window's settings are saved by a thread of their own (AppSettings, SettingsWriter).
// What a user (or a test run) sees of a save:
//  - an application without an organization name saves without a warning: Qt flags every
//    such QSettings as failed although the file is written;
//  - a save that does fail is said once, not after every change: the writer's last save runs
//    while the application is torn down, when no one can act on it.

#include "common/app_settings.h"
#include "common/settings_writer.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace raglens::ui;

class TestSettingsSaving : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void anApplicationWithoutAnOrganizationSavesQuietly()
    {
        QVERIFY(QCoreApplication::organizationName().isEmpty());
        QTest::failOnWarning(QRegularExpression(QStringLiteral("settings could not be saved")));
        const QString value = QString::number(QDateTime::currentMSecsSinceEpoch());
        AppSettings::instance().setValue(QStringLiteral("probe/value"), value);
        AppSettings::instance().flush();

        const QSettings file(QSettings::UserScope, QStringLiteral("Unknown Organization"),
                             QCoreApplication::applicationName());
        QCOMPARE(file.value(QStringLiteral("probe/value")).toString(), value);
    }

    void aFailingSaveIsSaidOnce()
    {
        const QString organization = QStringLiteral("RagLensTest");
        const QString application = QStringLiteral("tst_settings_saving_blocked");
        const QString path = QSettings(QSettings::UserScope, organization, application).fileName();
        // A folder where the file should be: no save can write it.
        QDir().mkpath(path);
        QVERIFY(QFileInfo(path).isDir());

        QTest::ignoreMessage(QtWarningMsg,
                             QRegularExpression(QStringLiteral("settings could not be saved")));
        QTest::failOnWarning(QRegularExpression(QStringLiteral("settings could not be saved")));
        {
            SettingsWriter writer(organization, application);
            for (int i = 0; i < 3; ++i) {
                writer.queue({QStringLiteral("probe/n"), i});
                writer.flush();
            }
        }
        QDir(path).removeRecursively();
    }
};

QTEST_MAIN(TestSettingsSaving)
#include "tst_settings_saving.moc"
