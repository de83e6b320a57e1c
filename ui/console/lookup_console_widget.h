#pragma once
// LookupConsoleWidget: "what would the tool have returned?" — a query box with lookup
// options, the lookup run in a worker thread (the window never blocks), the full
// LookupResult beside the agent's view of it, and an optional recording of the lookup
// through the audit boundary into a writable audit database as a local session/run/step.

#include "db/database_location.h"
#include "model/lookup_result.h"
#include "model/rag_tool_result.h"

#include <QFutureWatcher>
#include <QWidget>

#include <optional>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace raglens {
class KnowledgeBase;
}

namespace raglens::ui {

class LookupOptionsPanel;
class ConsoleResultPanes;
struct ConsoleLookupOutcome;

class LookupConsoleWidget : public QWidget
{
    Q_OBJECT
public:
    explicit LookupConsoleWidget(QWidget* parent = nullptr);
    ~LookupConsoleWidget() override;

    void setKnowledgeBase(std::shared_ptr<KnowledgeBase> kb);
    std::shared_ptr<KnowledgeBase> knowledgeBase() const { return m_kb; }

    /// Where "Record into audit database" writes; an empty path switches recording off.
    /// Only a RagLens-owned (writable) database can be recorded into.
    void setAuditDatabase(const QString& pathOrUrl);
    /// `writable`, when the caller knows it (the window's open database), spares opening the
    /// database again here to find out.
    void setAuditDatabase(const DatabaseLocation& location,
                          std::optional<bool> writable = std::nullopt);
    bool canRecord() const { return m_canRecord; }
    void setRecording(bool on);
    bool isRecording() const;

    /// The local session console lookups are recorded under.
    QString sessionId() const { return m_sessionId; }

    /// Puts `query` in the box and runs it (used by the eval panel's "open case in console").
    void runQuery(const QString& query);
    bool isRunning() const;

    bool hasResult() const { return m_hasResult; }
    const LookupResult& lastResult() const { return m_lastResult; }
    const RagToolResult& lastAgentResult() const { return m_lastAgent; }

    QLineEdit* queryEdit() const { return m_query; }
    QPushButton* runButton() const { return m_run; }
    QCheckBox* recordCheck() const { return m_record; }
    QPushButton* addToEvalButton() const { return m_addToEval; }
    QLabel* statusLabel() const { return m_status; }
    LookupOptionsPanel* options() const { return m_options; }
    ConsoleResultPanes* resultPanes() const { return m_panes; }

signals:
    /// A lookup finished (recorded or not).
    void lookupFinished();
    /// A lookup was recorded; the window selects it in the session tree.
    void recorded(const QString& sessionId, const QString& runId, qint64 invocationId);
    /// "Add to Eval Set…" on the last result; the window opens the dialog.
    void addToEvalSetRequested();

private:
    void startLookup();
    void onLookupDone();
    void updateEnabled();
    void showOutcome(const ConsoleLookupOutcome& out);

    std::shared_ptr<KnowledgeBase> m_kb;
    DatabaseLocation m_database;
    bool m_hasDatabase = false;
    bool m_canRecord = false;
    QString m_sessionId;
    QString m_pendingQuery;
    bool m_hasPending = false;

    QLineEdit* m_query = nullptr;
    QPushButton* m_run = nullptr;
    QCheckBox* m_record = nullptr;
    QPushButton* m_addToEval = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_kbLabel = nullptr;
    LookupOptionsPanel* m_options = nullptr;
    ConsoleResultPanes* m_panes = nullptr;

    QFutureWatcher<ConsoleLookupOutcome>* m_watcher = nullptr;
    bool m_hasResult = false;
    LookupResult m_lastResult;
    RagToolResult m_lastAgent;
};

} // namespace raglens::ui
