// The .deb declares every package whose plugins RagLens loads at run time. The shared-library
// scan (dpkg-shlibdeps) sees only what the binaries link; Qt's SQL drivers, platform and icon
// plugins are loaded by name. This test runs the GUI offscreen with Qt's plugin debugging on,
// asks dpkg which package owns each plugin it loaded, and checks that each is declared in the
// package's Depends (or comes with a linked library's package); the X11 platform plugin and
// the server SQL drivers, which an offscreen SQLite run does not load, are checked by name.

#include "support/fixture_db.h"

#include <QDir>
#include <QFile>
#include <QLibraryInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

/// The comma-separated package names of a CPACK_DEBIAN_PACKAGE_* variable, without versions.
QSet<QString> declared(const QString& config, const QString& variable)
{
    const QRegularExpression re(QStringLiteral("set\\(%1 \"([^\"]*)\"\\)").arg(variable));
    QSet<QString> names;
    const auto match = re.match(config);
    if (!match.hasMatch())
        return names;
    for (QString part : match.captured(1).split(QLatin1Char(','))) {
        part = part.trimmed();
        part = part.left(part.indexOf(QLatin1Char(' ')) < 0 ? part.size()
                                                            : part.indexOf(QLatin1Char(' ')));
        if (!part.isEmpty())
            names.insert(part);
    }
    return names;
}

/// The package that owns `path`, as dpkg says ("libqt6sql6-sqlite:amd64: /usr/…").
QString owner(const QString& path)
{
    QProcess dpkg;
    dpkg.start(QStringLiteral("dpkg"), {QStringLiteral("-S"), QFileInfo(path).canonicalFilePath()});
    if (!dpkg.waitForFinished(30000) || dpkg.exitCode() != 0)
        return {};
    const QString line =
        QString::fromUtf8(dpkg.readAllStandardOutput()).section(QLatin1Char('\n'), 0, 0);
    return line.section(QLatin1Char(':'), 0, 0).trimmed();
}

/// Packages of the libraries the GUI links: dpkg-shlibdeps declares those.
QSet<QString> linkedPackages()
{
    QSet<QString> linked;
    QProcess ldd;
    ldd.start(QStringLiteral("ldd"), {QStringLiteral(RAGLENS_GUI_BINARY)});
    if (!ldd.waitForFinished(30000))
        return linked;
    const QRegularExpression lib(QStringLiteral("=> (/\\S+)"));
    for (auto it = lib.globalMatch(QString::fromUtf8(ldd.readAllStandardOutput())); it.hasNext();)
        linked.insert(owner(it.next().captured(1)));
    return linked;
}

} // namespace

class TestPackageDepends : public QObject
{
    Q_OBJECT

private:
    QString m_config;

private slots:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("dpkg")).isEmpty())
            QSKIP("not a Debian system: no dpkg to ask");
        QFile config(QStringLiteral(RAGLENS_BINARY_DIR "/CPackConfig.cmake"));
        QVERIFY2(config.open(QIODevice::ReadOnly), qPrintable(config.fileName()));
        m_config = QString::fromUtf8(config.readAll());
    }

    void pluginsTheProgramLoadsAreDeclared()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(QStringLiteral("audit.db"));
        QCOMPARE(raglens::test::writeProductionFixture(db), QString());
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("QT_DEBUG_PLUGINS"), QStringLiteral("1"));
        env.insert(QStringLiteral("HOME"), dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("RAGLENS_CACHE_DIR"), dir.filePath(QStringLiteral("cache")));
        gui.setProcessEnvironment(env);
        gui.setProcessChannelMode(QProcess::MergedChannels);
        gui.start(QStringLiteral(RAGLENS_GUI_BINARY), {QStringLiteral("--report-first-paint"), db});
        QVERIFY(gui.waitForFinished(120000));
        QCOMPARE(gui.exitCode(), 0);
        const QString log = QString::fromUtf8(gui.readAll());

        QSet<QString> plugins;
        const QRegularExpression loaded(QStringLiteral("\"([^\"]+\\.so)\" loaded library"));
        for (auto it = loaded.globalMatch(log); it.hasNext();)
            plugins.insert(it.next().captured(1));
        QVERIFY2(
            std::any_of(plugins.begin(), plugins.end(),
                        [](const QString& p) { return p.contains(QLatin1String("sqldrivers")); }),
            "the SQLite driver was loaded");

        const QSet<QString> linked = linkedPackages();
        QVERIFY(linked.contains(QStringLiteral("libqt6core6")));

        const QSet<QString> depends =
            declared(m_config, QStringLiteral("CPACK_DEBIAN_PACKAGE_DEPENDS"));
        for (const QString& plugin : plugins) {
            const QString package = owner(plugin);
            QVERIFY2(!package.isEmpty(), qPrintable(plugin));
            QVERIFY2(
                depends.contains(package) || linked.contains(package),
                qPrintable(QStringLiteral("%1 (from %2) is not in Depends").arg(package, plugin)));
        }
    }

    void displayAndServerDriversAreDeclared()
    {
        const QString plugins = QLibraryInfo::path(QLibraryInfo::PluginsPath);
        const QSet<QString> depends =
            declared(m_config, QStringLiteral("CPACK_DEBIAN_PACKAGE_DEPENDS"));
        const QSet<QString> recommends =
            declared(m_config, QStringLiteral("CPACK_DEBIAN_PACKAGE_RECOMMENDS"));
        // On a desktop the window needs the X11 platform plugin.
        const QString xcb = owner(plugins + QStringLiteral("/platforms/libqxcb.so"));
        if (xcb.isEmpty())
            QSKIP("the X11 platform plugin is not installed here");
        QVERIFY2(depends.contains(xcb) || linkedPackages().contains(xcb), qPrintable(xcb));
        for (const char* driver : {"libqsqlpsql.so", "libqsqlmysql.so"}) {
            const QString package =
                owner(plugins + QStringLiteral("/sqldrivers/") + QLatin1String(driver));
            QVERIFY2(!package.isEmpty(), driver);
            QVERIFY2(recommends.contains(package) || depends.contains(package),
                     qPrintable(package));
        }
    }
};

QTEST_GUILESS_MAIN(TestPackageDepends)
#include "tst_package_depends.moc"
