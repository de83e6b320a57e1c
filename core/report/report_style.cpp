#include "report/report_style.h"

namespace raglens::report {

const QString& reportStyle()
{
    // Plain CSS that every browser of the last decade reads; light and dark follow the
    // reader's system; printing keeps the colours of the badges.
    static const QString css = QStringLiteral(R"(
:root { --fg:#1d2330; --muted:#5b6475; --bg:#ffffff; --panel:#f4f6f9; --line:#d8dde6;
  --good:#1f7a3f; --good-bg:#e3f4e8; --bad:#a4262c; --bad-bg:#fbe6e7; --warn:#8a5a00;
  --warn-bg:#fff2d6; --info:#1f5fa8; --info-bg:#e4eefb; }
@media (prefers-color-scheme: dark) {
  :root { --fg:#e6e9ef; --muted:#a3abba; --bg:#171a21; --panel:#20242d; --line:#363c48;
    --good:#7fd49b; --good-bg:#1d3a27; --bad:#f28b8f; --bad-bg:#45201f; --warn:#f0c468;
    --warn-bg:#3d3218; --info:#8ab8f0; --info-bg:#1e2f47; } }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, "Noto Sans", "Noto Sans CJK SC", sans-serif; color: var(--fg);
  background: var(--bg); margin: 0 auto; max-width: 1040px; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 6px; }
h3 { font-size: 15px; margin: 0 0 6px; } h4 { font-size: 13px; margin: 14px 0 4px;
  color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.meta, .muted { color: var(--muted); }
.notice { background: var(--info-bg); border-left: 4px solid var(--info); padding: 8px 12px; }
.run { border-top: 2px solid var(--line); }
.call { background: var(--panel); border: 1px solid var(--line); border-radius: 6px;
  padding: 12px 14px; margin: 12px 0; }
.verdict { font-weight: 600; margin: 4px 0 8px; }
.cause { border-left: 4px solid var(--bad); padding: 4px 10px; background: var(--bad-bg); }
.badge { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px;
  font-weight: 600; margin-left: 6px; vertical-align: middle; }
.badge.good { color: var(--good); background: var(--good-bg); }
.badge.bad { color: var(--bad); background: var(--bad-bg); }
.badge.warn { color: var(--warn); background: var(--warn-bg); }
.badge.info { color: var(--info); background: var(--info-bg); }
.badge.plain { color: var(--muted); background: var(--panel); border: 1px solid var(--line); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: 4px 0; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line);
  vertical-align: top; overflow-wrap: anywhere; }
th { color: var(--muted); font-weight: 600; }
ol.evidence li { margin: 4px 0; }
blockquote { margin: 4px 0 8px; padding: 6px 10px; border-left: 3px solid var(--line);
  white-space: pre-wrap; font-size: 13px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.4 ui-monospace,
  "DejaVu Sans Mono", monospace; background: var(--panel); padding: 10px;
  border: 1px solid var(--line); border-radius: 4px; }
.finding.CRITICAL { color: var(--bad); } .finding.WARNING { color: var(--warn); }
svg.attempts { width: 100%; height: auto; max-width: 980px; }
svg.attempts text { font: 12px system-ui, "Noto Sans", sans-serif; fill: var(--fg); }
svg.attempts .muted { fill: var(--muted); }
svg.attempts .axis { stroke: var(--line); }
svg.attempts .used { fill: var(--good-bg); stroke: var(--good); }
svg.attempts .unused { fill: var(--panel); stroke: var(--muted); }
svg.attempts .failed { fill: var(--bad-bg); stroke: var(--bad); }
svg.attempts .gauge { fill: var(--panel); stroke: var(--line); }
svg.attempts .level { fill: var(--info); }
svg.attempts .threshold { stroke: var(--bad); stroke-width: 2; }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
@media print { details { display: block; } .call { break-inside: avoid; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
)");
    return css;
}

} // namespace raglens::report
