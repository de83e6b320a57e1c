#pragma once
// "Replay against local KB": looks a recorded lookup_knowledge invocation up again in a
// worker thread and shows what changed (ReplayDiffView) next to the replayed LookupResult.
// Non-modal; the window keeps working while the replay runs.

#include "model/diagnosis_trace.h"
#include "replay/replay_runner.h"

#include <QDialog>
#include <QFutureWatcher>

#include <memory>

class QLabel;
class QPushButton;
class QTabWidget;

namespace raglens {
class KnowledgeBase;
}

namespace raglens::ui {

class ReplayDiffView;
class LookupResultView;

/// What the replay worker hands back (default-constructible for QFuture).
struct ReplayJobResult
{
    bool ok = false;
    QString error;
    ReplayOutcome outcome;
};

class ReplayDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ReplayDialog(QWidget* parent = nullptr);
    ~ReplayDialog() override;

    void setInvocation(const TraceInvocation& invocation);
    void setKnowledgeBase(std::shared_ptr<KnowledgeBase> kb);

    /// Whether the invocation can be replayed at all; otherwise the reason is shown.
    bool canReplay() const;
    void replay();
    bool isRunning() const;
    bool hasDiff() const { return m_hasDiff; }
    const ReplayDiff& diff() const { return m_diff; }

    QPushButton* replayButton() const { return m_replay; }
    QLabel* statusLabel() const { return m_status; }
    ReplayDiffView* diffView() const { return m_diffView; }
    LookupResultView* replayedView() const { return m_replayedView; }

signals:
    void replayFinished();

private:
    void onFinished();
    void updateState();

    TraceInvocation m_invocation;
    bool m_hasInvocation = false;
    std::shared_ptr<KnowledgeBase> m_kb;
    QString m_blockedReason;
    bool m_hasDiff = false;
    ReplayDiff m_diff;

    QLabel* m_header = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_replay = nullptr;
    QTabWidget* m_tabs = nullptr;
    ReplayDiffView* m_diffView = nullptr;
    LookupResultView* m_replayedView = nullptr;
    QFutureWatcher<ReplayJobResult>* m_watcher = nullptr;
};

} // namespace raglens::ui
