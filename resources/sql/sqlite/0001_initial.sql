-- RagLens audit schema, version 1 (SQLite). Column names are the production contract.
-- Times are ISO 8601 UTC text with milliseconds; JSON columns are text.
CREATE TABLE IF NOT EXISTS diagnosis_run (
    run_id            TEXT PRIMARY KEY,
    session_id        TEXT NOT NULL,
    user_id           TEXT,
    question          TEXT,
    status            TEXT NOT NULL DEFAULT 'RUNNING',
    release_outcome   TEXT,
    content_type      TEXT,
    fallback_reason   TEXT,
    tool_call_count   INTEGER NOT NULL DEFAULT 0,
    total_token_count INTEGER NOT NULL DEFAULT 0,
    started_at        TEXT NOT NULL,
    finished_at       TEXT
);
CREATE TABLE IF NOT EXISTS agent_step (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id        TEXT NOT NULL,
    step_index    INTEGER NOT NULL,
    agent_name    TEXT,
    has_tool_call INTEGER NOT NULL DEFAULT 0,
    token_count   INTEGER NOT NULL DEFAULT 0,
    started_at    TEXT,
    finished_at   TEXT
);
CREATE TABLE IF NOT EXISTS tool_invocation (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id            TEXT,
    session_id        TEXT,
    step_id           INTEGER,
    tool_call_id      TEXT,
    tool_name         TEXT NOT NULL,
    retrieval_layer   TEXT,
    relevance_level   TEXT,
    l0_match_count    INTEGER,
    l1_match_count    INTEGER,
    is_truncated      INTEGER NOT NULL DEFAULT 0,
    retrieval_details TEXT,
    output_preview    TEXT,
    input_params      TEXT,
    duration_ms       INTEGER,
    success           INTEGER NOT NULL DEFAULT 1,
    error_message     TEXT,
    dedup_reason      TEXT,
    created_at        TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS diagnosis_trace (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT,
    run_id     TEXT,
    step_id    INTEGER,
    event_type TEXT NOT NULL,
    details    TEXT,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS run_feedback (
    run_id     TEXT NOT NULL,
    satisfied  INTEGER,
    comment    TEXT,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS lookup_trace_sample (
    invocation_id INTEGER PRIMARY KEY,
    reason        TEXT,
    lookup_result TEXT NOT NULL,
    created_at    TEXT
);
CREATE INDEX IF NOT EXISTS idx_run_session ON diagnosis_run (session_id, started_at);
CREATE INDEX IF NOT EXISTS idx_run_outcome_time ON diagnosis_run (release_outcome, started_at);
CREATE INDEX IF NOT EXISTS idx_run_started ON diagnosis_run (started_at);
CREATE INDEX IF NOT EXISTS idx_step_run ON agent_step (run_id, step_index);
CREATE INDEX IF NOT EXISTS idx_invocation_run_step ON tool_invocation (run_id, step_id);
CREATE INDEX IF NOT EXISTS idx_invocation_session ON tool_invocation (session_id);
CREATE INDEX IF NOT EXISTS idx_invocation_created ON tool_invocation (created_at);
CREATE INDEX IF NOT EXISTS idx_trace_run ON diagnosis_trace (run_id, created_at);
CREATE INDEX IF NOT EXISTS idx_feedback_run ON run_feedback (run_id);
