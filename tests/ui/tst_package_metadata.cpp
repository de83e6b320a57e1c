// The desktop entry and the AppStream metadata that the package installs pass the
// validators distributions and software centres run (desktop-file-validate, appstreamcli;
// scripts/install-deps.sh installs both): a broken entry means no menu item, a broken
// metainfo no listing.

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTest>

class TestPackageMetadata : public QObject
{
    Q_OBJECT
private slots:
    void desktopEntryIsValid()
    {
        const auto [code, output] = run(QStringLiteral("desktop-file-validate"),
                                        {packaged(QStringLiteral("raglens.desktop"))});
        QVERIFY2(code == 0 && output.trimmed().isEmpty(), qPrintable(output));
    }

    void metainfoIsValid()
    {
        const auto [code, output] =
            run(QStringLiteral("appstreamcli"),
                {QStringLiteral("validate"), QStringLiteral("--no-net"),
                 packaged(QStringLiteral("io.raglens.RagLens.metainfo.xml"))});
        QVERIFY2(code == 0, qPrintable(output));
        // Errors and warnings fail; infos and pedantic notes (the reverse-DNS id's capitals)
        // do not.
        QVERIFY2(!output.contains(QStringLiteral("\nE: ")) && !output.startsWith(u"E: "),
                 qPrintable(output));
        QVERIFY2(!output.contains(QStringLiteral("\nW: ")) && !output.startsWith(u"W: "),
                 qPrintable(output));
    }

    void iconsAtTheHicolorSizes()
    {
        // Every fixed size the hicolor theme lists for applications, square, drawn (not
        // blank), and what the desktop entry names.
        for (int size : {16, 22, 24, 32, 48, 64, 128, 256}) {
            const QString path = QStringLiteral("%1/%2x%2/apps/raglens.png")
                                     .arg(QStringLiteral(RAGLENS_ICONS_DIR))
                                     .arg(size);
            const QImage image(path);
            QVERIFY2(!image.isNull(), qPrintable(path));
            QCOMPARE(image.size(), QSize(size, size));
            int opaque = 0;
            for (int y = 0; y < size; ++y)
                for (int x = 0; x < size; ++x)
                    opaque += qAlpha(image.pixel(x, y)) > 200;
            QVERIFY2(opaque > size * size / 2, qPrintable(path)); // the rounded square fills it
        }
        QFile desktop(packaged(QStringLiteral("raglens.desktop")));
        QVERIFY(desktop.open(QIODevice::ReadOnly));
        QVERIFY(desktop.readAll().contains("\nIcon=raglens\n"));
    }

private:
    static QString packaged(const QString& name)
    {
        return QDir(QStringLiteral(RAGLENS_PACKAGING_DIR)).filePath(name);
    }

    static std::pair<int, QString> run(const QString& program, const QStringList& args)
    {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(program, args);
        if (!p.waitForFinished(60000))
            return {-1, program + QStringLiteral(" did not run: ") + p.errorString()};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAll())};
    }
};

QTEST_GUILESS_MAIN(TestPackageMetadata)
#include "tst_package_metadata.moc"
