-- RagLens audit schema, version 1 (MySQL 8 / MariaDB 10.5+). Same tables and columns as
-- sqlite/0001. Times are DATETIME(3) holding UTC (sessions run with time_zone '+00:00');
-- JSON columns are JSON (LONGTEXT with a JSON_VALID check on MariaDB). Indexes are declared
-- inline because MySQL has no CREATE INDEX IF NOT EXISTS. Id columns are VARCHAR(191) so
-- utf8mb4 keys fit the 767-byte index limit of older row formats.
CREATE TABLE IF NOT EXISTS diagnosis_run (
    run_id            VARCHAR(191) NOT NULL PRIMARY KEY,
    session_id        VARCHAR(191) NOT NULL,
    user_id           VARCHAR(191),
    question          TEXT,
    status            VARCHAR(32) NOT NULL DEFAULT 'RUNNING',
    release_outcome   VARCHAR(32),
    content_type      VARCHAR(32),
    fallback_reason   VARCHAR(64),
    tool_call_count   INT NOT NULL DEFAULT 0,
    total_token_count BIGINT NOT NULL DEFAULT 0,
    started_at        DATETIME(3) NOT NULL,
    finished_at       DATETIME(3) NULL,
    INDEX idx_run_session (session_id, started_at),
    INDEX idx_run_outcome_time (release_outcome, started_at),
    INDEX idx_run_started (started_at)
) DEFAULT CHARSET = utf8mb4;
CREATE TABLE IF NOT EXISTS agent_step (
    id            BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    run_id        VARCHAR(191) NOT NULL,
    step_index    INT NOT NULL,
    agent_name    VARCHAR(191),
    has_tool_call BOOLEAN NOT NULL DEFAULT FALSE,
    token_count   BIGINT NOT NULL DEFAULT 0,
    started_at    DATETIME(3) NULL,
    finished_at   DATETIME(3) NULL,
    INDEX idx_step_run (run_id, step_index)
) DEFAULT CHARSET = utf8mb4;
CREATE TABLE IF NOT EXISTS tool_invocation (
    id                BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    run_id            VARCHAR(191),
    session_id        VARCHAR(191),
    step_id           BIGINT,
    tool_call_id      VARCHAR(191),
    tool_name         VARCHAR(191) NOT NULL,
    retrieval_layer   VARCHAR(32),
    relevance_level   VARCHAR(32),
    l0_match_count    INT,
    l1_match_count    INT,
    is_truncated      BOOLEAN NOT NULL DEFAULT FALSE,
    retrieval_details JSON,
    output_preview    TEXT,
    input_params      JSON,
    duration_ms       BIGINT,
    success           BOOLEAN NOT NULL DEFAULT TRUE,
    error_message     TEXT,
    dedup_reason      VARCHAR(191),
    created_at        DATETIME(3) NOT NULL,
    INDEX idx_invocation_run_step (run_id, step_id),
    INDEX idx_invocation_session (session_id),
    INDEX idx_invocation_created (created_at)
) DEFAULT CHARSET = utf8mb4;
CREATE TABLE IF NOT EXISTS diagnosis_trace (
    id         BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    session_id VARCHAR(191),
    run_id     VARCHAR(191),
    step_id    BIGINT,
    event_type VARCHAR(64) NOT NULL,
    details    JSON,
    created_at DATETIME(3) NOT NULL,
    INDEX idx_trace_run (run_id, created_at)
) DEFAULT CHARSET = utf8mb4;
CREATE TABLE IF NOT EXISTS run_feedback (
    run_id     VARCHAR(191) NOT NULL,
    satisfied  BOOLEAN,
    comment    TEXT,
    created_at DATETIME(3) NOT NULL,
    INDEX idx_feedback_run (run_id)
) DEFAULT CHARSET = utf8mb4;
CREATE TABLE IF NOT EXISTS lookup_trace_sample (
    invocation_id BIGINT NOT NULL PRIMARY KEY,
    reason        VARCHAR(191),
    lookup_result JSON NOT NULL,
    created_at    DATETIME(3) NULL
) DEFAULT CHARSET = utf8mb4;
