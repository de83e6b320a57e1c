#pragma once
// Runs an eval in a worker thread for the GUI: opens the knowledge base, reads the set,
// runs every case (EvalRunner spreads each batch over the cores) and reports progress,
// completion, cancellation or failure as signals on the UI thread.

#include "eval/eval_report.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace raglens::ui {

struct EvalRunSpec
{
    QString kbDir;
    QString setPath;
    int k = 5;
};

class EvalRunController : public QObject
{
    Q_OBJECT
public:
    explicit EvalRunController(QObject* parent = nullptr);
    ~EvalRunController() override;

    /// Ignored while a run is in progress.
    void start(const EvalRunSpec& spec);
    /// Stops after the current batch; finished() then carries the partial report.
    void cancel();
    bool isRunning() const;

signals:
    void started();
    void progress(int done, int total);
    /// report.cancelled tells a cancelled run from a complete one.
    void finished(const raglens::EvalReport& report);
    /// Translated reason: unreadable KB, unreadable or malformed set.
    void failed(const QString& message);

private:
    struct Outcome;
    QFutureWatcher<std::shared_ptr<Outcome>>* m_watcher = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancel;
};

} // namespace raglens::ui
