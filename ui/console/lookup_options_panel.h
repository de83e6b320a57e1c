#pragma once
// The console's lookup options: search mode, top-k, category (automatic L0, none, or one
// of the knowledge base's categories) and, for experiments, overrides of the thresholds
// stored with the knowledge base, with a reset back to the stored values.

#include "lookup/lookup_engine.h"
#include "model/lookup_settings.h"

#include <QWidget>

class QComboBox;
class QSpinBox;
class QDoubleSpinBox;
class QCheckBox;
class QLabel;
class QPushButton;

namespace raglens::ui {

class LookupOptionsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LookupOptionsPanel(QWidget* parent = nullptr);

    /// The stored thresholds and categories of the current knowledge base.
    void setKnowledgeBaseSettings(const LookupSettings& settings, const QStringList& categories);

    /// Fills search mode, top-k, category and (when overriding) the settings of `request`.
    void applyTo(LookupRequest& request) const;

    /// The thresholds the next lookup will use.
    LookupSettings effectiveSettings() const;
    bool overridesThresholds() const;

    /// Back to the stored thresholds; overriding switched off.
    void resetToKnowledgeBase();

    QComboBox* modeCombo() const { return m_mode; }
    QSpinBox* topKSpin() const { return m_topK; }
    QComboBox* categoryCombo() const { return m_category; }
    QCheckBox* overrideCheck() const { return m_override; }
    QDoubleSpinBox* minUsableSpin() const { return m_minUsable; }
    QDoubleSpinBox* minEvidenceSpin() const { return m_minEvidence; }
    QDoubleSpinBox* preciseSpin() const { return m_precise; }
    QDoubleSpinBox* referenceSpin() const { return m_reference; }
    QSpinBox* budgetSpin() const { return m_budget; }
    QPushButton* resetButton() const { return m_reset; }

    /// Category combo item data for "automatic (L0)" and "no filter".
    static QString automaticCategory() { return QStringLiteral("\x01auto"); }
    static QString noCategory() { return QStringLiteral("\x01none"); }

signals:
    void optionsChanged();

private:
    QDoubleSpinBox* qualitySpin();
    /// Mode, top-k, category and the override switch.
    void createBasicControls();
    /// The threshold spin boxes, in one row shown while overriding.
    void createThresholdControls();
    void loadThresholds(const LookupSettings& s);
    void updateThresholdRow();

    LookupSettings m_stored;
    QComboBox* m_mode = nullptr;
    QSpinBox* m_topK = nullptr;
    QComboBox* m_category = nullptr;
    QCheckBox* m_override = nullptr;
    QWidget* m_thresholdRow = nullptr;
    QLabel* m_storedSummary = nullptr;
    QDoubleSpinBox* m_minUsable = nullptr;
    QDoubleSpinBox* m_minEvidence = nullptr;
    QDoubleSpinBox* m_precise = nullptr;
    QDoubleSpinBox* m_reference = nullptr;
    QSpinBox* m_budget = nullptr;
    QPushButton* m_reset = nullptr;
};

} // namespace raglens::ui
