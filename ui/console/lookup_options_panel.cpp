#include "console/lookup_options_panel.h"

#include "common/display_format.h"

#include "common/combo_fit.h"
#include "model/vocabulary.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

namespace raglens::ui {

LookupOptionsPanel::LookupOptionsPanel(QWidget* parent) : QWidget(parent)
{
    createBasicControls();
    auto* basics = new QHBoxLayout;
    basics->setContentsMargins(0, 0, 0, 0);
    basics->addWidget(new QLabel(tr("Mode:"), this));
    basics->addWidget(m_mode);
    basics->addSpacing(8);
    basics->addWidget(new QLabel(tr("Top-k:"), this));
    basics->addWidget(m_topK);
    basics->addSpacing(8);
    basics->addWidget(new QLabel(tr("Category:"), this));
    basics->addWidget(m_category, 1);
    basics->addSpacing(8);
    basics->addWidget(m_override);

    createThresholdControls();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(basics);
    layout->addWidget(m_thresholdRow);
    layout->addWidget(m_storedSummary);

    loadThresholds(m_stored);
    connect(m_reset, &QPushButton::clicked, this, &LookupOptionsPanel::resetToKnowledgeBase);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &LookupOptionsPanel::optionsChanged);
    connect(m_category, &QComboBox::currentIndexChanged, this, &LookupOptionsPanel::optionsChanged);
    connect(m_topK, &QSpinBox::valueChanged, this, &LookupOptionsPanel::optionsChanged);
    connect(m_override, &QCheckBox::toggled, this, [this] {
        updateThresholdRow();
        emit optionsChanged();
    });
    updateThresholdRow();
}

void LookupOptionsPanel::createBasicControls()
{
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("searchModeCombo"));
    m_mode->addItem(tr("Hybrid (dense + BM25)"), vocab::kModeHybrid);
    m_mode->addItem(tr("Dense only"), vocab::kModeDense);
    // Two short choices, always shown whole (a crowded row shrinks the category instead).
    fitComboToItems(m_mode);
    m_mode->setToolTip(tr("How candidates are scored: FAISS inner product alone, or fused with "
                          "BM25 over the same chunks."));

    m_topK = new QSpinBox(this);
    m_topK->setObjectName(QStringLiteral("topKSpin"));
    m_topK->setRange(1, 50);
    m_topK->setValue(m_stored.topK);
    m_topK->setToolTip(tr("Evidence blocks returned at most."));

    m_category = new QComboBox(this);
    m_category->setObjectName(QStringLiteral("categoryCombo"));
    m_category->setToolTip(tr("Automatic lets the L0 query hints choose a category filter; "
                              "a category forces the filtered attempt; no filter searches "
                              "everything at once."));
    m_category->addItem(tr("Automatic (L0 hints)"), automaticCategory());
    m_category->addItem(tr("No filter"), noCategory());
    m_category->setMinimumContentsLength(14);

    m_override = new QCheckBox(tr("Override thresholds"), this);
    m_override->setObjectName(QStringLiteral("thresholdOverrideCheck"));
    m_override->setToolTip(tr("Experiment with thresholds in this console without changing the "
                              "ones stored with the knowledge base."));
}

void LookupOptionsPanel::createThresholdControls()
{
    m_minUsable = qualitySpin();
    m_minUsable->setObjectName(QStringLiteral("minUsableQualitySpin"));
    m_minUsable->setToolTip(tr("An attempt is usable when its best quality reaches this; "
                               "otherwise the unfiltered retry runs."));
    m_minEvidence = qualitySpin();
    m_minEvidence->setObjectName(QStringLiteral("minEvidenceQualitySpin"));
    m_minEvidence->setToolTip(tr("Candidates under this quality are dropped."));
    m_precise = qualitySpin();
    m_precise->setObjectName(QStringLiteral("preciseQualitySpin"));
    m_precise->setToolTip(tr("Relevance is PRECISE when the best quality reaches this."));
    m_reference = qualitySpin();
    m_reference->setObjectName(QStringLiteral("referenceQualitySpin"));
    m_reference->setToolTip(tr("Relevance is REFERENCE when the best quality reaches this."));
    m_budget = new QSpinBox(this);
    m_budget->setObjectName(QStringLiteral("contextBudgetSpin"));
    m_budget->setRange(200, 200000);
    m_budget->setSingleStep(500);
    m_budget->setSuffix(tr(" chars"));
    m_budget->setToolTip(tr("Character budget of the context pack."));
    m_reset = new QPushButton(tr("Reset to KB settings"), this);
    m_reset->setObjectName(QStringLiteral("resetThresholdsButton"));

    // One row of spin boxes while overriding; otherwise one line saying what is in force.
    m_thresholdRow = new QWidget(this);
    auto* row = new QHBoxLayout(m_thresholdRow);
    row->setContentsMargins(0, 0, 0, 0);
    const std::pair<QString, QWidget*> fields[] = {{tr("Min usable:"), m_minUsable},
                                                   {tr("Min evidence:"), m_minEvidence},
                                                   {tr("PRECISE at:"), m_precise},
                                                   {tr("REFERENCE at:"), m_reference},
                                                   {tr("Context budget:"), m_budget}};
    for (const auto& [label, field] : fields) {
        row->addWidget(new QLabel(label, m_thresholdRow));
        row->addWidget(field);
        row->addSpacing(6);
    }
    row->addWidget(m_reset);
    row->addStretch(1);
    m_storedSummary = new QLabel(this);
    m_storedSummary->setObjectName(QStringLiteral("storedThresholdsLabel"));
    m_storedSummary->setEnabled(false); // muted: information, not a control
}

QDoubleSpinBox* LookupOptionsPanel::qualitySpin()
{
    auto* spin = new QDoubleSpinBox(this);
    spin->setRange(0.0, 1.0);
    spin->setDecimals(2);
    spin->setSingleStep(0.05);
    connect(spin, &QDoubleSpinBox::valueChanged, this, &LookupOptionsPanel::optionsChanged);
    return spin;
}

void LookupOptionsPanel::loadThresholds(const LookupSettings& s)
{
    m_minUsable->setValue(s.minUsableQuality);
    m_minEvidence->setValue(s.minEvidenceQuality);
    m_precise->setValue(s.preciseQuality);
    m_reference->setValue(s.referenceQuality);
    m_budget->setValue(s.contextBudgetChars);
}

void LookupOptionsPanel::updateThresholdRow()
{
    m_thresholdRow->setVisible(m_override->isChecked());
    m_storedSummary->setVisible(!m_override->isChecked());
    m_storedSummary->setText(
        tr("Thresholds from the knowledge base: usable ≥ %1 · evidence ≥ %2 · PRECISE ≥ %3 · "
           "REFERENCE ≥ %4 · context pack %5 chars")
            .arg(displayNumber(m_stored.minUsableQuality, 2))
            .arg(displayNumber(m_stored.minEvidenceQuality, 2))
            .arg(displayNumber(m_stored.preciseQuality, 2))
            .arg(displayNumber(m_stored.referenceQuality, 2))
            .arg(m_stored.contextBudgetChars));
}

void LookupOptionsPanel::setKnowledgeBaseSettings(const LookupSettings& settings,
                                                  const QStringList& categories)
{
    m_stored = settings;
    const QString previousCategory = m_category->currentData().toString();
    m_category->blockSignals(true);
    while (m_category->count() > 2)
        m_category->removeItem(2);
    for (const QString& c : categories)
        m_category->addItem(c, c);
    const int keep = m_category->findData(previousCategory);
    m_category->setCurrentIndex(keep >= 0 ? keep : 0);
    m_category->blockSignals(false);

    const int mode = m_mode->findData(settings.searchMode);
    m_mode->setCurrentIndex(mode >= 0 ? mode : 0);
    m_topK->setValue(settings.topK);
    if (!m_override->isChecked())
        loadThresholds(settings);
    updateThresholdRow();
    emit optionsChanged();
}

void LookupOptionsPanel::resetToKnowledgeBase()
{
    loadThresholds(m_stored);
    m_override->setChecked(false);
    updateThresholdRow();
}

bool LookupOptionsPanel::overridesThresholds() const
{
    return m_override->isChecked();
}

LookupSettings LookupOptionsPanel::effectiveSettings() const
{
    LookupSettings s = m_stored;
    s.searchMode = m_mode->currentData().toString();
    s.topK = m_topK->value();
    if (overridesThresholds()) {
        s.minUsableQuality = m_minUsable->value();
        s.minEvidenceQuality = m_minEvidence->value();
        s.preciseQuality = m_precise->value();
        s.referenceQuality = m_reference->value();
        s.contextBudgetChars = m_budget->value();
    }
    return s;
}

void LookupOptionsPanel::applyTo(LookupRequest& request) const
{
    request.searchMode = m_mode->currentData().toString();
    request.topK = m_topK->value();
    const QString category = m_category->currentData().toString();
    if (category == automaticCategory()) {
        request.category.clear();
        request.autoCategory = true;
    } else if (category == noCategory()) {
        request.category.clear();
        request.autoCategory = false;
    } else {
        request.category = category;
        request.autoCategory = false;
    }
    if (overridesThresholds())
        request.settingsOverride = effectiveSettings();
    else
        request.settingsOverride.reset();
}

} // namespace raglens::ui
