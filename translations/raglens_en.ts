<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About RagLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;RagLens %1&lt;/h3&gt;&lt;p&gt;A desktop inspector for the retrieval step of LLM diagnosis agents: sessions, runs, steps and every &lt;code&gt;lookup_knowledge&lt;/code&gt; call, with its attempts, evidence and relevance.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AtomicFile</name>
    <message>
        <source>the data could not be written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an SQLite database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an SQLite write-ahead log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an SQLite rollback journal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2: RagLens does not write over it; choose another file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttemptSvg</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time ?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>candidates: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No attempt was recorded for this lookup.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts of this lookup (%1) on a time axis of %2 ms, with the top similarity of each against the usable threshold %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time, %1 ms in all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order (no duration recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top similarity · usable ≥ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no category filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filter: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttemptTimelineWidget</name>
    <message>
        <source>&lt; 1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · candidates: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditBrowser</name>
    <message>
        <source>the database file is corrupt (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (is the disk full?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the audit database stopped early: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost the connection to %1 (%2), and reconnecting failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the audit database: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2 table; is it a RagLens/agent audit database?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run &apos;%1&apos; in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tool invocation with id %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2 column in its %3 table: RagLens needs it to tie calls to their runs and sessions; is it a RagLens/agent audit database?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the audit database: %1. The database orders an index by the collation %2, which only the program that wrote it has; RagLens cannot compare those columns without it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditCheck</name>
    <message>
        <source>This database has no agent_step table: step checks are skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no diagnosis_trace table: timeline checks are skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No session &apos;%1&apos; in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no started_at column: a time window cannot be checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls without a run row have no start time and are not in a time window; check without --since/--until to include them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switched off by the rules file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit check was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls without a recorded run are in the window by their own created_at; a run named by such calls is checked whole when one of its calls is in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n diagnosis_run row(s) have no run_id: RagLens does not count them as runs (lists, health and traces leave them out)</source>
        <translation>
            <numerusform>%n diagnosis_run row has no run_id: RagLens does not count it as a run (lists, health and traces leave it out)</numerusform>
            <numerusform>%n diagnosis_run rows have no run_id: RagLens does not count them as runs (lists, health and traces leave them out)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n diagnosis_run row(s) have a run_id but no session_id: RagLens does not count them as runs; their calls show under the calls&apos; own session as a run without its row (lists, health and traces alike)</source>
        <translation>
            <numerusform>%n diagnosis_run row has a run_id but no session_id: RagLens does not count it as a run; its calls show under the calls&apos; own session as a run without its row (lists, health and traces alike)</numerusform>
            <numerusform>%n diagnosis_run rows have a run_id but no session_id: RagLens does not count them as runs; their calls show under the calls&apos; own session as a run without its row (lists, health and traces alike)</numerusform>
        </translation>
    </message>
    <message>
        <source>The run ids of %1 do not sort past %2: the check stopped there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no id column in agent_step: no call&apos;s step_id can name a step, so calls are not checked against their run&apos;s steps, nor steps against their calls.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no input_params column in tool_invocation: calls&apos; parameters are not checked, nor their tool_call_id and step_id against them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no retrieval_details column in tool_invocation: lookups&apos; details are not checked (rag_lookup_v1 shape, their tool_call_id).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no has_tool_call column in agent_step: steps are not checked against the calls that name them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no details column in diagnosis_trace: calls are not checked against their timeline events.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditDatabase</name>
    <message>
        <source>%1 is not a readable database: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No schema files for %1 in this build.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has schema version %2, newer than this RagLens (%3). Update RagLens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the schema-version table: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migration %1 (%2) failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot record migration %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot commit migration %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1 without changing it: it has a write-ahead log nobody applied, and a private copy could not be made in %2. Free some space there, or open it with --write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has a write-ahead log that no writer has applied (%1-wal without -shm). RagLens shows a private copy with the log applied, so nothing beside the file changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Qt SQL driver %1 is not installed (needed for %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No such database file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is locked by another program that is writing to it (%2); try again when it has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot list the tables of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the schemas of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PostgreSQL database %1 has no schema &quot;%2&quot; (create it with CREATE SCHEMA, or name another in ?schema=).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot use the schema &quot;%1&quot; of %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot tell whether the connection to %1 is encrypted: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to %1 is not encrypted: the server offers no TLS. RagLens does not read over it in the clear when the URL asks for TLS (ssl-…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1 without changing it: a writer stopped in the middle of a transaction and left its rollback journal, and a private copy could not be made in %2. Free some space there, or open it with --write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A writer stopped in the middle of a transaction and left its rollback journal (%1-journal). RagLens shows a private copy with that transaction rolled back, as SQLite would, so nothing beside the file changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A writer of %1 stopped in the middle of a transaction and left its rollback journal (%2-journal), which a reader cannot roll back. RagLens reads such a file from a private copy, which cannot follow new writes: open it without following or serving, or let the agent (any SQLite writer) open it once to roll the transaction back.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditRows</name>
    <message>
        <source>
… cut here: the cell holds %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON: the text begins with a byte-order mark (U+FEFF)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditSink</name>
    <message>
        <source>The insert returned no id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The insert returned a non-numeric id.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BilingualDictionary</name>
    <message>
        <source>The dictionary %1 has no usable entries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the dictionary %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the dictionary %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CallIdentity</name>
    <message>
        <source>tool_invocation has no tool_call_id column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_call_id column is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input_params has no tool_call_id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input_params.tool_call_id &apos;%1&apos; differs from the column &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrieval_details has no tool_call_id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrieval_details.tool_call_id &apos;%1&apos; differs from the column &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_call_id &apos;%1&apos; is also used by invocation %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no invocations in scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invocation id %1 is held by %2 rows: the table has no key on id, and every count through it is multiplied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the call has neither a run_id nor a session_id: no session or run shows it; health counts it among the calls without a run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CheckRules</name>
    <message>
        <source>Step binding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every call names a step of its own run; steps with has_tool_call = 1 have a call and steps with 0 have none; input_params.step_id and the call&apos;s timeline event agree with the column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call identity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_call_id is in the column, in input_params and (for lookups) in retrieval_details, the same in all three, and used by one invocation only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input_params contract</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An object of scalars and string arrays with tool_call_id and a plausible request_bytes, every string at most 160 characters, no key posing as a reserved one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No leaked secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No credential-named key in input_params and no credential-looking value in input_params, output_preview, error_message, retrieval_details or the question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rag_lookup_v1 shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookups carry rag_lookup_v1 details with every required key and valid words; counts agree; the selected attempt ran; a retry says why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run consistency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  … and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every rule passed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some rules failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_call_count and total_token_count match the rows, a FALLBACK run records its cause, its calls name its session, and times nest: run ⊇ steps ⊇ calls (within the clock-skew tolerance).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was checked: no rows in scope.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConsoleRecorder</name>
    <message>
        <source>%1 is read-only (RagLens did not create it); the lookup was not recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup ran but its audit row was not written: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContentHash</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DatabaseLocation</name>
    <message>
        <source>No database given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a valid database URL: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported database URL scheme &apos;%1&apos;: use a file path, postgresql:// or mysql://.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not put a password in the database URL; set RAGLENS_DB_PASSWORD instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database URL has no host: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database URL names no database (…/dbname): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database URL parameter &apos;%1&apos; is not one RagLens passes on; %2 URLs take %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database URL gives &apos;%1&apos; twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database URL parameter &apos;%1&apos; has no value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database URL parameter &apos;%1&apos; cannot hold spaces, &apos;;&apos;, quotes or backslashes: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connect_timeout is a number of seconds above 0, not &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An SQLite URL takes no parameters (?%1): give the file&apos;s path.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoScenarioSet</name>
    <message>
        <source>%1: a tool call has no &quot;tool&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: a lookup_knowledge call has no query.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario file is not a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported scenario file version %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario file has no &quot;sessions&quot; array.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A session has no session_id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session %1 appears twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session %1 has no valid started_at.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session %1 has no runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run of session %1 has no run_id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 appears twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 has no steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1, step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoWorkspace</name>
    <message>
        <source>This build carries no demo knowledge base.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bundled demo knowledge base is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creating the demo workspace was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the workspace folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extracting the demo runbooks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing the demo knowledge base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing the demo knowledge base (%1/%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not created by RagLens; the demo will not write into it. Choose an empty folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording session %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot remove the half-written session %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot finish %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot move %1 into place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo workspace is ready</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <source>The tool call failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the tool&apos;s logs around %1; the agent got no evidence from this call.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrieval_details is not valid JSON (%1); attempt data is unavailable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The column was probably cut by a size limit: widen it or shorten what the enricher stores.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legacy row: relevance_level holds the evidence status &apos;%1&apos;; the level is read as none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written by an older agent; compare it with newer rows with care.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup ran but reported ERROR: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the attempts&apos; error messages and the knowledge base&apos;s index.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The row records no evidence status, so whether the agent got evidence is unknown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The writer left evidence_status out of retrieval_details; check its audit_schema version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup returned no evidence: the unfiltered search returned no candidates at all, so the search backend returned nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup returned no evidence; the agent had nothing to ground its answer on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspect the environment before the knowledge base: check the vector store, its collection and the embedder, then replay the query against a local knowledge base.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that the knowledge base covers this question (add a runbook), and add the query to the eval set as a problem query.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average evidence quality %1 is under %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The evidence is only loosely related: improve the runbook&apos;s wording or headings, or tune the hybrid weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filtered search was not usable; the unfiltered retry was used (retry reason: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The category filter &apos;%1&apos; chosen from L0 hints was wrong or too narrow: review the category&apos;s aliases and the L0 dictionary.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the context pack was cut to its character budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent was given shortened excerpts or fewer blocks than found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence was truncated (the row does not say which way).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence was truncated: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raise the context budget or return fewer, shorter blocks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrieval took %1 ms (over %2 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the index type (HNSW above the size threshold) and the embedder backend&apos;s latency.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About %1 tokens of context (over %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower top-k or the context budget; long contexts dilute the evidence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool took %1 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence found, usable on the first attempt, in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a retrieval; the call succeeded in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The row records the evidence status &apos;%1&apos;, which is not one RagLens knows, so whether the agent got evidence is unknown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The writer uses its own evidence_status words; check its audit_schema version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The row&apos;s evidence status cannot be read: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Have the writer store retrieval_details as a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The full-trace sample (lookup_trace_sample) is not valid JSON (%1); the evidence and the context pack it would show are unavailable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup_result column was probably cut by a size limit: widen it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not a time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not a duration)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not a count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not a step index)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EmbeddingsClient</name>
    <message>
        <source>no embeddings server URL is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no embeddings model is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embedding dimension %1 is out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the batch size, timeout and retry count must be positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the environment variable %1, which holds the token for the embeddings server, is not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 answered HTTP %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 did not answer within %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 cannot be reached: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 did not return an OpenAI-style embeddings response (no &quot;data&quot; list)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned %2 vectors for %3 texts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned an item without an &quot;embedding&quot; list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned a wrong or repeated index %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned vectors of dimension %2; %3 was expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned an empty vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned a vector with a component that is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned a vector with a component too large for a float</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned a vector of all zeros for input %2; is its model loaded?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EmptyCauseCheck</name>
    <message>
        <source>The recorded lookup was not empty; nothing to tell apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The local knowledge base finds evidence for the same query: the knowledge base covers it, so the recorded empty result points at the search backend or its environment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The local knowledge base returns candidates, but none good enough either: the knowledge base has nothing close to this query (a coverage gap).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The local knowledge base returns nothing either: the gap is in coverage, or the local knowledge base is empty.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvalBaseline</name>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1 went from hit (rank %2) to miss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1 went from miss to hit (rank %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 → %3 (%4%5, tolerance %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an eval report or baseline (no &quot;metrics&quot; and &quot;perCase&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no valid &quot;k&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read baseline %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseline %1 is not valid JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the baseline was measured at k=%1 but this run uses k=%2; run with --k %1 or save a new baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: metrics.%2 is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a baseline this RagLens reads (format %2, version 1 expected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: metrics.%2 is %3, not a rate between 0 and 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no metric was measured; it cannot serve as a baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 has no case id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2.hit is not true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2.firstHitRank is not a rank</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvalMetrics</name>
    <message>
        <source>hit@k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recall@k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MRR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nDCG@k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no-evidence accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attempt agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relevance agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency p95</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvalSet</name>
    <message>
        <source>… and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an array of strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must contain only non-empty strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing &quot;id&quot; (a non-empty string)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1: missing &quot;query&quot; (a non-empty string)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1: &quot;expect_no_evidence&quot; must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1: &quot;expected_relevance&quot; must be PRECISE or REFERENCE, not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1: &quot;expected_selected_attempt&quot; must be one of %2, not &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1: &quot;expect_no_evidence&quot; contradicts the expected evidence keys or sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1: give &quot;expected_evidence_keys&quot;, &quot;expected_sources&quot; or &quot;expect_no_evidence&quot;: true</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate id &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read eval set %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1 is a problem query still to be reviewed: mark its &quot;expected_evidence_keys&quot; (or &quot;expect_no_evidence&quot;: true) and remove &quot;needs_review&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is blank; leave the key out for none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON (column %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a case as written (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvalSetWriter</name>
    <message>
        <source>Added case %1 at line %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query was already case %1 (line %2); its expectations were updated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query is already case %1 (line %2); nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the query is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark at least one correct evidence key, or choose &quot;expect no evidence&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create folder %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FactLabels</name>
    <message>
        <source>context pack cut to budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent excerpts cut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not truncated</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FactsIndex</name>
    <message>
        <source>Writing the facts index failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building the facts index was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot put the facts index in place at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no complete index yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the index was written by another version of RagLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the index describes another database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database&apos;s schema changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows the index holds are gone (the database was replaced or emptied)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no index yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database changed under the index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no facts index at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the facts index failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the facts index %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a rebuild was asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_invocation.id holds text (%1), not numbers: the facts index orders and refreshes calls by their id, so it is not built; RagLens reads the database directly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copying from the audit database failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the audit database failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copying from the audit database failed: a call id in tool_invocation is not a whole number; the facts index orders and refreshes calls by their id, so it is not built.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the facts index %1: SQLite refused its functions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the facts index failed: it has no meta values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the index&apos;s meta value %1 is missing or unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the index is damaged (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calls were deleted or added below the newest indexed call (the database holds %1 up to it, the index %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_invocation.id reaches the end of the 64-bit integers (%1): the facts index orders and refreshes calls by their id, so it is not built; RagLens reads the database directly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_invocation holds calls without an id: the facts index orders and refreshes calls by their id, so it is not built; RagLens reads the database directly.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GoldenFixtures</name>
    <message>
        <source>&quot;expect&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown expectation &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expectation &quot;%1&quot; has the wrong type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing &quot;fixture&quot; (a file name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read golden file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read fixture %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixture %1 is not valid JSON (cut off or edited?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixture %1 is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixture %1 is not a LookupResult: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HealthText</name>
    <message>
        <source>Empty retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low evidence quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow tool call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Large context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legacy row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed retrieval details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retried without the filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CRITICAL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GOOD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FALLBACK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>negative feedback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed full-trace sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NO DATA</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>IdColumn</name>
    <message>
        <source>RagLens records only into stores that number their rows: %1.id in %2 is %3, so a new row&apos;s id could not be read back to link its calls. Nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a column without a type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RagLens records only into stores that number their rows: %1.id in %2 gets no number from the store (no identity, sequence, generating default or auto-increment), so a new row would have no id to link its calls. Nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InputGuard</name>
    <message>
        <source>the JSON is %1 bytes, more than the %2 bytes RagLens reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the JSON is nested more than %1 levels deep</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n number(s) too large for a double read as null</source>
        <translation>
            <numerusform>%n number too large for a double read as null</numerusform>
            <numerusform>%n numbers too large for a double read as null</numerusform>
        </translation>
    </message>
    <message>
        <source>malformed JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than the %2 MB RagLens reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) repeated in one object: the first is read, as SQLite and MariaDB read it</source>
        <translation>
            <numerusform>%n key repeated in one object: the first is read, as SQLite and MariaDB read it</numerusform>
            <numerusform>%n keys repeated in one object: the first is read, as SQLite and MariaDB read it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lone surrogate escape(s) read as U+FFFD</source>
        <translation>
            <numerusform>%n lone surrogate escape read as U+FFFD</numerusform>
            <numerusform>%n lone surrogate escapes read as U+FFFD</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InputParamsContract</name>
    <message>
        <source>input_params is not valid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input_params is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input_params is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; holds %2 characters (at most %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a key of %1 characters (at most %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key &apos;%1&apos; poses as the reserved key &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is an array holding a %2, not only strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a %2; only strings, numbers, booleans and string arrays are allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_call_id is missing or not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request_bytes is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request_bytes is not an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request_bytes %1 is outside 1 … %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request_bytes %1 is smaller than a value the request held (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no invocations in scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step_id is not an integer or a text id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_invocation has no input_params column.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InvocationFacts</name>
    <message>
        <source>retrieval_details holds its JSON object as a string (written as JSON twice), and RagLens reads objects only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrieval_details holds a JSON %1, not an object</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JsonGuard</name>
    <message>
        <source>The JSON is nested %1 levels deep, more than the %2 levels this viewer opens safely; only the raw text is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KnowledgeBase</name>
    <message>
        <source>the BM25 index file is corrupt or truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embedder state file is corrupt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embedder state has dimension %1 but the manifest says %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embedder state file is truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no knowledge base folder was given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the vector index %1 is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the vector index %1 has an unsupported type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the vector index %1 is unreadable (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chunks could not be embedded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the knowledge base folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another ingest into %1 is running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no documents to ingest in %1 (expected Markdown or text files in category sub-folders)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown index kind &quot;%1&quot; (use auto, flat or hnsw)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chunk store is corrupt or truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document list is corrupt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base folder %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a knowledge base (no %2); create one with &quot;raglens-cli ingest --kb %1 SOURCE_DIR&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base manifest %1 is corrupt (not valid JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a RagLens knowledge base manifest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base has format version %1; this RagLens reads version %2. Re-ingest it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base in %1 is incomplete: %2 is missing. Re-ingest it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base in %1 is corrupt: %2 has %3 bytes, the manifest says %4. Re-ingest it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base uses embedder &quot;%1&quot; (dimension %2), which this RagLens does not provide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the vector index has dimension %1 but the manifest says %2. Re-ingest the knowledge base.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base is inconsistent: manifest %1 chunks, chunk store %2, vector index %3. Re-ingest it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base&apos;s BM25 index uses terms &quot;%1&quot;, which this RagLens does not know. Re-ingest it, or update RagLens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the BM25 index does not match the chunk store. Re-ingest the knowledge base.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the domain dictionary is corrupt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base in %1 is incomplete: its data folder &quot;%2&quot; is missing. Re-ingest it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document list does not match the chunk store. Re-ingest the knowledge base.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON; category kept without aliases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the source folder %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsupported file type (expected .md or .txt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another file already has the source name %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a regular file (a device, FIFO or socket)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file too large (the limit is %1 MB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid UTF-8 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the file; its previous version is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the folder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write to the knowledge base folder %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the lock file cannot be created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; skipped:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid UTF-16 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a file, not a knowledge base folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;settings&quot; is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a number from %2 to %3, not %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a whole number from %2 to %3, not %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be true or false, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>searchMode must be &quot;dense&quot; or &quot;hybrid&quot;, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base manifest in %1 has settings RagLens cannot use: %2. Correct them in manifest.json or re-ingest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base manifest %1 is corrupt (valid JSON, but not an object)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base manifest in %1 is corrupt: &quot;checksums&quot; is not an object. Re-ingest it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base manifest in %1 is corrupt: the checksum of &quot;%2&quot; is not a checksum. Re-ingest it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base in %1 is corrupt: %2 changed after it was written (its checksum does not match the manifest). Re-ingest it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge base manifest in %1 is corrupt: it has no checksum of %2. Re-ingest it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds a %2 that is not a RagLens knowledge base&apos;s: RagLens will not write over it. Choose a new or empty folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds a %2 RagLens cannot read and no knowledge base generation: RagLens will not write over it. Choose a new or empty folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not empty and holds no RagLens knowledge base (it has %2): RagLens writes a knowledge base only into a new or empty folder or over one it wrote.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the name is not valid UTF-8, so RagLens cannot open it; rename it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a link to %1, which does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a regular file (a pipe, socket or device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vector count %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>storage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vector data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graph entry point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the vector index %1 is corrupt (%2). Re-ingest it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a link to %1, a folder it is inside of: not followed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; its previous version leaves the knowledge base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UTF-32 text, which is not read: save it as UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LocalLookupRecorder</name>
    <message>
        <source>The audit database %1 is read-only; open it with write access to record lookups.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A session id is needed to record a lookup.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup was recorded as invocation %1, but run %2 could not be finished: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (nothing of this lookup was kept in the audit database)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; and run %2, written before it, could not be taken back: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; and run %2 could not be taken back: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LookupEngine</name>
    <message>
        <source>no knowledge base is loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown search mode &quot;%1&quot; (use dense or hybrid)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-k must be a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the query is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown category &quot;%1&quot; (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the question could not be embedded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the lookup failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the question has no words to search for (only punctuation, symbols or the commonest words); rephrase it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LookupShape</name>
    <message>
        <source>relevance_level holds &apos;%1&apos;, not PRECISE / REFERENCE / null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrieval_details is not valid JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrieval_details is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit_schema is &apos;%1&apos;, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing key(s): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is not one of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selected_attempt %1 is not one of the attempts (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a retry (UNFILTERED_VECTOR_RETRY) without a fallback_reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>returned_count %1 is more than evidence_block_count %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evidence_block_count %1 is more than evidence_candidate_count %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>l1_match_count %1 differs from evidence_block_count %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no lookup_knowledge calls in scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_invocation has no retrieval_details column.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProblemLibrary</name>
    <message>
        <source>this database has no run_feedback table: negative ratings cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProblemQuery</name>
    <message>
        <source>invocation %1 is a %2 call, not lookup_knowledge; only lookups can become eval cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unnamed tool)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invocation %1 has no query preview in its input parameters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordedLookup</name>
    <message>
        <source>The full-trace sample could not be read; compared with the audit row.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legacy row: its relevance_level held an evidence status, read as no relevance level.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recorded retrieval details are malformed (%1); only the columns were compared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recorded query is a 160-character preview and may have been cut; the replay used the preview.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The full-trace sample is not valid JSON (%1); compared with the audit row.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RemoteEmbedder</name>
    <message>
        <source>the embeddings endpoint stored with the knowledge base is unreadable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Replay</name>
    <message>
        <source>Invocation %1 is a %2 call, not a lookup_knowledge lookup; only lookups can be replayed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invocation %1 has no recorded query (no &quot;query&quot; in its input_params and no full-trace sample), so it cannot be replayed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplayDiff</name>
    <message>
        <source>The replayed lookup failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RulesFile</name>
    <message>
        <source>&apos;%1&apos; must be a number from %2 to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rules file must hold a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown key &apos;%1&apos; in the rules file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;rules&apos; must be an object of rule ids.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown rule &apos;%1&apos; in the rules file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule &apos;%1&apos; must be true, false or an object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule &apos;%1&apos; has no setting &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;enabled&apos; of rule &apos;%1&apos; must be true or false.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;highEntropy&apos; must be true or false.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the rules file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunComparison</name>
    <message>
        <source>No run &apos;%1&apos; in this database.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunConsistency</name>
    <message numerus="yes">
        <source>tool_call_count is %1 but the run has %n invocation(s)</source>
        <translation>
            <numerusform>tool_call_count is %1 but the run has %n invocation</numerusform>
            <numerusform>tool_call_count is %1 but the run has %n invocations</numerusform>
        </translation>
    </message>
    <message>
        <source>total_token_count is %1 but its steps add up to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a FALLBACK run without a fallback_reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished_at %1 is before started_at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starts at %1, before its run (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finishes at %1, after its run (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finishes at %1, before it starts (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written at %1, before its run started (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written at %1, after its run finished (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written at %1, before its step started (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written at %1, after its step finished (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run rows in scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run_id is held by %1 diagnosis_run rows: the table has no key on run_id, and every count joined through it is multiplied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>names session &apos;%1&apos;, but its run belongs to session &apos;%2&apos;: it is shown there, not under &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a duration in milliseconds (from 0 to 10^12): it is shown as none and health&apos;s latencies leave it out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a count (a whole number from 0): it is shown as none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a count (a whole number from 0): it is read as 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds &apos;%2&apos;, which reads as no time: it is shown as it is, time windows leave it out and lists place it by its text or after every time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run_id is held by %1 diagnosis_run rows: the table has no key on run_id; RagLens reads the last row written, the others are not shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>release_outcome is %1 but content_type is SAFE_FALLBACK: every view reads the run as a FALLBACK</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunFacts</name>
    <message>
        <source>tool error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lookup error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weak evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no recorded cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (#%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (recorded as %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run fell back%1 because the tool call %2 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run fell back%1 because the tool call %2 failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run fell back%1 because the lookup %2 reported an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run fell back%1 because its lookups found no evidence (%2 of %3 with NO_EVIDENCE).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run fell back%1 because its lookups found only evidence without a relevance level (neither PRECISE nor REFERENCE).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run fell back%1 without any lookup: it made no lookup_knowledge call, so it had no evidence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run fell back%1, but nothing recorded explains it: its lookups found relevant evidence and no call failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 of %n runs</source>
        <translation>
            <numerusform>%1 · %2 of %n run</numerusform>
            <numerusform>%1 · %2 of %n runs</numerusform>
        </translation>
    </message>
    <message>
        <source>The run fell back%1, and nothing recorded explains it for certain: of its %2 lookups, %3 found relevant evidence, %4 found evidence without a relevance level, %5 found none, %6 reported an error and %7 could not be read; %8 of its calls failed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunFeedback</name>
    <message>
        <source>this database has no run_feedback table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run_feedback table has no %1 column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot rate run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot rate a run without a run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot rate run %1: the database has no such run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write feedback for run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database is open read-only (RagLens did not create it); run the command with --write to rate runs in it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunGantt</name>
    <message>
        <source>Trace events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invocation %1 (%2)
%3
duration: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no error message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 (id %2), %3 tokens, %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunRecorder</name>
    <message>
        <source>The audit database %1 is read-only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run needs a run id and a session id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot commit run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 belongs to session %2, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reopen run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the %1 event: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write step %1 of run %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot commit step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot finish step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot count run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot finish run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot take back run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SavedView</name>
    <message>
        <source>A view needs a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A view&apos;s name is at most 80 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The view &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The view &quot;%1&quot; has an unknown filter &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The view &quot;%1&quot;: &apos;%2&apos; is not a time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a RagLens view: it should start with &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a RagLens view: it is too long.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SchemaNotes</name>
    <message>
        <source>questions are not shown or searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>users are not shown or searched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run outcomes, session outcomes and the Fallback runs filter are unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs are not ordered by time and time filters match nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calls are listed under their run, not under the step that issued them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attempts, retry reasons and evidence status are unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every call is read as successful</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queries are not shown, searched or replayable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value is shown as empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps are not shown; calls are listed under their run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs have no timeline events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user feedback is not shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full LookupResult samples are not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no %1 table: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no %1 column in %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no lookup_trace_sample table: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no index on tool_invocation.session_id: calls whose run has no diagnosis_run row are not listed (finding them would scan the whole table for every session).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a run counts as fallen back by its release outcome alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calls are not ordered by time, and calls without a recorded run are only in windows open at both ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diagnosis_run has no key on run_id: a run id written twice is counted twice when read directly and once through the facts index; `raglens-cli check` names such ids (run consistency).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_invocation has no key on id: a call id written twice is counted twice when read directly and once through the facts index, which keeps its first row; `raglens-cli check` names such ids (call identity).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database has no index on tool_invocation.run_id: opening a session or a run reads the whole call table, and filters on calls read it once. The facts index (built by the window, or `raglens-cli index`) answers lists, filters and health without it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database&apos;s %1 cannot be read (%2); it is left out as if it were absent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database names the collation %1, which only the program that wrote it has: RagLens compares the columns declared with it byte by byte (as BINARY).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database names the collation %1, which only the program that wrote it has, and orders an index by it: what compares those columns cannot be read by RagLens (no such collation sequence).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calls are listed under their run, not under the step that issued them, and steps keep the order the database gives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events of the same time keep the order the database gives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is read as 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every step is read as having made no tool call; its calls are still listed under it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the call&apos;s truncated flag is read as false; truncation is read from retrieval_details alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diagnosis_run has no key on run_id: a run written in several rows (a RUNNING row, then its finished one) is read as the last row written, everywhere; `raglens-cli check` names such ids (run consistency).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SecretScan</name>
    <message>
        <source>%1 holds a value that looks like a credential (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has the credential key &apos;%2&apos; (value %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no runs or invocations in scope</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionReport</name>
    <message>
        <source>Session %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 of session %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read from %1 · generated %2 by RagLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This report holds only what the audit database recorded for this session — the tool input parameters were sanitised when they were recorded — and, where the local knowledge base has them, the text of the evidence chunks. It contains no script and loads nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session outcome:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs: %1 · tool calls: %2 · lookups: %3 · lookups without evidence: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No evidence was returned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quality %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — not in the local knowledge base (changed or another knowledge base)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — no knowledge base was given for the chunk text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No finding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keywords: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(preview; the audit row keeps 160 characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L0 hints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates / blocks / given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Truncation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no relevance level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrieval_details could not be read (%1); its text as stored:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rated without a verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rated helpful</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rated not helpful</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RagLens report · session %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RagLens report · run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>en</source>
        <comment>the HTML language code of this translation</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace JSON (as raglens-cli trace prints it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Made by RagLens %1 from the audit database; nothing else was read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls without a run id</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SqlAuditSink</name>
    <message>
        <source>The audit database %1 is read-only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start an audit transaction: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the tool invocation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the timeline event: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the full-trace sample: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot commit the tool invocation: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StepBinding</name>
    <message>
        <source>tool_invocation has no step_id column (written before the step binding patch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>step_id is empty though the run records %n step(s)</source>
        <translation>
            <numerusform>step_id is empty though the run records %n step</numerusform>
            <numerusform>step_id is empty though the run records %n steps</numerusform>
        </translation>
    </message>
    <message>
        <source>step_id %1 is not a step of run %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input_params.step_id is %1, the column %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no TOOL_INVOCATION timeline event for tool call %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeline event %1 says step %2, the call says %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has_tool_call = 1 but no invocation names this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>has_tool_call = 0 but %n invocation(s) name this step</source>
        <translation>
            <numerusform>has_tool_call = 0 but %n invocation name this step</numerusform>
            <numerusform>has_tool_call = 0 but %n invocations name this step</numerusform>
        </translation>
    </message>
    <message>
        <source>no invocations or steps in scope</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TokenFile</name>
    <message>
        <source>Cannot read the token file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token file %1 can be read or changed by other users; make it private (chmod 600 %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token in %1 is shorter than %2 characters.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolBoundary</name>
    <message>
        <source>The tool %1 failed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceApiClient</name>
    <message>
        <source>&apos;%1&apos; is not a Trace API address; give one such as http://127.0.0.1:8765 or https://host/prefix.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address holds a user name or password; give the token in an environment variable instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address must be the API&apos;s base, without &apos;?&apos; or &apos;#&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered with more than %2 MB; RagLens reads traces of up to that size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not reach %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 redirects elsewhere (HTTP %2); RagLens follows redirects only within the same host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused the request (HTTP %2): a valid token is needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered HTTP %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered HTTP %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered with a web page, not JSON: is this the Trace API&apos;s base address?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No session id given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered with session &apos;%2&apos; instead of &apos;%3&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not answer with a list of sessions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 keeps redirecting (a redirect loop, or more than %2 redirects).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session id &apos;%1&apos; cannot be asked for through a URL; open the database itself to read it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceApiServer</name>
    <message>
        <source>Refusing to serve on %1 without a token: anyone who can reach that address could read every trace. Give a token file, or bind to 127.0.0.1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database could not be opened for serving: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not listen on %1 port %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start a thread to serve with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2 table: it holds no audit trail to serve.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceImporter</name>
    <message>
        <source>Cannot write to the audit database: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: malformed JSON cannot be stored in a JSON column of %2; stored as NULL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 skipped: run &apos;%2&apos; is not in the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invocation %1 skipped: run &apos;%2&apos; is not in the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invocation %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: full trace dropped, the database has no lookup_trace_sample table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event %1 skipped: run &apos;%2&apos; is not in the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event %1 details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>feedback skipped: run &apos;%1&apos; is not in the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2 MB; RagLens imports traces of up to %3 MB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not JSON we can read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a trace: expected an object with sessionId and runs[] (the output of &apos;raglens-cli trace&apos; or &apos;export --format trace&apos;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be imported as it is:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid trace: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the trace has an empty sessionId.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the trace has no runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: a run without runId.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is open read-only: RagLens did not create it. Import into a RagLens database, or pass --write to change this one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace has no session or no runs; nothing to import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start a transaction: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot commit the import: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the run %2 appears twice in the trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the audit database: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run %1 belongs to the session %2 in %3; an import never moves a run to another session. Nothing was imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 values were masked, cut to the stored length or dropped by the secret policy, as a recording would store them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run %1 is recorded in %2, and the trace shows it without its row; an import never deletes a recorded run. Nothing was imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a trace: %2 is %3, not a list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read as a trace:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows had no time; they were stored with the earliest time their run holds (the import time when the trace holds none)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceReadAhead</name>
    <message>
        <source>Reading the trace failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceService</name>
    <message>
        <source>No session &apos;%1&apos; in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session &apos;%1&apos; has no run &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run &apos;%1&apos; of session &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Calls that name it belong to runs recorded under other sessions, and are shown there: %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceValidation</name>
    <message>
        <source>not a time (expected ISO 8601 UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a duration in milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace&apos;s session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a run of the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a count (a whole number from 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a whole number or a text id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a step of the trace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>a category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filtered attempt (%1) failed (%2), so the lookup retried without the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filtered attempt (%1) found nothing, so the lookup retried without the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filtered attempt (%1) was not usable — top similarity %2 under the threshold %3 — so the lookup retried without the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filtered attempt (%1) was not usable, so the lookup retried without the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The unfiltered search returned no candidates at all: the search backend returned nothing. Suspect the vector store, its collection or the environment, not the knowledge base&apos;s coverage; a replay against a local knowledge base tells the two apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its best candidate scored %1, under the usable threshold %2, and nothing passed the minimum evidence quality: NO_EVIDENCE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing passed the minimum evidence quality: NO_EVIDENCE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup found no evidence (NO_EVIDENCE); the row does not record its attempts, so whether the backend or the coverage is to blame is unknown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The context pack was cut to its character budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent was given shortened excerpts or fewer blocks than were found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool call failed without an error message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool call failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stored retrieval details are not valid JSON, so the attempts cannot be shown; read the raw text in the retrieval_details tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup reported ERROR without an error message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup reported ERROR: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown (legacy row)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 returned evidence (top similarity %2); relevance %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The row records no evidence status, so what the agent was given is unknown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its best candidate scored %1, and nothing passed the minimum evidence quality: NO_EVIDENCE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The row records the evidence status &apos;%1&apos;, which is not one RagLens knows (EVIDENCE_FOUND, NO_EVIDENCE, ERROR), so what the agent was given is unknown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The row&apos;s evidence status cannot be read: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The evidence was truncated (the row does not say which way).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <source>Pretty-print the JSON output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing required option --%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs an eval set against a knowledge base and prints hit@k, recall@k, MRR, nDCG@k, no-evidence accuracy, attempt/relevance agreement and latency, per case and per tag. With --baseline, exits 1 when a metric drops beyond the tolerance or a case goes from hit to miss. --fixtures/--golden check frozen LookupResult files without a knowledge base.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge base folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eval set (JSON Lines).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut-off of the @k metrics (default 5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with this saved baseline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save this run as a baseline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label stored with --save-baseline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed absolute drop of a metric before it is a regression (default 0.02).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed growth of p95 latency as a fraction of the baseline (default 1.0, and always at least 50 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not treat slower lookups as a regression.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search mode: dense or hybrid (default: the KB&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker threads (default: all cores).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder of frozen LookupResult JSON fixtures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Golden expectations for the fixtures (JSON Lines).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has malformed lines:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>fixture %1 no longer matches its golden expectations (%n mismatch(es))</source>
        <translation>
            <numerusform>fixture %1 no longer matches its golden expectations (%n mismatch)</numerusform>
            <numerusform>fixture %1 no longer matches its golden expectations (%n mismatches)</numerusform>
        </translation>
    </message>
    <message>
        <source>--fixtures and --golden go together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--kb and --set are required (or --fixtures and --golden alone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--k must be a whole number from 1 to 100</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--mode must be dense or hybrid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>regression: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) not in the baseline</source>
        <translation>
            <numerusform>%n case not in the baseline</numerusform>
            <numerusform>%n cases not in the baseline</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 cases, k=%2, hit@k %3, MRR %4, %5 regression(s), %6 improvement(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creates or updates a knowledge base from a folder of Markdown / text files (first-level folders are categories).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report progress on stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder to ingest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected exactly one SOURCE_DIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--index must be auto, flat or hnsw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs lookup_knowledge against a knowledge base and prints the LookupResult (or, with --agent, what the agent would see). QUERY &quot;-&quot; reads stdin.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search mode: dense or hybrid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence blocks returned at most.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter to one category.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not turn the L0 domain into a filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the agent-facing RagToolResult.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing QUERY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the query from stdin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--top-k must be a number from 1 to 1000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay a recorded lookup_knowledge invocation against a local knowledge base and print what changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge base directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool_invocation id to replay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit with 1 when the replay differs from the recording.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The replay differs from the recorded invocation.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--threads must be a whole number from 1 to 64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not write the output (disk full or pipe closed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hashing (offline, the default for a new KB) or openai (an OpenAI-compatible /v1/embeddings server). A KB keeps its embedder unless this is given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embeddings server, e.g. http://127.0.0.1:11434 (Ollama).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding model name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vector dimension (default: asked from the server).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment variable holding the bearer token (the KB stores its name, never the token).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Texts per request (default 64).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Milliseconds a request may take (default 30000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--embedder-dimension, --embedder-batch and --embedder-timeout take a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--embedder must be hashing or openai</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>stopped after %n request(s)</source>
        <translation>
            <numerusform>stopped after %n request</numerusform>
            <numerusform>stopped after %n requests</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare two runs step by step (--run A --run B), or two lookups (--invocation X --invocation Y): attempts, evidence keys gained and lost, rank and similarity moves, relevance, evidence status, truncation and duration, as JSON. A is the first, B the second.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read B from this database instead (path or URL).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run id; give it twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A tool_invocation id; give it twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give --run twice or --invocation twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only lookup_knowledge calls can be compared as lookups (%1 is %2, %3 is %4); compare their runs with --run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks that an audit database keeps its promises (step binding, call identity, the input_params contract, no leaked secrets, the rag_lookup_v1 shape, consistent runs). Exit 0 when every rule passed, 1 when any failed. Progress goes to stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check one session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check one run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A JSON rules file that switches rules off or tunes them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print a table for people instead of JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give one of --session, --run or a time window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checked %1 of %2 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that an audit database keeps its promises; find secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit database: an SQLite file, postgresql://user@host:port/db or mysql://user@host:port/db (password from RAGLENS_DB_PASSWORD).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow writing to a database RagLens did not create.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not a time (use 2026-03-02T08:00:00Z, 2026-03-02, or an age such as 24h or 7d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs started at or after T (ISO 8601 UTC, a date, or an age like 7d).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs started before T.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--until must be after --since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 must be a number from %2 to %3, not &apos;%4&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 must be one of %2, not &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare two runs or two lookups side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creates (or completes) the demo workspace: DIR/kb from the bundled runbooks and DIR/audit.db with every scripted session recorded through real lookups. Prints a JSON summary, including which demo paths the database shows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace folder (default: the user&apos;s RagLens workspace).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record the sessions into this audit database (a path, or a postgresql:// or mysql:// URL) instead of DIR/audit.db. It must be empty or created by RagLens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No progress messages on stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--workspace needs a folder; leave it out for the default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--db needs a database path or URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create the demo workspace (knowledge base + recorded sessions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings (GOOD / WARNING / CRITICAL) with suggestions for one tool invocation, or for every invocation of a run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool_invocation id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every invocation of this run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average evidence quality under this is a warning (default 0.6).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look every empty lookup up again in the local knowledge base given by --kb, to tell a search backend that returned nothing from a coverage gap.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge base directory for --replay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrieval latency over this is a warning (default 2000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give exactly one of --invocation ID and --run RUN_ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--slow-ms must be a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--replay and --kb DIR go together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run has no diagnosis_run row (an orphan): its outcome is unknown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings and suggestions for an invocation or a run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offline retrieval evaluation against an eval set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export a session&apos;s trace as a DiagnosisTraceResponse (importable with &apos;import&apos;) or as OTLP/JSON spans.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only this run of the session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trace (default) or otlp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write to FILE instead of stdout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give exactly one SESSION_ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export a session&apos;s trace (trace JSON or OTLP/JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read lists, filters and counts from the local facts index: auto (use it when it exists, refreshed first), build (build it when missing), off (read the database directly). Default: auto.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder of the facts index (default: RAGLENS_CACHE_DIR/facts, or ~/.cache/raglens/facts).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--facts must be auto, build or off, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The facts index could not be used (%1); reading the database directly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty-retrieval, retry and error rates, relevance distribution, latency percentiles and problematic runs for the runs started in a window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrieval health of an audit database over a time window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a trace JSON (from &apos;trace&apos; or &apos;export&apos;) into an audit database. Importing the same file again replaces its runs, so the result is the same.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace JSON file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give exactly one FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a trace JSON into a writable audit database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Builds or refreshes the facts index of an audit database: RagLens&apos;s own file in the cache folder, never a write to the database. Progress goes to stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an in-memory database has no facts index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>indexed %1 of %2 calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build or refresh the local facts index of an audit database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build or update a knowledge base from a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run lookup_knowledge against a knowledge base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the queries of runs that went wrong (empty retrieval, FALLBACK, negative feedback) as eval-set lines for review, one per normalised query.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read at most N problem runs, newest first (default: all).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the lines to FILE (JSON Lines) instead of stdout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-runs must be a whole number of at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the problem queries (empty, FALLBACK, disliked runs) as eval-set lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate a run: was it helpful? Writes one run_feedback row, which health counts and &apos;problems&apos; reads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run to rate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes, no, or unknown (a comment without a verdict).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was missing or wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate a run helpful or not (writes run_feedback)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs lookup_knowledge through the audit boundary and records it in an audit database (created when missing). Prints the invocation id, the run id and what the agent was shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run id; an existing run of the session gets a new step. Default: a new run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User id of a new run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also print the whole LookupResult.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing --db</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not created by RagLens and is opened read-only; add --write to record into it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup ran but could not be recorded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a lookup through the audit boundary and record it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay a recorded lookup against a local KB and diff it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write one session (or one run) as a self-contained HTML report to attach to a ticket: verdicts, attempt timelines, evidence with its text from --kb, findings and the trace JSON. It holds only what the audit rows hold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge base folder: the text of each evidence chunk is included.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The HTML file to write.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--out must name a file, not the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a session as a self-contained HTML report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve the Trace API over HTTP, read-only: GET /api/diagnosis/{sessionId}/trace, /api/diagnosis/{sessionId}/otlp, /api/rag/debug/health, /api/rag/debug/problematic and /api/sessions. Prints the address as JSON, then serves until Ctrl+C.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address to listen on (default 127.0.0.1). Any address other than loopback needs --token-file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port to listen on (default 8765; 0 picks a free one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A private file whose first line is the bearer token every request must send (Authorization: Bearer …).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker threads, each with its own database connection (default 4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds a client has to send a whole request (default 10); slower clients get 408.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megabytes of trace answers each worker keeps while an SQLite database is unchanged (default 32; 0 reads every request).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--bind must be an IP address, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--port must be a number from 0 to 65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--workers must be a number from 1 to 64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--request-timeout must be a number of seconds from 0.1 to 3600</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--cache-mb must be a number from 0 to 4096</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binding to %1 needs --token-file: without a token anyone who can reach that address could read every trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not set up signal handling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>serving %1 on %2 (Ctrl+C stops)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve the Trace API over HTTP (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 must be a number from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the sessions failed, trying again: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the sessions works again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following %1 every %2 s; one line per new or changed session. Ctrl+C stops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List sessions, newest first. Counts cover the runs that match the filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release outcome of a run: SUCCESS, FALLBACK or ERROR.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session&apos;s outcome over all its runs (FALLBACK when any run fell back, else ERROR when any errored, else SUCCESS).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A lookup with this effective evidence status: EVIDENCE_FOUND, NO_EVIDENCE, ERROR, UNKNOWN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A call with this failure kind: tool_error, lookup_error, no_evidence, none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A lookup with this relevance level: PRECISE, REFERENCE or NONE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An invocation of this tool (e.g. lookup_knowledge).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs started at or after T (ISO 8601 UTC, a date, or an age like 24h).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply the view NAME saved in the GUI (View → Saved Views); filters given beside it override the view&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most N sessions (default 50).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep reading: print one JSON line per new or changed session as the agent writes them. It watches the newest sessions that match: --limit of them (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --follow: seconds between two reads (default 2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --follow: stop after N lines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip the first N sessions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No view &quot;%1&quot;: no view is saved (View → Saved Views in the GUI).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No view &quot;%1&quot;. Saved views: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 needs --follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 cannot be used with --follow, which reads the newest sessions from the database itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List sessions of an audit database with filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--timeout must be a number of seconds from 0.1 to 3600</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print one session&apos;s trace (runs, steps, tool invocations, timeline), read from an audit database (--db) or fetched from a Trace API server (--url).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch the trace from this Trace API base address instead (http://HOST:PORT or https://HOST/prefix).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --url: the environment variable holding the bearer token (default RAGLENS_TRACE_API_TOKEN).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --url: seconds to wait for the server (default 30).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give --db or --url, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print a session&apos;s DiagnosisTraceResponse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: raglens-cli &lt;command&gt; [options]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commands:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &apos;raglens-cli &lt;command&gt; --help&apos; for a command&apos;s options.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>internal error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1: the lookup failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 cases failed with an error; their metrics are not results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Substring of session id, user id, question or a call&apos;s input parameters (its query and every other parameter).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build the index anew instead of refreshing it: a refresh reads new calls and runs that may have changed, not an old call edited in place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A lookup whose selected attempt was this one (FILTERED_VECTOR, UNFILTERED_VECTOR_RETRY, UNFILTERED_VECTOR, or a writer&apos;s own code).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A lookup with this retry reason, why its filtered attempt was retried (filtered_vector_no_evidence, filtered_vector_low_quality, or a writer&apos;s own code).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the query on stdin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1 expects %2, which the knowledge base does not hold: it counts as a miss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more expected items the knowledge base does not hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The question; &quot;-&quot; reads it from stdin.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n problem lookup(s) skipped, the first: %1</source>
        <translation>
            <numerusform>%n problem lookup skipped, the first: %1</numerusform>
            <numerusform>%n problem lookups skipped, the first: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>--save-baseline names %1, which this run reads; save the baseline to another file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 needs a file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full-trace sampling rate 0..1 (problem lookups are always kept while sampling is on). Default: 0.25 for SQLite databases RagLens created, off for servers (they hold production data) and others; 0 turns sampling off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The facts index could not be read (%1); reading the database directly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vector index: auto, flat or hnsw (default: what the knowledge base was built with; auto for a new one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--category needs a category name; for no filter at all, give --no-auto-category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--category needs a category name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was removed; waiting for a file at its path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was replaced, and the new file cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was replaced by another file; following the new one</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Inspect the retrieval step of an LLM diagnosis agent from its audit database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the workspace in &lt;dir&gt; (its audit.db).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An SQLite audit database or a postgresql:// / mysql:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raglens: give one database at most.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raglens: give either a database or --workspace DIR, not both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the time until the first sessions are painted and the peak memory as JSON, then quit (for raglens-bench).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::AddToEvalSetDialog</name>
    <message>
        <source>Add invocation %1 to an eval set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add query to an eval set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit row keeps only the first 160 characters of a query; check the end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Returned: %1 · attempt %2 · relevance %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the lookup returned no evidence)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct evidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>other correct keys, comma-separated (source#chunk-n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expect no evidence (the right answer is NO_EVIDENCE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extra tags, comma-separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eval set file (.jsonl); created when missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eval set:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip it and tell me</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update its expectations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If the query is already there:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick the evidence that answers the query, or choose &quot;expect no evidence&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the eval set file to add the case to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eval set to add the case to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eval sets (*.jsonl);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::AgentView</name>
    <message>
        <source>No agent result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(omitted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completeness hint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quality %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Excerpts returned: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>excerpts not cut</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::AttemptCandidatesModel</name>
    <message>
        <source>%1 (source: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dense</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BM25</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::AttemptTimelineWidget</name>
    <message>
        <source>retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(selected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category filter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start: %1 ms, duration: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top similarity: %1 (usable at %2 or more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top score: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retried without filter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filtered attempt was not usable, so the lookup retried without the category filter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No retrieval attempts recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top similarity (usable ≥ %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no category filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>filter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 %3 · %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>similarity unknown · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every attempt took under 1 ms: order only, not to scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save attempt timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::AttemptsTableModel</name>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected attempt: its candidates became the evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::AttemptsView</name>
    <message>
        <source>Candidates: pick an attempt above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates of %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::AuditCheckJob</name>
    <message>
        <source>An in-memory database can only be read through the connection that created it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::AuditCheckPanel</name>
    <message>
        <source>Selected session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter&apos;s time window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A JSON file that switches rules off or tunes them; see the README&apos;s Audit check section.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it promises</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a row to show it in the session tree.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled. Nothing was checked to the end; run it again to see results.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit Check Rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking… %1 of %2 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check could not run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run yet. Choose what to check and press Run Check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an audit database first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a session in the Sessions tab first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run in the Sessions tab first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs started %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the whole database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rules file cannot be used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not applicable: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every rule passed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some rules failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked %1 runs, %2 steps, %3 invocations and %4 timeline events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more (the first %2 are listed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No offending rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no run id)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was checked: no rows in scope.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::BaselineHistoryChart</name>
    <message>
        <source>No saved baselines in this folder yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Metrics across %n baseline(s)</source>
        <translation>
            <numerusform>Metrics across %n baseline</numerusform>
            <numerusform>Metrics across %n baselines</numerusform>
        </translation>
    </message>
    <message>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::CompareAction</name>
    <message>
        <source>&amp;Compare Selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two runs or two lookups selected in the tree (Ctrl+click the second) side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the two runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare needs two runs, or two lookup_knowledge calls: select one, Ctrl+click the other, then press Ctrl+D.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::CompareDialog</name>
    <message>
        <source>%1: run %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · fallback cause: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step / call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 lookup pairs differ · steps only in A: %3, only in B: %4 · calls only in A: %5, only in B: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A: lookup #%1 of run %2
B: lookup #%3 of run %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selected attempt %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evidence %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relevance %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) only in B</source>
        <translation>
            <numerusform>%n key only in B</numerusform>
            <numerusform>%n keys only in B</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) only in A</source>
        <translation>
            <numerusform>%n key only in A</numerusform>
            <numerusform>%n keys only in A</numerusform>
        </translation>
    </message>
    <message>
        <source>truncation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranks moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls without a step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only in A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only in B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed in B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed in A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: lookup #%2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::ConsoleResultPanes</name>
    <message>
        <source>Full lookup trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything the lookup decided; the agent never sees this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the agent sees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The RagToolResult exactly as the model receives it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::ContextPackView</name>
    <message>
        <source>Blocks included: %1 — %2 of %3 characters used%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — nothing cut</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::EmbedderDialog</name>
    <message>
        <source>Embedder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Offline hashing embedder (no network; the default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI-compatible embeddings &amp;server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as the server answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dimension:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Token variable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Batch size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The choice applies from the next Update or Rebuild; the knowledge base records it, so later ingests and lookups use the same embedder. The token stays in its environment variable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot use this server: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::EvalCaseModel</name>
    <message>
        <source>no evidence ✓</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>should be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>miss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>regressed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>improved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nDCG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Returned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vs. baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit: an expected evidence key (or source) is in the top k. For cases that expect no evidence: NO_EVIDENCE was returned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank of the first expected item; empty for a miss.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normalised discounted cumulative gain at k (binary gains).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was scored: evidence keys, or distinct sources when the case names only sources, in rank order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hit → miss (regressed) or miss → hit against the baseline.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::EvalPanel</name>
    <message>
        <source>Choose a knowledge base and an eval set, then press Run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a knowledge base and an eval set first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1 against %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling after the current batch…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %n case(s) finished; metrics cover only those.</source>
        <translation>
            <numerusform>Cancelled: %n case finished; metrics cover only those.</numerusform>
            <numerusform>Cancelled: %n cases finished; metrics cover only those.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) in %1 s.</source>
        <translation>
            <numerusform>%n case in %1 s.</numerusform>
            <numerusform>%n cases in %1 s.</numerusform>
        </translation>
    </message>
    <message>
        <source>Baseline loaded; run the set to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regression: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Improvement: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n regression(s) against %1.</source>
        <translation>
            <numerusform>%n regression against %1.</numerusform>
            <numerusform>%n regressions against %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No regression against %1 (%n improvement(s)).</source>
        <translation>
            <numerusform>No regression against %1 (%n improvement).</numerusform>
            <numerusform>No regression against %1 (%n improvements).</numerusform>
        </translation>
    </message>
    <message>
        <source>Run the set before saving a baseline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved baseline %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped files:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p95 latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By tag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge base:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>folder holding the index and manifest, e.g. WORKSPACE/kb</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eval set:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Lines file, one case per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k = </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut-off of hit@k, recall@k and nDCG@k; also the lookup&apos;s top-k.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v / %m cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseline file saved from an earlier run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as baseline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by case id or query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Misses only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regressions only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in lookup console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the selected case&apos;s query in the lookup console (or double-click a row).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>folder of saved baselines (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baselines folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a knowledge base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose an eval set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eval sets (*.jsonl *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baselines (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save run as baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baselines (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A short label for charts (optional):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a baselines folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cases run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::EvalRunController</name>
    <message>
        <source>The eval set %1 has malformed lines:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The eval set %1 has no cases.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::EvidenceBlocksView</name>
    <message>
        <source>No evidence blocks: nothing passed the minimum evidence quality.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quality %1 · score %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>category: %1 · source: %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · heading: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped candidates (%1 in, %2 kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quality</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::ExportActions</name>
    <message>
        <source>&amp;Copy Trace JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Trace JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Timeline as &amp;PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the selected session or run as one HTML file to attach to a ticket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a session or run to copy its trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace JSON copied to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a session or run to export its trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Trace JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run to export its timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the image %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a session or run to export its report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1 (evidence text: %2 of %3 chunks)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::FindingsView</name>
    <message>
        <source>Copy as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the findings as `raglens-cli diagnose` prints them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a tool invocation to see its findings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invocation %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · nothing to fix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n critical</source>
        <translation>
            <numerusform>%n critical</numerusform>
            <numerusform>%n critical</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::FollowController</name>
    <message>
        <source>%1 was replaced or removed since it was opened: open it again to follow the file now at its path.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::HealthJob</name>
    <message>
        <source>An in-memory database can only be read through the connection that created it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::HealthPanel</name>
    <message>
        <source>Open an audit database to see its retrieval health.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing health for %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overall %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>since %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 · %n runs</source>
        <translation>
            <numerusform>%1 · %2 · %n run</numerusform>
            <numerusform>%1 · %2 · %n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n legacy rows (relevance read as none)</source>
        <translation>
            <numerusform> · %n legacy row (relevance read as none)</numerusform>
            <numerusform> · %n legacy rows (relevance read as none)</numerusform>
        </translation>
    </message>
    <message>
        <source> · computed at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compute health: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n shown</source>
        <translation>
            <numerusform>%n shown</numerusform>
            <numerusform>%n shown</numerusform>
        </translation>
    </message>
    <message>
        <source>Open run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to eval set…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy session id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute the health report for this window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worst of the three rates&apos; severities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problematic runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only the runs listed for this reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by question, session or run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click or press Enter to open the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this run in the session tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to &amp;eval set…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add this run&apos;s query to an eval set as a problem query, so a later change to the knowledge base or the thresholds is checked against it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (the newest %1 of %2 problem runs are listed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> · %n calls without a recorded run (counted by their own time)</source>
        <translation>
            <numerusform> · %n call without a recorded run (counted by its own time)</numerusform>
            <numerusform> · %n calls without a recorded run (counted by their own time)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>raglens::ui::HealthTiles</name>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency p95</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n in FALLBACK</source>
        <translation>
            <numerusform>%n in FALLBACK</numerusform>
            <numerusform>%n in FALLBACK</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tool invocations, %2 of them lookups</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n lookups · %2</source>
        <translation>
            <numerusform>%1 of %n lookup · %2</numerusform>
            <numerusform>%1 of %n lookups · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Lookups that returned no evidence. WARNING above %1, CRITICAL above %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n invocations · %2</source>
        <translation>
            <numerusform>%1 of %n invocation · %2</numerusform>
            <numerusform>%1 of %n invocations · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Tool calls that failed (any tool). WARNING above %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>over %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the lookups&apos; retrieval latency (nearest rank); max %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>95th percentile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>99th percentile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookups whose filtered search was not usable and were retried without the filter. WARNING above %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Satisfaction</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n ratings</source>
        <translation>
            <numerusform>%1 of %n rating</numerusform>
            <numerusform>%1 of %n ratings</numerusform>
        </translation>
    </message>
    <message>
        <source>no ratings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs people rated helpful (run_feedback), of those rated helpful or not. Runs rated not helpful are listed among the problem runs.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::HealthWindowSelector</name>
    <message>
        <source>&amp;Window:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs started at or after this local time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs started before this local time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The end of the range must be after its start.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::InvocationActions</name>
    <message>
        <source>&amp;Replay Against Local Knowledge Base…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the recorded query again and show what changed since it was recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add to Eval Set…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Append the query of this lookup to an eval set, with the evidence you mark correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay works on a lookup_knowledge call: select one in the tree (F8 jumps to the next NO_EVIDENCE lookup).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a lookup_knowledge call can be added to an eval set: select one in the tree.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot add to an eval set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 has no lookup_knowledge invocation.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::InvocationView</name>
    <message>
        <source>Invocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrieval_details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a tool invocation to see what it did.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no output preview recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unreadable input_params)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no evidence keys)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no sources)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full LookupResult sampled for this invocation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full LookupResult sampled for this invocation (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback cause: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run recorded no tool calls.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>This run made no lookup_knowledge call: there is no retrieval to show. Its %n other tool call(s) are in the tree and on the run&apos;s timeline.</source>
        <translation>
            <numerusform>This run made no lookup_knowledge call: there is no retrieval to show. Its %n other tool call are in the tree and on the run&apos;s timeline.</numerusform>
            <numerusform>This run made no lookup_knowledge call: there is no retrieval to show. Its %n other tool calls are in the tree and on the run&apos;s timeline.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing came back. A replay against the local knowledge base tells a backend fault from a gap in coverage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay (Ctrl+R)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::JsonTreeModel</name>
    <message>
        <source>object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>boolean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::JsonTreeView</name>
    <message>
        <source>Find key or value…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter: next match, Shift+Enter: previous match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The JSON is nested more than %1 levels deep; only the raw text is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… (%1 more characters not shown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of 1000+</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — too deep to expand: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expanded the first %1 branches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::KbBrowserView</name>
    <message>
        <source>Document / chunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title / heading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunks / chars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search chunk text (case-insensitive), press Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 chunks. Expand the document to see them.
File: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This chunk is not in the knowledge base any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First %1 chunks containing &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s) contain &quot;%1&quot;.</source>
        <translation>
            <numerusform>%n chunk contain &quot;%1&quot;.</numerusform>
            <numerusform>%n chunks contain &quot;%1&quot;.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>raglens::ui::KbStatsView</name>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aliases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunks per category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thresholds stored with the knowledge base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No knowledge base is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 documents, %3 chunks in %4 categories&lt;br&gt;Index: %5, dimension %6, embedder %7&lt;br&gt;Size on disk: %8 — built %9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate pool per attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min usable quality (retry below)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min evidence quality (drop below)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PRECISE at or above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REFERENCE at or above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L0 domain confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hybrid dense weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Near-duplicate similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context budget (characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent excerpt (characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic category from L0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::KeyValueModel</name>
    <message>
        <source>Parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::KnowledgeBasePanel</name>
    <message>
        <source>scanning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chunking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>building the index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No knowledge base is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an existing knowledge base folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New from folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create a knowledge base from a folder of Markdown or text files (first-level sub-folders are the categories).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update from folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ingest a folder into the open knowledge base: changed files are re-chunked, unchanged ones kept, missing ones removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebuild index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ingest the folder this knowledge base was built from again, with the index type chosen here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index: automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index: exact (Flat)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index: HNSW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic uses exact search for small knowledge bases and HNSW above the size threshold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Could not open the knowledge base:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder this knowledge base was built from is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ingest %1 again with the index type chosen here (now: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scanning %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling… the knowledge base stays as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v / %m files — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1… (%n chunk(s) so far)</source>
        <translation>
            <numerusform>%1… (%n chunk so far)</numerusform>
            <numerusform>%1… (%n chunks so far)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (%n chunk(s) so far)</source>
        <translation>
            <numerusform>%1 %2 (%n chunk so far)</numerusform>
            <numerusform>%1 %2 (%n chunks so far)</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Ingest failed:&lt;/b&gt; %1&lt;br&gt;The knowledge base was not changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Ingest cancelled&lt;/b&gt; after %1 s. The knowledge base was not changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Ingest finished&lt;/b&gt; in %1 s: %2 documents, %3 chunks, %4 categories, %5 index.&lt;br&gt;%6 added, %7 updated, %8 removed, %9 unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) skipped:</source>
        <translation>
            <numerusform>%n file skipped:</numerusform>
            <numerusform>%n files skipped:</numerusform>
        </translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open knowledge base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder to ingest (one sub-folder per category)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where to create the knowledge base (an empty folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder to ingest into %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changed since the last ingest, so the index was kept as it is. Choose another index type to rebuild it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an embeddings server (%1 at %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the offline hashing embedder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The next Update or Rebuild embeds with %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This knowledge base embeds with %1. Choose another embedder for the next Update or Rebuild.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the embedder a new knowledge base uses (the offline hashing embedder by default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedder…*</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::LookupConsoleWidget</name>
    <message>
        <source>Ask what the agent would ask, e.g. &quot;HikariPool connection is not available&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record into audit database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge base: %1 — %2 documents, %3 chunks, %4 index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No knowledge base is open. Open or create one in the Knowledge base panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a writable RagLens audit database to record lookups.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not created by RagLens and is open read-only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each lookup becomes a run of the local session %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a knowledge base first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a question to look up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up and recording…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookup failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no relevance level</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2, %3 via %4, %n evidence block(s)</source>
        <translation>
            <numerusform>%1 — %2, %3 via %4, %n evidence block</numerusform>
            <numerusform>%1 — %2, %3 via %4, %n evidence blocks</numerusform>
        </translation>
    </message>
    <message>
        <source>no attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded as invocation %1 (run %2, session %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not recorded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to Eval Set…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Append this query to an eval set, with the evidence you mark correct or as a no-evidence case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (retry reason: %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::LookupOptionsPanel</name>
    <message>
        <source>Hybrid (dense + BM25)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dense only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How candidates are scored: FAISS inner product alone, or fused with BM25 over the same chunks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence blocks returned at most.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic lets the L0 query hints choose a category filter; a category forces the filtered attempt; no filter searches everything at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic (L0 hints)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override thresholds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experiment with thresholds in this console without changing the ones stored with the knowledge base.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-k:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An attempt is usable when its best quality reaches this; otherwise the unfiltered retry runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates under this quality are dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance is PRECISE when the best quality reaches this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance is REFERENCE when the best quality reaches this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> chars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Character budget of the context pack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to KB settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min usable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min evidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PRECISE at:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REFERENCE at:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thresholds from the knowledge base: usable ≥ %1 · evidence ≥ %2 · PRECISE ≥ %3 · REFERENCE ≥ %4 · context pack %5 chars</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::LookupResultView</name>
    <message>
        <source>Evidence blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query hints (L0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LookupResult JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Query:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>domains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matched keywords</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L0 match count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>category filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>domain confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rewritten query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not rewritten)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completeness hint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stored LookupResult could not be read completely: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ← %2 (weight %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>translated terms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ← %2 (weight %3, for the order only)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::MainWindow</name>
    <message>
        <source>RagLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Filter Sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show Only &amp;Fallback Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear Filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+X</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next &amp;FALLBACK Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous FALLBACK Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next &amp;NO_EVIDENCE Invocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous NO_EVIDENCE Invocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next &amp;Retry Invocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous Retry Invocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing matches among the loaded sessions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus Session &amp;Tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus &amp;Run View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About RagLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent databases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language changes the next time RagLens starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no audit database (audit.db). Create the demo workspace there with `raglens-cli demo --workspace %1`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not an audit database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a database, but it holds no diagnosis_run and tool_invocation tables, so it is not an agent audit database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — RagLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creating the demo workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the demo workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not created by RagLens: opened read-only, never changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created by RagLens: writable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookup Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Invocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> · %n schema note(s)</source>
        <translation>
            <numerusform> · %n schema note</numerusform>
            <numerusform> · %n schema notes</numerusform>
        </translation>
    </message>
    <message>
        <source>corrupt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot count: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop building the facts index; RagLens reads the database directly, which is slower on large databases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing facts… %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexed %1 of %2 calls into RagLens&apos;s own facts index (the database itself is never written).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>facts index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lists, filters, counts and health are read from RagLens&apos;s facts index of this database (%1 calls, %2).
%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refreshed in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no facts index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The facts index is not used (%1). RagLens reads the database directly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing facts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refreshing facts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Trace &amp;API…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Serve Trace API…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to serve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a database first: the Trace API serves the open database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot serve the Trace API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving the Trace API on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop &amp;Serving Trace API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Trace API is served on %1, read-only: GET %1/api lists the endpoints.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No temporary folder for the local copy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetching %1 from %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 from %2 — RagLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fetched copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A local copy of a trace fetched from a Trace API; nothing is sent back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetched %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved &amp;Views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Current Filters as View…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Paste View…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a view a colleague shared as a line of text (raglens-view:?…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No saved views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy View as Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied the view &quot;%1&quot; as text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the view:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save the view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved the view &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View text (raglens-view:?…):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot paste the view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View &quot;%1&quot;: the filter bar cannot show %2; use raglens-cli sessions --view for them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Follow New Sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show new sessions, runs and calls as the agent writes them, without moving the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow &amp;Interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Every %n second(s)</source>
        <translation>
            <numerusform>Every %n second</numerusform>
            <numerusform>Every %n seconds</numerusform>
        </translation>
    </message>
    <message>
        <source>Reopened %1 so that what other processes write is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Following: the database is read every %n second(s).</source>
        <translation>
            <numerusform>Following: the database is read every %n second.</numerusform>
            <numerusform>Following: the database is read every %n seconds.</numerusform>
        </translation>
    </message>
    <message>
        <source>Last read at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following: reading failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last read failed; the next one tries again: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n new session(s)</source>
        <translation>
            <numerusform>%n new session</numerusform>
            <numerusform>%n new sessions</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to go to them, at the top of the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Following · every %n s</source>
        <translation>
            <numerusform>Following · every %n s</numerusform>
            <numerusform>Following · every %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln session(s)</source>
        <translation>
            <numerusform>%Ln session</numerusform>
            <numerusform>%Ln sessions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s) (%1 FALLBACK)</source>
        <translation>
            <numerusform>%Ln run (%1 FALLBACK)</numerusform>
            <numerusform>%Ln runs (%1 FALLBACK)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln invocation(s)</source>
        <translation>
            <numerusform>%Ln invocation</numerusform>
            <numerusform>%Ln invocations</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing facts… deriving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All %1 calls are read; RagLens derives each run&apos;s facts, health and the search index from them (the database itself is never written).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::MetricsSummaryWidget</name>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No case in the set checks this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same as baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%2 ms vs. baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%2 vs. baseline</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::OpenDatabaseDialog</name>
    <message>
        <source>Open Audit Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/path/to/audit.db or postgresql://user@host:5432/db</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from RAGLENS_DB_PASSWORD when left empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An SQLite file, or a server URL: postgresql://user@host:port/db or mysql://user@host:port/db, with ?schema=NAME or ?sslmode=require (PostgreSQL), ?ssl-ca=FILE (MySQL) when the server needs them. Databases RagLens did not create are opened read-only.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::OpenTraceApiDialog</name>
    <message>
        <source>Open Trace API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional; a file only you can read (chmod 600)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;List Sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token &amp;variable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token &amp;file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Session:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a session id, or list the sessions the server offers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking %1 for its sessions…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This server does not list sessions; type a session id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n session(s) listed, newest first.</source>
        <translation>
            <numerusform>%n session listed, newest first.</numerusform>
            <numerusform>%n sessions listed, newest first.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>raglens::ui::ProblemRunsModel</name>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::RelevanceChart</name>
    <message numerus="yes">
        <source>Relevance of %n lookups</source>
        <translation>
            <numerusform>Relevance of %n lookup</numerusform>
            <numerusform>Relevance of %n lookups</numerusform>
        </translation>
    </message>
    <message>
        <source>No lookups in this window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookups without a relevance level: empty retrievals, evidence under the reference bar, and legacy rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance of the window&apos;s lookups</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::ReplayDialog</name>
    <message>
        <source>Replay against local knowledge base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay against local KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look the recorded query up again with today&apos;s index and thresholds, and compare with what was recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invocation &lt;b&gt;%1&lt;/b&gt; (%2) of run %3 — query: &lt;i&gt;%4&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a lookup_knowledge invocation to replay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a knowledge base to replay against.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready to replay against %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed against %1 in %2 ms.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::ReplayDiffView</name>
    <message>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded top similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed top similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt ladder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No replay yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selected attempt changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relevance changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evidence status changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) gained</source>
        <translation>
            <numerusform>%n key gained</numerusform>
            <numerusform>%n keys gained</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) lost</source>
        <translation>
            <numerusform>%n key lost</numerusform>
            <numerusform>%n keys lost</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rank change(s)</source>
        <translation>
            <numerusform>%n rank change</numerusform>
            <numerusform>%n rank changes</numerusform>
        </translation>
    </message>
    <message>
        <source>compared with the recorded full trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compared with the audit row (rag_lookup_v1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The replay differs:&lt;/b&gt; %1 — %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No change:&lt;/b&gt; the replay made the same decisions and returned the same evidence in the same order — %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry reason changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A top similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B top similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a pair of lookups.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The lookups differ:&lt;/b&gt; %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No difference:&lt;/b&gt; both lookups made the same decisions and returned the same evidence in the same order.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::RunFeedbackDialog</name>
    <message>
        <source>Rate Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Did this run help the person who asked?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Helpful</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Not helpful</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comment (optional):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was missing or wrong, for whoever reviews it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rating is written to the audit database&apos;s run_feedback table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Rating</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::RunGanttWidget</name>
    <message>
        <source>Select a run to see its steps on a time axis</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::RunRatingAction</name>
    <message>
        <source>Rate &amp;Run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say whether the selected run helped, with a comment (writes run_feedback)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an audit database first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database is open read-only (RagLens did not create it), so ratings cannot be written from the window; raglens-cli rate --write can write one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run to rate it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save the rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating of run %1 saved.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::RunView</name>
    <message>
        <source>Run %1 · %2 · %3 · %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · fallback cause: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (recorded as %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · recorded fallback reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate Run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No one has rated this run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rated helpful</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rated not helpful</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say whether this run helped, with a comment; written to the run_feedback table</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::ServeTraceApiDialog</name>
    <message>
        <source>Serve Trace API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any free port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needed for any address other than 127.0.0.1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Token file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start Serving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve the open database&apos;s traces, read-only, to scripts and dashboards written against the Trace API.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an IP address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give an IP address, such as 127.0.0.1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other machines could reach this address: choose a token file (one line, readable only by you) that clients must present.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only programs on this computer can connect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clients must send the token as &apos;Authorization: Bearer …&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::SessionFilterBar</name>
    <message>
        <source>Fallback runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only runs whose release outcome is FALLBACK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release outcome of the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any relevance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions with a lookup of this relevance level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions with an invocation of this tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the runs started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs started at or after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs started before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove every filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 sessions match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions with a lookup of this effective evidence status, or a call of this failure kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed tool call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lookup error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected attempt or retry reason of a lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search session id, user, question or call parameters (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::SessionListNote</name>
    <message>
        <source>The sessions could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database holds no session yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No session matches these filters. Clear shows every session.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::SessionTreeModel</name>
    <message>
        <source>Session / run / step / invocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls (sessions: invocations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>legacy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 no evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invocation %1, tool call %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legacy row: relevance_level held the evidence status %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrieval_details is malformed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session %1
User: %2
Outcome: %3
Last question: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1
Question: %2
Status: %3, outcome: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback cause: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback cause (recorded): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry reason: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · orphan: its calls have no diagnosis_run row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its rows could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no run id) · calls recorded without a run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 (id %2), agent %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::SessionsPage</name>
    <message>
        <source>Select a session, run or invocation in the tree.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h2&gt;No audit database open&lt;/h2&gt;&lt;p&gt;Open one with &lt;b&gt;File → Open Database…&lt;/b&gt; (Ctrl+O), drop an SQLite file on this window, or start &lt;code&gt;raglens path/to/audit.db&lt;/code&gt;.&lt;/p&gt;&lt;p&gt;A database of a running agent can also be opened by URL: &lt;code&gt;postgresql://user@host:5432/db&lt;/code&gt;.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading more sessions…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continued from the top.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continued from the bottom.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing session %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session %1 is not in this database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs of this session could not be read:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The steps and calls of this run could not be read:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File → Reload (F5) reads the database again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the trace…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move through the session tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up, Down, Page Up, Page Down, Home, End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand / collapse (loads runs, steps and invocations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right, Left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the filter text for the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Esc, Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous / next step or invocation in the run view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up, Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>raglens::ui::SummaryCard</name>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Success</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates / blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (no retry)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 candidates / %2 blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (legacy row)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>returned: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legacy row: relevance_level holds the evidence status “%1” (written by an older agent). The relevance level is read as none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retrieval_details is not valid JSON: %1 — the raw text is shown below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Truncation / returned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a lookup</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
