#include "health/health_text.h"

#include "diagnostics/invocation_findings.h"

#include <QCoreApplication>
#include <QLocale>

namespace raglens::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(HealthText)
};

} // namespace

Tone severityTone(const QString& s)
{
    if (s == severity::kCritical)
        return Tone::Critical;
    if (s == severity::kWarning)
        return Tone::Warning;
    if (s == severity::kGood)
        return Tone::Good;
    return Tone::Neutral;
}

QString severityText(const QString& s)
{
    if (s == severity::kCritical)
        return Tr::tr("CRITICAL");
    if (s == severity::kWarning)
        return Tr::tr("WARNING");
    if (s == severity::kGood)
        return Tr::tr("GOOD");
    if (s == severity::kNoData)
        return Tr::tr("NO DATA");
    return s;
}

QString findingTitle(const QString& code)
{
    static const struct
    {
        const char* code;
        const char* title;
    } titles[] = {
        {"empty_retrieval", QT_TRANSLATE_NOOP("HealthText", "Empty retrieval")},
        {"low_quality", QT_TRANSLATE_NOOP("HealthText", "Low evidence quality")},
        {"fallback_retry", QT_TRANSLATE_NOOP("HealthText", "Retried without the filter")},
        {"evidence_truncated", QT_TRANSLATE_NOOP("HealthText", "Evidence truncated")},
        {"slow_retrieval", QT_TRANSLATE_NOOP("HealthText", "Slow retrieval")},
        {"slow_tool", QT_TRANSLATE_NOOP("HealthText", "Slow tool call")},
        {"large_context", QT_TRANSLATE_NOOP("HealthText", "Large context")},
        {"legacy_row", QT_TRANSLATE_NOOP("HealthText", "Legacy row")},
        {"malformed_details", QT_TRANSLATE_NOOP("HealthText", "Malformed retrieval details")},
        {"malformed_full_trace", QT_TRANSLATE_NOOP("HealthText", "Malformed full-trace sample")},
        {"tool_error", QT_TRANSLATE_NOOP("HealthText", "Tool error")},
        {"healthy", QT_TRANSLATE_NOOP("HealthText", "Healthy")},
    };
    for (const auto& t : titles)
        if (code == QLatin1String(t.code))
            return Tr::tr(t.title);
    // A rule added to the core later still gets a readable title.
    QString fallback = code;
    fallback.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!fallback.isEmpty())
        fallback[0] = fallback[0].toUpper();
    return fallback;
}

QString problemReasonText(const QString& reason)
{
    if (reason == QLatin1String("empty_retrieval"))
        return Tr::tr("empty retrieval");
    if (reason == QLatin1String("fallback_outcome"))
        return Tr::tr("FALLBACK");
    if (reason == QLatin1String("negative_feedback"))
        return Tr::tr("negative feedback");
    if (reason == QLatin1String("tool_error"))
        return Tr::tr("tool error");
    return reason;
}

QString rateText(double rate)
{
    return Tr::tr("%1 %").arg(QLocale().toString(rate * 100.0, 'f', 1));
}

QString latencyText(const std::optional<qint64>& ms)
{
    if (!ms)
        return Tr::tr("–");
    return Tr::tr("%1 ms").arg(QLocale().toString(*ms));
}

} // namespace raglens::ui
