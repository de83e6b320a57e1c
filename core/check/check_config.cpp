#include "check/check_config.h"

#include "check/check_report.h"
#include "common/input_guard.h"

#include <QCoreApplication>
#include <QFile>

namespace raglens::check {

namespace {

using nlohmann::json;

class RulesFile
{
    Q_DECLARE_TR_FUNCTIONS(RulesFile)
public:
    static Expected<CheckConfig> read(const json& root);
};

/// A number setting within [min, max]; an error names it.
Expected<double> numberSetting(const json& object, const char* key, double min, double max,
                               double fallback)
{
    if (!object.contains(key))
        return fallback;
    const json& v = object[key];
    if (!v.is_number() || v.get<double>() < min || v.get<double>() > max)
        return Error{
            QCoreApplication::translate("RulesFile", "'%1' must be a number from %2 to %3.")
                .arg(QString::fromLatin1(key))
                .arg(min)
                .arg(max)};
    return v.get<double>();
}

Expected<CheckConfig> RulesFile::read(const json& root)
{
    CheckConfig c;
    if (!root.is_object())
        return Error{tr("The rules file must hold a JSON object.")};
    for (auto it = root.begin(); it != root.end(); ++it)
        if (it.key() != "rules" && it.key() != "maxFindingsPerRule")
            return Error{
                tr("Unknown key '%1' in the rules file.").arg(QString::fromStdString(it.key()))};
    auto max = numberSetting(root, "maxFindingsPerRule", 0, 100000, c.maxFindingsPerRule);
    if (!max)
        return Error{max.error()};
    c.maxFindingsPerRule = int(*max);
    if (!root.contains("rules"))
        return c;
    const json& rules = root["rules"];
    if (!rules.is_object())
        return Error{tr("'rules' must be an object of rule ids.")};
    // The settings each rule takes besides "enabled".
    const QHash<QString, QStringList> settings = {
        {QStringLiteral("run_consistency"), {QStringLiteral("clockSkewMs")}},
        {QStringLiteral("input_params_contract"),
         {QStringLiteral("maxStringChars"), QStringLiteral("maxRequestBytes")}},
        {QStringLiteral("secrets"),
         {QStringLiteral("highEntropy"), QStringLiteral("minEntropyChars"),
          QStringLiteral("minEntropyBits")}}};
    for (auto it = rules.begin(); it != rules.end(); ++it) {
        const QString id = QString::fromStdString(it.key());
        if (!findRule(id))
            return Error{tr("Unknown rule '%1' in the rules file.").arg(id)};
        const json& rule = it.value();
        if (rule.is_boolean()) { // "secrets": false
            if (!rule.get<bool>())
                c.disabled.insert(id);
            continue;
        }
        if (!rule.is_object())
            return Error{tr("Rule '%1' must be true, false or an object.").arg(id)};
        for (auto s = rule.begin(); s != rule.end(); ++s) {
            const QString key = QString::fromStdString(s.key());
            if (key != QLatin1String("enabled") && !settings.value(id).contains(key))
                return Error{tr("Rule '%1' has no setting '%2'.").arg(id, key)};
        }
        if (rule.contains("enabled")) {
            if (!rule["enabled"].is_boolean())
                return Error{tr("'enabled' of rule '%1' must be true or false.").arg(id)};
            if (!rule["enabled"].get<bool>())
                c.disabled.insert(id);
        }
        const auto number = [&](const char* key, double min, double max, double fallback,
                                auto& out) -> Status {
            auto v = numberSetting(rule, key, min, max, fallback);
            if (!v)
                return Error{v.error()};
            out = static_cast<std::remove_reference_t<decltype(out)>>(*v);
            return ok();
        };
        Status s = ok();
        if (s)
            s = number("clockSkewMs", 0, 86400000, double(c.clockSkewMs), c.clockSkewMs);
        if (s)
            s = number("maxStringChars", 1, 1000000, c.maxStringChars, c.maxStringChars);
        if (s)
            s = number("maxRequestBytes", 1, 1e12, double(c.maxRequestBytes), c.maxRequestBytes);
        if (s)
            s = number("minEntropyChars", 8, 10000, c.minEntropyChars, c.minEntropyChars);
        if (s)
            s = number("minEntropyBits", 0, 16, c.minEntropyBits, c.minEntropyBits);
        if (!s)
            return Error{tr("Rule '%1': %2").arg(id, s.error())};
        if (rule.contains("highEntropy")) {
            if (!rule["highEntropy"].is_boolean())
                return Error{tr("'highEntropy' must be true or false.")};
            c.highEntropy = rule["highEntropy"].get<bool>();
        }
    }
    return c;
}

} // namespace

Expected<CheckConfig> CheckConfig::fromJson(const QByteArray& text)
{
    auto parsed = input_guard::parseJson(std::string_view(text.constData(), size_t(text.size())),
                                         {64, 1024 * 1024});
    if (!parsed)
        return Error{parsed.error()};
    return RulesFile::read(*parsed);
}

Expected<CheckConfig> CheckConfig::fromFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QCoreApplication::translate("RulesFile", "Cannot read the rules file %1: %2")
                         .arg(path, file.errorString())};
    auto config = fromJson(file.read(1024 * 1024 + 1));
    if (!config)
        return Error{QCoreApplication::translate("RulesFile", "%1: %2").arg(path, config.error())};
    return config;
}

} // namespace raglens::check
