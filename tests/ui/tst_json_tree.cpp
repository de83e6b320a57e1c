// The retrieval_details JSON tree: a valid document shows as a tree with typed rows, a
// malformed one shows the raw text and the parse error, and documents nested thousands of
// levels deep neither crash the model nor the view.

#include "support/cli_runner.h"
#include "json/json_guard.h"
#include "json/json_tree_model.h"
#include "json/json_tree_view.h"

#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTreeView>
#include <QtTest>

using namespace raglens::ui;
using nlohmann::json;

namespace {

QString fixtureText(const QString& name)
{
    QFile f(raglens::test::fixturePath(QStringLiteral("details/") + name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return QString::fromUtf8(f.readAll());
}

/// depth levels of alternating objects and arrays around a leaf {"leaf":"needle"}.
QString nested(int depth)
{
    QString s;
    s.reserve(depth * 12);
    for (int i = 0; i < depth; ++i)
        s += i % 2 ? QStringLiteral("[") : QStringLiteral("{\"k\":");
    s += QStringLiteral("{\"leaf\":\"needle\"}");
    for (int i = depth - 1; i >= 0; --i)
        s += i % 2 ? QStringLiteral("]") : QStringLiteral("}");
    return s;
}

QModelIndex findKey(const QAbstractItemModel& m, const QString& key, const QModelIndex& parent = {})
{
    for (int r = 0; r < m.rowCount(parent); ++r) {
        const QModelIndex i = m.index(r, 0, parent);
        if (i.data().toString() == key)
            return i;
    }
    return {};
}

} // namespace

class TestJsonTree : public QObject
{
    Q_OBJECT
private slots:
    void modelOverValidDetails();
    void pathsAndCopy_data();
    void pathsAndCopy();
    void clipboardCopy();
    void search_data();
    void search();
    void malformed_data();
    void malformed();
    void deeplyNested_data();
    void deeplyNested();
    void deepFixtureSearchReveals();
    void expandAllIsBounded();
    void hugeArrayLoadsInBatches();
    void scalarDocument();
    void largeDocumentOpensLazily();
    void textDepthIgnoresStrings();
};

void TestJsonTree::modelOverValidDetails()
{
    JsonTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDocument(json::parse(fixtureText("timed_retry.details.json").toStdString()));
    QCOMPARE(model.columnCount(), int(JsonTreeModel::ColumnCount));
    const QModelIndex attempts = findKey(model, QStringLiteral("attempts"));
    QVERIFY(attempts.isValid());
    QCOMPARE(attempts.siblingAtColumn(JsonTreeModel::TypeColumn).data().toString(),
             QStringLiteral("array"));
    QCOMPARE(attempts.siblingAtColumn(JsonTreeModel::ValueColumn).data().toString(),
             QStringLiteral("[2]"));
    QCOMPARE(model.rowCount(attempts), 2);
    const QModelIndex first = model.index(0, 0, attempts);
    QCOMPARE(first.data().toString(), QStringLiteral("[0]"));
    QCOMPARE(first.parent(), attempts);
    const QModelIndex usable = findKey(model, QStringLiteral("usable"), first);
    QCOMPARE(usable.siblingAtColumn(JsonTreeModel::ValueColumn).data().toString(),
             QStringLiteral("false"));
    QCOMPARE(usable.siblingAtColumn(JsonTreeModel::TypeColumn).data().toString(),
             QStringLiteral("boolean"));
    QVERIFY(!usable.data(Qt::DecorationRole).value<QIcon>().isNull());
    const QModelIndex mode = findKey(model, QStringLiteral("search_mode"));
    QCOMPARE(mode.siblingAtColumn(JsonTreeModel::ValueColumn).data().toString(),
             QStringLiteral("\"hybrid\""));
    QCOMPARE(mode.data(JsonTreeModel::DepthRole).toInt(), 1);
    // Null values are typed, not blank.
    const QModelIndex fallbackNull = findKey(model, QStringLiteral("tool_call_id"));
    QVERIFY(fallbackNull.isValid());
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestJsonTree::pathsAndCopy_data()
{
    QTest::addColumn<QString>("document");
    QTest::addColumn<QStringList>("keys"); // display keys to follow from the top
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("value");
    QTest::newRow("attempt usable")
        << fixtureText("timed_retry.details.json") << QStringList{"attempts", "[0]", "usable"}
        << "$.attempts[0].usable"
        << "false";
    QTest::newRow("string unquoted")
        << fixtureText("timed_retry.details.json") << QStringList{"attempts", "[1]", "name"}
        << "$.attempts[1].name"
        << "UNFILTERED_VECTOR_RETRY";
    QTest::newRow("object as compact json")
        << fixtureText("timed_retry.details.json") << QStringList{"l0_hints"} << "$.l0_hints"
        << R"({"domains":["mysql"],"matched_keywords":["pool"]})";
    QTest::newRow("awkward key") << "{\"a b\":{\"it's\":[1,2]}}"
                                 << QStringList{"a b", "it's", "[1]"} << "$['a b']['it\\'s'][1]"
                                 << "2";
    QTest::newRow("unicode key") << R"({"证据":{"ok":true}})" << QStringList{"证据", "ok"}
                                 << "$['证据'].ok"
                                 << "true";
}

void TestJsonTree::pathsAndCopy()
{
    QFETCH(QString, document);
    QFETCH(QStringList, keys);
    QFETCH(QString, path);
    QFETCH(QString, value);
    JsonTreeView view;
    view.setJsonText(document);
    QVERIFY(!view.hasError());
    QModelIndex index;
    for (const QString& key : keys) {
        index = findKey(*view.model(), key, index);
        QVERIFY2(index.isValid(), qPrintable(key));
    }
    QCOMPARE(view.pathOf(index), path);
    QCOMPARE(view.pathOf(index.siblingAtColumn(JsonTreeModel::TypeColumn)), path);
    QCOMPARE(index.data(JsonTreeModel::CopyValueRole).toString(), value);
}

void TestJsonTree::clipboardCopy()
{
    JsonTreeView view;
    view.setJsonText(fixtureText("timed_retry.details.json"));
    const QModelIndex attempts = findKey(*view.model(), QStringLiteral("attempts"));
    const QModelIndex sim = findKey(*view.model(), QStringLiteral("top_similarity"),
                                    view.model()->index(1, 0, attempts));
    view.copyPath(sim);
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("$.attempts[1].top_similarity"));
    view.copyValue(sim);
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("0.9"));
}

void TestJsonTree::search_data()
{
    QTest::addColumn<QString>("needle");
    QTest::addColumn<int>("matches");
    QTest::addColumn<QString>("firstPath");
    QTest::newRow("key") << "top_similarity" << 2 << "$.attempts[0].top_similarity";
    QTest::newRow("value, any case") << "OVERFILTER" << 2 << "$.attempts[0].category_filter";
    QTest::newRow("number value") << "0.9" << 1 << "$.attempts[1].top_similarity";
    QTest::newRow("nothing") << "no-such-thing" << 0 << QString();
}

void TestJsonTree::search()
{
    QFETCH(QString, needle);
    QFETCH(int, matches);
    QFETCH(QString, firstPath);
    JsonTreeView view;
    view.setJsonText(fixtureText("timed_retry.details.json"));
    view.searchBox()->setText(needle); // typing searches
    QCOMPARE(int(view.model()->search(needle).size()), matches);
    if (matches == 0) {
        QVERIFY(!view.treeView()->currentIndex().isValid());
        QCOMPARE(view.statusLabel()->text(), QStringLiteral("No match"));
        return;
    }
    // The first match is selected and every ancestor expanded so it is on screen.
    const QModelIndex current = view.treeView()->currentIndex();
    QCOMPARE(view.pathOf(current), firstPath);
    for (QModelIndex p = current.parent(); p.isValid(); p = p.parent())
        QVERIFY(view.treeView()->isExpanded(p));
    QCOMPARE(view.statusLabel()->text(), QStringLiteral("1 of %1").arg(matches));
    view.nextMatch();
    QCOMPARE(view.statusLabel()->text(),
             QStringLiteral("%1 of %2").arg(matches > 1 ? 2 : 1).arg(matches));
}

void TestJsonTree::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("errorContains");
    QTest::newRow("truncated column")
        << fixtureText("truncated_details.json") << "unexpected end of input";
    QTest::newRow("trailing garbage") << R"({"a":1} x)"
                                      << "syntax error";
    QTest::newRow("not json") << "status=ERROR timeout"
                              << "syntax error";
    QTest::newRow("empty") << ""
                           << "unexpected end of input";
}

void TestJsonTree::malformed()
{
    QFETCH(QString, text);
    QFETCH(QString, errorContains);
    JsonTreeView view;
    QAbstractItemModelTester tester(view.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    view.setJsonText(text);
    QVERIFY(view.hasError());
    QVERIFY2(view.errorMessage().contains(errorContains), qPrintable(view.errorMessage()));
    QVERIFY(view.errorMessage().startsWith(QStringLiteral("Malformed JSON")));
    QVERIFY(!view.errorMessage().contains(QStringLiteral("json.exception")));
    QCOMPARE(view.model()->rowCount(), 0);
    // The raw text is shown exactly, for the user to read what was stored.
    if (!text.isEmpty())
        QCOMPARE(view.rawView()->toPlainText(), text);
    // A valid document afterwards clears the error.
    view.setJsonText(QStringLiteral("{\"ok\":true}"));
    QVERIFY(!view.hasError());
    QCOMPARE(view.model()->rowCount(), 1);
}

void TestJsonTree::deeplyNested_data()
{
    QTest::addColumn<int>("depth");
    QTest::addColumn<bool>("refused");
    QTest::newRow("1,500 levels") << 1500 << false;
    QTest::newRow("1,999 levels") << 1999 << false; // plus the leaf object: 2,000
    QTest::newRow("2,000 levels") << 2000 << true;  // plus the leaf object: 2,001
    QTest::newRow("100,000 levels") << 100000 << true;
}

void TestJsonTree::deeplyNested()
{
    QFETCH(int, depth);
    QFETCH(bool, refused);
    const QString text = nested(depth);
    JsonTreeView view;
    view.resize(800, 600);
    view.setJsonText(text);
    QCOMPARE(view.hasError(), refused);
    if (refused) {
        QVERIFY(view.errorMessage().contains(QString::number(depth + 1)));
        QCOMPARE(view.model()->rowCount(), 0);
        QCOMPARE(view.rawView()->toPlainText(), text);
        // A caller that parsed it already (nlohmann parses without recursion) is refused too,
        // without copying the value.
        const json parsed = json::parse(text.toStdString());
        view.setJson(parsed, text);
        QVERIFY(view.hasError());
        return;
    }
    QCOMPARE(view.model()->rowCount(), 1);
    // Shown compact: a pretty print would indent each level further (millions of spaces).
    QVERIFY(view.rawView()->toPlainText().size() < text.size() + 100);
    // Search walks all the levels and reveals the leaf.
    QCOMPARE(view.search(QStringLiteral("needle")), 1);
    const QModelIndex current = view.treeView()->currentIndex();
    QVERIFY(current.isValid());
    QCOMPARE(current.data(JsonTreeModel::DepthRole).toInt(), depth + 1);
    QVERIFY(view.pathOf(current).endsWith(QStringLiteral(".leaf")));
    // Painting the fully expanded chain must not exhaust the stack either.
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!view.grab().isNull());
    view.collapseAll();
    view.expandAll();
    QVERIFY(!view.grab().isNull());
}

void TestJsonTree::deepFixtureSearchReveals()
{
    // 3,000 levels: past the one depth limit every reader shares, so the view refuses it
    // as a database row's reader does, and keeps the text to read.
    JsonTreeView view;
    const QString text = fixtureText("deeply_nested_3000.json");
    view.setJsonText(text);
    QVERIFY(view.hasError());
    QCOMPARE(view.rawView()->toPlainText(), text);
    // Below the limit, search reveals a leaf at the bottom.
    view.setJsonText(nested(1900));
    QVERIFY(!view.hasError());
    QCOMPARE(view.search(QStringLiteral("needle")), 1);
    const QModelIndex current = view.treeView()->currentIndex();
    QVERIFY(view.treeView()->isExpanded(current.parent()));
}

void TestJsonTree::expandAllIsBounded()
{
    JsonTreeView view;
    view.setJsonText(nested(400));
    view.expandAll();
    // Expanded down to the bound, not beyond.
    QModelIndex i = view.model()->index(0, 0);
    int expandedDepth = 0;
    while (i.isValid() && view.treeView()->isExpanded(i)) {
        ++expandedDepth;
        i = view.model()->index(0, 0, i);
    }
    QCOMPARE(expandedDepth, JsonTreeView::kExpandAllDepth);
    view.collapseAll();
    QVERIFY(!view.treeView()->isExpanded(view.model()->index(0, 0)));
}

void TestJsonTree::hugeArrayLoadsInBatches()
{
    json big = json::array();
    for (int i = 0; i < 2500; ++i)
        big.push_back(json{{"i", i}});
    JsonTreeModel model;
    model.setDocument(big);
    QCOMPARE(model.rowCount(), JsonTreeModel::kBatchSize);
    QVERIFY(model.canFetchMore({}));
    model.fetchMore({});
    QCOMPARE(model.rowCount(), 2 * JsonTreeModel::kBatchSize);
    model.fetchMore({});
    QCOMPARE(model.rowCount(), 2500);
    QVERIFY(!model.canFetchMore({}));
    // A path to an element not loaded yet loads what it needs.
    JsonTreeModel lazy;
    lazy.setDocument(big);
    const QModelIndex last = lazy.indexForRows({2499, 0});
    QCOMPARE(lazy.pathOf(last), QStringLiteral("$[2499].i"));
    QCOMPARE(last.data(JsonTreeModel::CopyValueRole).toString(), QStringLiteral("2499"));
    // The tester fetches everything itself; it is attached after the reset because it runs
    // its checks (and fetchMore) from inside modelReset.
    JsonTreeModel tested;
    tested.setDocument(big);
    QAbstractItemModelTester tester(&tested,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(tested.rowCount(), 2500);
}

void TestJsonTree::largeDocumentOpensLazily()
{
    // 200,000 attempts-like objects (~13 MB of text): the tree creates one batch of rows.
    QString text = QStringLiteral("[");
    for (int i = 0; i < 200000; ++i)
        text += QStringLiteral("{\"name\":\"a%1\",\"usable\":true},").arg(i);
    text.chop(1);
    text += QLatin1Char(']');
    JsonTreeView view;
    QElapsedTimer timer;
    timer.start();
    view.setJsonText(text);
    qInfo("opened %lld characters in %lld ms", qint64(text.size()), timer.elapsed());
    QCOMPARE(view.model()->rowCount(), JsonTreeModel::kBatchSize);
    QVERIFY(view.model()->canFetchMore({}));
    timer.restart();
    QCOMPARE(view.search(QStringLiteral("a199999")), 1);
    qInfo("searched in %lld ms", timer.elapsed());
    QCOMPARE(view.pathOf(view.treeView()->currentIndex()), QStringLiteral("$[199999].name"));
}

void TestJsonTree::scalarDocument()
{
    JsonTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDocument(json("just text"));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("$"));
    QCOMPARE(model.pathOf(model.index(0, 0)), QStringLiteral("$"));
    QCOMPARE(model.rowCount(model.index(0, 0)), 0);
}

void TestJsonTree::textDepthIgnoresStrings()
{
    using json_guard::textDepth;
    QCOMPARE(textDepth("{}"), 1);
    QCOMPARE(textDepth(R"({"a":[1,{"b":[]}]})"), 4);
    QCOMPARE(textDepth("{\"a\":\"[[[[\\\"{{{{\"}"), 1);
    QCOMPARE(json_guard::valueDepth(json::parse(R"({"a":[1,{"b":[]}]})")), 4);
    QCOMPARE(json_guard::valueDepth(json(3)), 0);
}

QTEST_MAIN(TestJsonTree)
#include "tst_json_tree.moc"
