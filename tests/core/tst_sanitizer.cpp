// InputParamsSanitizer: what reaches input_params of an audit row (DESIGN §3).

#include "audit/input_params_sanitizer.h"
#include "common/json_qt.h"

#include <QTest>

using namespace raglens;
using nlohmann::json;

class TestSanitizer : public QObject
{
    Q_OBJECT

private slots:
    void secretKeysDropped_data();
    void secretKeysDropped();
    void valueShapes_data();
    void valueShapes();
    void textCutTo160();
    void reservedKeysAlwaysPresent();
    void reservedKeysCannotBeSpoofed();
    void queryPreviewKept();
    void nonObjectParams();
    void surrogatePairNotSplit();
};

void TestSanitizer::secretKeysDropped_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("dropped");
    QTest::newRow("password") << "password" << true;
    QTest::newRow("DB_PASSWORD") << "DB_PASSWORD" << true;
    QTest::newRow("userPassword") << "userPassword" << true;
    QTest::newRow("token") << "token" << true;
    QTest::newRow("accessToken") << "accessToken" << true;
    QTest::newRow("REFRESH_TOKEN") << "REFRESH_TOKEN" << true;
    QTest::newRow("secret") << "secret" << true;
    QTest::newRow("client_secret") << "client_secret" << true;
    QTest::newRow("ClientSecret") << "ClientSecret" << true;
    QTest::newRow("apikey") << "apikey" << true;
    QTest::newRow("apiKey") << "apiKey" << true;
    QTest::newRow("API_KEY") << "API_KEY" << true;
    QTest::newRow("x-api_key") << "x-api_key" << true;
    QTest::newRow("X-Api-Key") << "X-Api-Key" << true;
    QTest::newRow("openai_api_key") << "openai_api_key" << true;
    QTest::newRow("query") << "query" << false;
    QTest::newRow("category") << "category" << false;
    QTest::newRow("top_k") << "top_k" << false;
    QTest::newRow("api_version") << "api_version" << false;
    QTest::newRow("keyword") << "keyword" << false;
}

void TestSanitizer::secretKeysDropped()
{
    QFETCH(QString, key);
    QFETCH(bool, dropped);
    const json params = {{key.toStdString(), "s3cr3t-value"}, {"question", "pool timeout"}};
    const json out = InputParamsSanitizer::sanitize(params, "call-1", 42);
    QCOMPARE(out.contains(key.toStdString()), !dropped);
    QCOMPARE(InputParamsSanitizer::isSecretKey(key), dropped);
    if (dropped)
        QVERIFY(out.dump().find("s3cr3t-value") == std::string::npos);
    QCOMPARE(out.at("question").get<std::string>(), std::string("pool timeout"));
}

void TestSanitizer::valueShapes_data()
{
    QTest::addColumn<QString>("valueJson");
    QTest::addColumn<QString>("expectedJson"); // empty = dropped
    QTest::newRow("string") << R"("abc")"
                            << R"("abc")";
    QTest::newRow("integer") << "5"
                             << "5";
    QTest::newRow("float") << "0.25"
                           << "0.25";
    QTest::newRow("bool") << "true"
                          << "true";
    QTest::newRow("null") << "null"
                          << "";
    QTest::newRow("nested object") << R"({"a":1})"
                                   << "";
    QTest::newRow("empty object") << "{}"
                                  << "";
    QTest::newRow("string array") << R"(["a","b"])"
                                  << R"(["a","b"])";
    QTest::newRow("empty array") << "[]"
                                 << "[]";
    QTest::newRow("number array") << "[1,2]"
                                  << "";
    QTest::newRow("mixed array") << R"(["a",1])"
                                 << "";
    QTest::newRow("array of objects") << R"([{"password":"x"}])"
                                      << "";
    QTest::newRow("nested array") << R"([["a"]])"
                                  << "";
}

void TestSanitizer::valueShapes()
{
    QFETCH(QString, valueJson);
    QFETCH(QString, expectedJson);
    json params = json::object();
    params["v"] = json::parse(valueJson.toStdString());
    const json out = InputParamsSanitizer::sanitize(params, "call-1", 10);
    if (expectedJson.isEmpty()) {
        QVERIFY2(!out.contains("v"), out.dump().c_str());
    } else {
        QVERIFY(out.contains("v"));
        QVERIFY2(out.at("v") == json::parse(expectedJson.toStdString()), out.dump().c_str());
    }
}

void TestSanitizer::textCutTo160()
{
    const std::string longText(500, 'x');
    const json params = {{"query", longText},
                         {"tags", json::array({longText, "short"})},
                         {std::string(300, 'k'), "v"}};
    const json out = InputParamsSanitizer::sanitize(params, QString(400, QLatin1Char('c')), 1);
    QCOMPARE(out.at("query").get<std::string>().size(), size_t(160));
    QCOMPARE(out.at("tags").at(0).get<std::string>().size(), size_t(160));
    QCOMPARE(out.at("tags").at(1).get<std::string>(), std::string("short"));
    QCOMPARE(out.at("tool_call_id").get<std::string>().size(), size_t(160));
    // no string anywhere, key or value, is longer than 160 characters
    for (auto it = out.begin(); it != out.end(); ++it) {
        QVERIFY(QString::fromStdString(it.key()).size() <= 160);
        if (it->is_string())
            QVERIFY(it->get<QString>().size() <= 160);
    }
}

void TestSanitizer::reservedKeysAlwaysPresent()
{
    const json withStep = InputParamsSanitizer::sanitize(json::object(), "call-7", 123, 9);
    QCOMPARE(withStep.at("tool_call_id").get<std::string>(), std::string("call-7"));
    QCOMPARE(withStep.at("request_bytes").get<qint64>(), qint64(123));
    QCOMPARE(withStep.at("step_id").get<qint64>(), qint64(9));

    const json noStep = InputParamsSanitizer::sanitize(json::object(), "call-8", 0);
    QVERIFY(noStep.contains("tool_call_id"));
    QVERIFY(noStep.contains("request_bytes"));
    QVERIFY(!noStep.contains("step_id"));
}

void TestSanitizer::reservedKeysCannotBeSpoofed()
{
    const json params = {{"tool_call_id", "fake"}, {"request_bytes", 1}, {"step_id", 99}};
    const json out = InputParamsSanitizer::sanitize(params, "call-real", 77);
    QCOMPARE(out.at("tool_call_id").get<std::string>(), std::string("call-real"));
    QCOMPARE(out.at("request_bytes").get<int>(), 77);
    QVERIFY(!out.contains("step_id"));
}

void TestSanitizer::queryPreviewKept()
{
    const QString query = QStringLiteral("HikariPool-1 - Connection is not available, request "
                                         "timed out after 30000ms 连接池耗尽");
    const json out = InputParamsSanitizer::sanitize({{"query", query}, {"top_k", 5}}, "c", 5);
    QCOMPARE(out.at("query").get<QString>(), query);
    QCOMPARE(out.at("top_k").get<int>(), 5);
}

void TestSanitizer::nonObjectParams()
{
    for (const json& params : {json(), json::array({1, 2}), json("text"), json(3)}) {
        const json out = InputParamsSanitizer::sanitize(params, "c", 2);
        QCOMPARE(out.size(), size_t(2));
        QVERIFY(out.contains("tool_call_id"));
    }
}

void TestSanitizer::surrogatePairNotSplit()
{
    QString text(159, QLatin1Char('a'));
    text += QString::fromUcs4(U"\U0001F600x"); // emoji straddles the 160 boundary
    const QString cut = InputParamsSanitizer::cut(text);
    QCOMPARE(cut.size(), 159);
    QVERIFY(!cut.back().isHighSurrogate());
}

QTEST_GUILESS_MAIN(TestSanitizer)
#include "tst_sanitizer.moc"
