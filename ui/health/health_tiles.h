#pragma once
// The health report at a glance: one tile per rate (empty retrieval, retry fallback, tool
// errors) tinted by its severity, one per latency percentile (tinted when over the slow
// retrieval threshold), the run count with how many ended in FALLBACK, and how many of the
// runs people rated they found helpful.

#include "diagnostics/health_report.h"

#include "common/badge_colors.h"

#include <QWidget>

#include <map>
#include <optional>

class QFrame;
class QLabel;

namespace raglens::ui {

class HealthTiles : public QWidget
{
    Q_OBJECT
public:
    enum class Tile
    {
        Runs,
        EmptyRetrieval,
        FallbackRate,
        ErrorRate,
        Satisfaction,
        LatencyP50,
        LatencyP95,
        LatencyP99,
    };

    explicit HealthTiles(QWidget* parent = nullptr);

    void setReport(const HealthReport& report, const DiagnosticThresholds& thresholds);
    void clear();

    QString valueText(Tile tile) const;
    QString detailText(Tile tile) const;
    Tone tone(Tile tile) const;
    /// The tile's fill as painted (follows the palette: light and dark themes).
    QColor background(Tile tile) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Parts
    {
        QFrame* frame = nullptr;
        QLabel* name = nullptr;
        QLabel* value = nullptr;
        QLabel* detail = nullptr;
        Tone tone = Tone::Neutral;
    };
    void addTile(Tile tile, const QString& name, int column);
    void set(Tile tile, const QString& value, const QString& detail, Tone tone,
             const QString& toolTip = {});
    void applyColours();

    std::map<Tile, Parts> m_tiles;
};

} // namespace raglens::ui
