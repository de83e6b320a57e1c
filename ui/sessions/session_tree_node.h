#pragma once
// The private node of SessionTreeModel, shared by its two source files. Each node owns
// its children; `loaded` says whether they were read from the database yet.

#include "interpret/run_facts.h"
#include "sessions/session_tree_model.h"

#include <variant>

namespace raglens::ui {

struct SessionTreeModel::Node
{
    Kind kind = Kind::Root;
    Node* parent = nullptr;
    int row = 0;
    bool loaded = false;     ///< children read from the database (or asked for)
    bool loading = false;    ///< asked for, not arrived yet
    QString loadError;       ///< why reading the children failed; kept until the tree is read again
    bool refreshing = false; ///< follow mode is reading the children again
    bool fresh = false;      ///< a session follow mode inserted, not acknowledged yet
    std::vector<std::unique_ptr<Node>> children;
    std::variant<std::monostate, SessionRow, TraceRun, TraceStep, TraceInvocation> value;
    /// Invocations: their interpretation, derived once when the row arrives.
    std::optional<interpret::InvocationFacts> facts;
    /// Runs: why the run fell back, known once its invocations are loaded.
    std::optional<interpret::RunFallbackCause> cause;

    template <typename T> Node* add(Kind k, T v)
    {
        auto node = std::make_unique<Node>();
        node->kind = k;
        node->parent = this;
        node->row = int(children.size());
        node->value = std::move(v);
        children.push_back(std::move(node));
        return children.back().get();
    }
    const SessionRow& session() const { return std::get<SessionRow>(value); }
    const TraceRun& run() const { return std::get<TraceRun>(value); }
    const TraceStep& step() const { return std::get<TraceStep>(value); }
    const TraceInvocation& invocation() const { return std::get<TraceInvocation>(value); }
    const interpret::InvocationFacts& invocationFacts() const
    {
        Q_ASSERT(facts);
        return *facts;
    }
};

/// A run's steps and invocations, read together.
struct SessionTreeModel::RunRows
{
    std::vector<TraceStep> steps;
    std::vector<TraceInvocation> invocations;
};

} // namespace raglens::ui
