#include "report/attempt_svg.h"

#include "report/html_text.h"

#include <QCoreApplication>

namespace raglens::report {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(AttemptSvg)
};

// The drawing's columns, in SVG user units (it scales with the page).
constexpr double kWidth = 960;
constexpr double kLabelRight = 210; // attempt names end here
constexpr double kTimeLeft = 220;
constexpr double kTimeRight = 640;
constexpr double kGaugeLeft = 690;
constexpr double kGaugeRight = 900;
constexpr double kRow = 38;
constexpr double kHeader = 24;

QString num(double v)
{
    return QString::number(v, 'f', 1);
}

QString attemptClass(const DetailsAttempt& a, const QString& selected)
{
    if (!a.errorMessage.isEmpty())
        return QStringLiteral("failed");
    return a.name == selected ? QStringLiteral("used") : QStringLiteral("unused");
}

/// What the bar says: duration, candidates, usable or not.
QString barText(const DetailsAttempt& a)
{
    QStringList parts;
    parts << (a.durationMs ? Tr::tr("%1 ms").arg(*a.durationMs, 0, 'f', 0) : Tr::tr("time ?"));
    if (a.candidateCount)
        parts << Tr::tr("candidates: %1").arg(*a.candidateCount);
    if (a.usable)
        parts << (*a.usable ? Tr::tr("usable") : Tr::tr("not usable"));
    if (!a.errorMessage.isEmpty())
        parts << Tr::tr("error");
    return parts.join(QStringLiteral(" · "));
}

} // namespace

QString attemptTimelineSvg(const interpret::InvocationFacts& facts)
{
    const std::vector<DetailsAttempt>& attempts = facts.attempts;
    if (attempts.empty())
        return element(QStringLiteral("p"), Tr::tr("No attempt was recorded for this lookup."),
                       QStringLiteral("muted"));
    // Attempts run one after another: each starts where the one before ended. Without any
    // recorded duration every attempt gets the same share of the axis.
    double total = 0;
    bool anyTime = false;
    for (const DetailsAttempt& a : attempts) {
        total += a.durationMs.value_or(0);
        anyTime = anyTime || a.durationMs.has_value();
    }
    const bool timed = anyTime && total > 0; // all zero: laid out as if untimed
    const double span = kTimeRight - kTimeLeft;
    const double height = kHeader + kRow * double(attempts.size()) + 8;
    const double threshold = qBound(0.0, facts.usableThreshold, 1.0);
    const double thresholdX = kGaugeLeft + threshold * (kGaugeRight - kGaugeLeft);
    const QString label = Tr::tr("Attempts of this lookup (%1) on a time axis of %2 ms, with the "
                                 "top similarity of each against the usable threshold %3")
                              .arg(attempts.size())
                              .arg(total, 0, 'f', 0)
                              .arg(threshold, 0, 'f', 2);
    QString svg = QStringLiteral("<svg class=\"attempts\" xmlns=\"http://www.w3.org/2000/svg\" "
                                 "viewBox=\"0 0 %1 %2\" role=\"img\" aria-label=\"%3\">"
                                 "<title>%3</title>")
                      .arg(num(kWidth), num(height), esc(label));
    svg += QStringLiteral("<text x=\"%1\" y=\"15\">%2</text>")
               .arg(num(kTimeLeft), esc(anyTime ? Tr::tr("time, %1 ms in all").arg(total, 0, 'f', 0)
                                                : Tr::tr("order (no duration recorded)")));
    svg += QStringLiteral("<text x=\"%1\" y=\"15\">%2</text>")
               .arg(num(kGaugeLeft),
                    esc(Tr::tr("top similarity · usable ≥ %1").arg(threshold, 0, 'f', 2)));
    double start = 0;
    for (size_t i = 0; i < attempts.size(); ++i) {
        const DetailsAttempt& a = attempts[i];
        const double y = kHeader + kRow * double(i);
        const double share =
            timed ? a.durationMs.value_or(0) / total : 1.0 / double(attempts.size());
        const double x = kTimeLeft + (timed ? start / total : double(i) * share) * span;
        const double width = qMax(3.0, share * span);
        start += a.durationMs.value_or(0);
        const QString filter = a.categoryFilter.isEmpty()
                                   ? Tr::tr("no category filter")
                                   : Tr::tr("filter: %1").arg(a.categoryFilter);
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"end\" "
                              "font-weight=\"600\">%3</text>")
                   .arg(num(kLabelRight), num(y + 15), esc(a.name));
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"end\" "
                              "class=\"muted\" font-size=\"11\">%3</text>")
                   .arg(num(kLabelRight), num(y + 29), esc(filter));
        svg += QStringLiteral("<line class=\"axis\" x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\"/>")
                   .arg(num(kTimeLeft), num(y + 20), num(kTimeRight));
        svg += QStringLiteral("<rect class=\"%1\" x=\"%2\" y=\"%3\" width=\"%4\" height=\"14\" "
                              "rx=\"3\"/>")
                   .arg(attemptClass(a, facts.selectedAttempt), num(x), num(y + 4), num(width));
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\">%3</text>")
                   .arg(num(qMin(x, kTimeRight - 150)), num(y + 32), esc(barText(a)));
        // The gauge: how close the best candidate came, against the usable threshold.
        svg += QStringLiteral("<rect class=\"gauge\" x=\"%1\" y=\"%2\" width=\"%3\" "
                              "height=\"12\"/>")
                   .arg(num(kGaugeLeft), num(y + 6), num(kGaugeRight - kGaugeLeft));
        if (a.topSimilarity) {
            const double level = qBound(0.0, *a.topSimilarity, 1.0);
            svg += QStringLiteral("<rect class=\"level\" x=\"%1\" y=\"%2\" width=\"%3\" "
                                  "height=\"12\"/>")
                       .arg(num(kGaugeLeft), num(y + 6),
                            num(qMax(1.0, level * (kGaugeRight - kGaugeLeft))));
        }
        svg += QStringLiteral("<line class=\"threshold\" x1=\"%1\" y1=\"%2\" x2=\"%1\" "
                              "y2=\"%3\"/>")
                   .arg(num(thresholdX), num(y + 2), num(y + 22));
        svg += QStringLiteral("<text x=\"%1\" y=\"%2\">%3</text>")
                   .arg(num(kGaugeRight + 8), num(y + 17), esc(number(a.topSimilarity, 3)));
    }
    return svg + QStringLiteral("</svg>");
}

} // namespace raglens::report
