<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About RagLens</source>
        <translation>关于 RagLens</translation>
    </message>
    <message>
        <source>&lt;h3&gt;RagLens %1&lt;/h3&gt;&lt;p&gt;A desktop inspector for the retrieval step of LLM diagnosis agents: sessions, runs, steps and every &lt;code&gt;lookup_knowledge&lt;/code&gt; call, with its attempts, evidence and relevance.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;RagLens %1&lt;/h3&gt;&lt;p&gt;面向 LLM 诊断智能体检索步骤的桌面检查工具：会话、运行、步骤以及每一次 &lt;code&gt;lookup_knowledge&lt;/code&gt; 调用，连同其检索尝试、证据和相关性。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>AtomicFile</name>
    <message>
        <source>the data could not be written</source>
        <translation>数据无法写入</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>an SQLite database</source>
        <translation>一个 SQLite 数据库</translation>
    </message>
    <message>
        <source>an SQLite write-ahead log</source>
        <translation>一个 SQLite 预写日志</translation>
    </message>
    <message>
        <source>an SQLite rollback journal</source>
        <translation>一个 SQLite 回滚日志</translation>
    </message>
    <message>
        <source>%1 is %2: RagLens does not write over it; choose another file.</source>
        <translation>%1 是%2：RagLens 不会覆盖它，请选择其他文件。</translation>
    </message>
</context>
<context>
    <name>AttemptSvg</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>time ?</source>
        <translation>时间未知</translation>
    </message>
    <message>
        <source>candidates: %1</source>
        <translation>候选：%1</translation>
    </message>
    <message>
        <source>usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>not usable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>No attempt was recorded for this lookup.</source>
        <translation>此次检索没有记录任何尝试。</translation>
    </message>
    <message>
        <source>Attempts of this lookup (%1) on a time axis of %2 ms, with the top similarity of each against the usable threshold %3</source>
        <translation>此次检索的尝试（%1 次），时间轴共 %2 毫秒；每次尝试的最高相似度与可用阈值 %3 对比</translation>
    </message>
    <message>
        <source>time, %1 ms in all</source>
        <translation>时间，共 %1 毫秒</translation>
    </message>
    <message>
        <source>order (no duration recorded)</source>
        <translation>顺序（未记录耗时）</translation>
    </message>
    <message>
        <source>top similarity · usable ≥ %1</source>
        <translation>最高相似度 · 可用 ≥ %1</translation>
    </message>
    <message>
        <source>no category filter</source>
        <translation>无类别过滤</translation>
    </message>
    <message>
        <source>filter: %1</source>
        <translation>过滤：%1</translation>
    </message>
</context>
<context>
    <name>AttemptTimelineWidget</name>
    <message>
        <source>&lt; 1 ms</source>
        <translation>&lt; 1 ms</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>%1 · candidates: %2</source>
        <translation>%1 · 候选：%2</translation>
    </message>
    <message>
        <source> · error</source>
        <translation> · 错误</translation>
    </message>
</context>
<context>
    <name>AuditBrowser</name>
    <message>
        <source>the database file is corrupt (%1)</source>
        <translation>数据库文件已损坏（%1）</translation>
    </message>
    <message>
        <source>%1 (is the disk full?)</source>
        <translation>%1（磁盘是否已满？）</translation>
    </message>
    <message>
        <source>Reading the audit database stopped early: %1</source>
        <translation>读取审计数据库时中途停止：%1</translation>
    </message>
    <message>
        <source>Lost the connection to %1 (%2), and reconnecting failed: %3</source>
        <translation>与 %1 的连接已断开（%2），重新连接也失败了：%3</translation>
    </message>
    <message>
        <source>Cannot read the audit database: %1</source>
        <translation>无法读取审计数据库：%1</translation>
    </message>
    <message>
        <source>%1 has no %2 table; is it a RagLens/agent audit database?</source>
        <translation>%1 中没有 %2 表；它是 RagLens/智能体的审计数据库吗？</translation>
    </message>
    <message>
        <source>No run &apos;%1&apos; in %2.</source>
        <translation>%2 中没有运行“%1”。</translation>
    </message>
    <message>
        <source>No tool invocation with id %1 in %2.</source>
        <translation>%2 中没有 id 为 %1 的工具调用。</translation>
    </message>
    <message>
        <source>%1 has no %2 column in its %3 table: RagLens needs it to tie calls to their runs and sessions; is it a RagLens/agent audit database?</source>
        <translation>%1 的 %3 表中没有 %2 列：RagLens 需要它把调用关联到所属的运行和会话；这是 RagLens/智能体审计数据库吗？</translation>
    </message>
    <message>
        <source>Cannot read the audit database: %1. The database orders an index by the collation %2, which only the program that wrote it has; RagLens cannot compare those columns without it.</source>
        <translation>无法读取审计数据库：%1。该数据库有按排序规则 %2 排序的索引，而该规则只有写入它的程序才有；没有它，RagLens 无法比较这些列。</translation>
    </message>
</context>
<context>
    <name>AuditCheck</name>
    <message>
        <source>This database has no agent_step table: step checks are skipped.</source>
        <translation>此数据库没有 agent_step 表：跳过步骤检查。</translation>
    </message>
    <message>
        <source>This database has no diagnosis_trace table: timeline checks are skipped.</source>
        <translation>此数据库没有 diagnosis_trace 表：跳过时间线检查。</translation>
    </message>
    <message>
        <source>No session &apos;%1&apos; in %2.</source>
        <translation>%2 中没有会话“%1”。</translation>
    </message>
    <message>
        <source>This database has no started_at column: a time window cannot be checked.</source>
        <translation>此数据库没有 started_at 列：无法按时间窗口检查。</translation>
    </message>
    <message>
        <source>Calls without a run row have no start time and are not in a time window; check without --since/--until to include them.</source>
        <translation>没有运行记录的调用没有开始时间，不在任何时间窗口内；不带 --since/--until 检查即可包含它们。</translation>
    </message>
    <message>
        <source>switched off by the rules file</source>
        <translation>已被规则文件关闭</translation>
    </message>
    <message>
        <source>The audit check was cancelled.</source>
        <translation>审计检查已取消。</translation>
    </message>
    <message>
        <source>Calls without a recorded run are in the window by their own created_at; a run named by such calls is checked whole when one of its calls is in it.</source>
        <translation>没有运行记录的调用按其自身的 created_at 归入时间窗口；由这类调用指向的运行，只要有一个调用在窗口内，就整体检查。</translation>
    </message>
    <message numerus="yes">
        <source>%n diagnosis_run row(s) have no run_id: RagLens does not count them as runs (lists, health and traces leave them out)</source>
        <translation>
            <numerusform>%n 行 diagnosis_run 没有 run_id：RagLens 不把它们算作运行（列表、健康报告和追踪都不包含它们）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n diagnosis_run row(s) have a run_id but no session_id: RagLens does not count them as runs; their calls show under the calls&apos; own session as a run without its row (lists, health and traces alike)</source>
        <translation>
            <numerusform>%n 行 diagnosis_run 有 run_id 但没有 session_id：RagLens 不把它们算作运行；它们的调用显示在调用自身的会话下，作为缺少运行行的运行（列表、健康报告和追踪一致）</numerusform>
        </translation>
    </message>
    <message>
        <source>The run ids of %1 do not sort past %2: the check stopped there.</source>
        <translation>%1 的运行 id 无法排序越过 %2：检查在此停止。</translation>
    </message>
    <message>
        <source>This database has no id column in agent_step: no call&apos;s step_id can name a step, so calls are not checked against their run&apos;s steps, nor steps against their calls.</source>
        <translation>此数据库的 agent_step 没有 id 列：调用的 step_id 无法指向任何步骤，因此不检查调用与其运行的步骤是否对应，也不检查步骤与其调用。</translation>
    </message>
    <message>
        <source>This database has no input_params column in tool_invocation: calls&apos; parameters are not checked, nor their tool_call_id and step_id against them.</source>
        <translation>此数据库的 tool_invocation 没有 input_params 列：不检查调用的参数，也不以其核对调用的 tool_call_id 和 step_id。</translation>
    </message>
    <message>
        <source>This database has no retrieval_details column in tool_invocation: lookups&apos; details are not checked (rag_lookup_v1 shape, their tool_call_id).</source>
        <translation>此数据库的 tool_invocation 没有 retrieval_details 列：不检查查询的详情（rag_lookup_v1 结构及其 tool_call_id）。</translation>
    </message>
    <message>
        <source>This database has no has_tool_call column in agent_step: steps are not checked against the calls that name them.</source>
        <translation>此数据库的 agent_step 没有 has_tool_call 列：不核对步骤与指向它们的调用。</translation>
    </message>
    <message>
        <source>This database has no details column in diagnosis_trace: calls are not checked against their timeline events.</source>
        <translation>此数据库的 diagnosis_trace 没有 details 列：不核对调用与其时间线事件。</translation>
    </message>
</context>
<context>
    <name>AuditDatabase</name>
    <message>
        <source>%1 is not a readable database: %2</source>
        <translation>%1 不是可读取的数据库：%2</translation>
    </message>
    <message>
        <source>No schema files for %1 in this build.</source>
        <translation>此版本中没有 %1 的模式文件。</translation>
    </message>
    <message>
        <source>%1 has schema version %2, newer than this RagLens (%3). Update RagLens.</source>
        <translation>%1 的模式版本为 %2，比此 RagLens（%3）更新。请更新 RagLens。</translation>
    </message>
    <message>
        <source>Cannot create the schema-version table: %1</source>
        <translation>无法创建模式版本表：%1</translation>
    </message>
    <message>
        <source>Migration %1 (%2) failed: %3</source>
        <translation>迁移 %1（%2）失败：%3</translation>
    </message>
    <message>
        <source>Cannot record migration %1: %2</source>
        <translation>无法记录迁移 %1：%2</translation>
    </message>
    <message>
        <source>Cannot commit migration %1: %2</source>
        <translation>无法提交迁移 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read %1 without changing it: it has a write-ahead log nobody applied, and a private copy could not be made in %2. Free some space there, or open it with --write.</source>
        <translation>无法在不改动 %1 的情况下读取它：它有一个尚未应用的预写日志，且无法在 %2 中创建私有副本。请在那里释放一些空间，或使用 --write 打开。</translation>
    </message>
    <message>
        <source>This database has a write-ahead log that no writer has applied (%1-wal without -shm). RagLens shows a private copy with the log applied, so nothing beside the file changes.</source>
        <translation>此数据库有一个尚未被任何写入者应用的预写日志（有 %1-wal 而无 -shm）。RagLens 显示的是已应用该日志的私有副本，因此文件旁边的任何内容都不会改变。</translation>
    </message>
    <message>
        <source>The Qt SQL driver %1 is not installed (needed for %2).</source>
        <translation>未安装 Qt SQL 驱动 %1（%2 需要该驱动）。</translation>
    </message>
    <message>
        <source>No such database file: %1</source>
        <translation>数据库文件不存在：%1</translation>
    </message>
    <message>
        <source>Not a file: %1</source>
        <translation>不是文件：%1</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is locked by another program that is writing to it (%2); try again when it has finished.</source>
        <translation>%1 正被另一个写入它的程序锁定（%2）；请在其写完后重试。</translation>
    </message>
    <message>
        <source>Cannot list the tables of %1: %2</source>
        <translation>无法列出 %1 的表：%2</translation>
    </message>
    <message>
        <source>Cannot read the schemas of %1: %2</source>
        <translation>无法读取 %1 的模式（schema）：%2</translation>
    </message>
    <message>
        <source>The PostgreSQL database %1 has no schema &quot;%2&quot; (create it with CREATE SCHEMA, or name another in ?schema=).</source>
        <translation>PostgreSQL 数据库 %1 中没有模式 &quot;%2&quot;（请用 CREATE SCHEMA 创建，或在 ?schema= 中指定另一个）。</translation>
    </message>
    <message>
        <source>Cannot use the schema &quot;%1&quot; of %2: %3</source>
        <translation>无法使用 %2 的模式 &quot;%1&quot;：%3</translation>
    </message>
    <message>
        <source>Cannot tell whether the connection to %1 is encrypted: %2</source>
        <translation>无法判断与 %1 的连接是否加密：%2</translation>
    </message>
    <message>
        <source>The connection to %1 is not encrypted: the server offers no TLS. RagLens does not read over it in the clear when the URL asks for TLS (ssl-…).</source>
        <translation>与 %1 的连接未加密：服务器不提供 TLS。URL 要求 TLS（ssl-…）时，RagLens 不会通过明文连接读取数据。</translation>
    </message>
    <message>
        <source>Cannot read %1 without changing it: a writer stopped in the middle of a transaction and left its rollback journal, and a private copy could not be made in %2. Free some space there, or open it with --write.</source>
        <translation>无法在不改动 %1 的情况下读取它：某个写入者在事务中途停止，留下了回滚日志，且无法在 %2 中创建私有副本。请在那里释放一些空间，或使用 --write 打开。</translation>
    </message>
    <message>
        <source>A writer stopped in the middle of a transaction and left its rollback journal (%1-journal). RagLens shows a private copy with that transaction rolled back, as SQLite would, so nothing beside the file changes.</source>
        <translation>某个写入者在事务中途停止，留下了回滚日志（%1-journal）。RagLens 显示的是已按 SQLite 的方式回滚该事务的私有副本，因此文件旁边的任何内容都不会改变。</translation>
    </message>
    <message>
        <source>A writer of %1 stopped in the middle of a transaction and left its rollback journal (%2-journal), which a reader cannot roll back. RagLens reads such a file from a private copy, which cannot follow new writes: open it without following or serving, or let the agent (any SQLite writer) open it once to roll the transaction back.</source>
        <translation>%1 的某个写入者在事务中途停止，留下了回滚日志（%2-journal），读取者无法回滚它。RagLens 会从私有副本读取这样的文件，但副本无法跟踪新的写入：请在不跟踪、不提供服务的情况下打开它，或让智能体（任何 SQLite 写入者）打开它一次以回滚该事务。</translation>
    </message>
</context>
<context>
    <name>AuditRows</name>
    <message>
        <source>
… cut here: the cell holds %1 characters</source>
        <translation>
… 在此截断：该单元格共有 %1 个字符</translation>
    </message>
    <message>
        <source>malformed JSON: the text begins with a byte-order mark (U+FEFF)</source>
        <translation>JSON 格式错误：文本以字节顺序标记（U+FEFF）开头</translation>
    </message>
</context>
<context>
    <name>AuditSink</name>
    <message>
        <source>The insert returned no id.</source>
        <translation>插入操作未返回 id。</translation>
    </message>
    <message>
        <source>The insert returned a non-numeric id.</source>
        <translation>插入返回了非数字的 id。</translation>
    </message>
</context>
<context>
    <name>BilingualDictionary</name>
    <message>
        <source>The dictionary %1 has no usable entries.</source>
        <translation>词典 %1 中没有可用的词条。</translation>
    </message>
    <message>
        <source>Cannot write the dictionary %1: %2</source>
        <translation>无法写入词典 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read the dictionary %1: %2</source>
        <translation>无法读取词典 %1：%2</translation>
    </message>
</context>
<context>
    <name>CallIdentity</name>
    <message>
        <source>tool_invocation has no tool_call_id column.</source>
        <translation>tool_invocation 没有 tool_call_id 列。</translation>
    </message>
    <message>
        <source>tool_call_id column is empty</source>
        <translation>tool_call_id 列为空</translation>
    </message>
    <message>
        <source>input_params has no tool_call_id</source>
        <translation>input_params 中没有 tool_call_id</translation>
    </message>
    <message>
        <source>input_params.tool_call_id &apos;%1&apos; differs from the column &apos;%2&apos;</source>
        <translation>input_params.tool_call_id“%1”与列值“%2”不同</translation>
    </message>
    <message>
        <source>retrieval_details has no tool_call_id</source>
        <translation>retrieval_details 中没有 tool_call_id</translation>
    </message>
    <message>
        <source>retrieval_details.tool_call_id &apos;%1&apos; differs from the column &apos;%2&apos;</source>
        <translation>retrieval_details.tool_call_id“%1”与列值“%2”不同</translation>
    </message>
    <message>
        <source>tool_call_id &apos;%1&apos; is also used by invocation %2</source>
        <translation>tool_call_id“%1”也被调用 %2 使用</translation>
    </message>
    <message>
        <source>no invocations in scope</source>
        <translation>范围内没有调用</translation>
    </message>
    <message>
        <source>invocation id %1 is held by %2 rows: the table has no key on id, and every count through it is multiplied</source>
        <translation>调用 id %1 出现在 %2 行中：该表在 id 上没有主键，经由它的每个计数都会成倍放大</translation>
    </message>
    <message>
        <source>the call has neither a run_id nor a session_id: no session or run shows it; health counts it among the calls without a run</source>
        <translation>该调用既没有 run_id 也没有 session_id：没有会话或运行能显示它；健康报告把它计入没有运行的调用</translation>
    </message>
</context>
<context>
    <name>CheckRules</name>
    <message>
        <source>Step binding</source>
        <translation>步骤绑定</translation>
    </message>
    <message>
        <source>Every call names a step of its own run; steps with has_tool_call = 1 have a call and steps with 0 have none; input_params.step_id and the call&apos;s timeline event agree with the column.</source>
        <translation>每个调用都指向本运行中的步骤；has_tool_call = 1 的步骤有调用，为 0 的步骤没有；input_params.step_id 和调用的时间线事件与该列一致。</translation>
    </message>
    <message>
        <source>Call identity</source>
        <translation>调用标识</translation>
    </message>
    <message>
        <source>tool_call_id is in the column, in input_params and (for lookups) in retrieval_details, the same in all three, and used by one invocation only.</source>
        <translation>tool_call_id 出现在列、input_params 和（检索调用的）retrieval_details 中，三者相同，且只被一个调用使用。</translation>
    </message>
    <message>
        <source>input_params contract</source>
        <translation>input_params 约定</translation>
    </message>
    <message>
        <source>An object of scalars and string arrays with tool_call_id and a plausible request_bytes, every string at most 160 characters, no key posing as a reserved one.</source>
        <translation>由标量和字符串数组组成的对象，含 tool_call_id 和合理的 request_bytes，每个字符串最多 160 个字符，没有冒充保留键的键。</translation>
    </message>
    <message>
        <source>No leaked secrets</source>
        <translation>无泄露的机密</translation>
    </message>
    <message>
        <source>No credential-named key in input_params and no credential-looking value in input_params, output_preview, error_message, retrieval_details or the question.</source>
        <translation>input_params 中没有以凭据命名的键，input_params、output_preview、error_message、retrieval_details 和问题中没有像凭据的值。</translation>
    </message>
    <message>
        <source>rag_lookup_v1 shape</source>
        <translation>rag_lookup_v1 结构</translation>
    </message>
    <message>
        <source>Lookups carry rag_lookup_v1 details with every required key and valid words; counts agree; the selected attempt ran; a retry says why.</source>
        <translation>检索调用带有包含全部必需键和有效取值的 rag_lookup_v1 详情；计数一致；所选尝试确实执行过；重试注明原因。</translation>
    </message>
    <message>
        <source>Run consistency</source>
        <translation>运行一致性</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重性</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>已检查</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>期望</translation>
    </message>
    <message>
        <source>  … and %1 more</source>
        <translation>  … 另有 %1 条</translation>
    </message>
    <message>
        <source>Every rule passed.</source>
        <translation>所有规则均通过。</translation>
    </message>
    <message>
        <source>Some rules failed.</source>
        <translation>部分规则未通过。</translation>
    </message>
    <message>
        <source>tool_call_count and total_token_count match the rows, a FALLBACK run records its cause, its calls name its session, and times nest: run ⊇ steps ⊇ calls (within the clock-skew tolerance).</source>
        <translation>tool_call_count 与 total_token_count 与各行相符，FALLBACK 运行记录了原因，其调用记录的会话与运行一致，且时间嵌套：运行 ⊇ 步骤 ⊇ 调用（在时钟偏差容差内）。</translation>
    </message>
    <message>
        <source>Nothing was checked: no rows in scope.</source>
        <translation>没有检查任何内容：范围内没有行。</translation>
    </message>
</context>
<context>
    <name>ConsoleRecorder</name>
    <message>
        <source>%1 is read-only (RagLens did not create it); the lookup was not recorded.</source>
        <translation>%1 为只读（不是由 RagLens 创建的）；本次检索未被记录。</translation>
    </message>
    <message>
        <source>The lookup ran but its audit row was not written: %1</source>
        <translation>检索已运行，但未写入其审计行：%1</translation>
    </message>
</context>
<context>
    <name>ContentHash</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>DatabaseLocation</name>
    <message>
        <source>No database given.</source>
        <translation>未指定数据库。</translation>
    </message>
    <message>
        <source>Not a valid database URL: %1</source>
        <translation>不是有效的数据库 URL：%1</translation>
    </message>
    <message>
        <source>Unsupported database URL scheme &apos;%1&apos;: use a file path, postgresql:// or mysql://.</source>
        <translation>不支持的数据库 URL 协议 &apos;%1&apos;：请使用文件路径、postgresql:// 或 mysql://。</translation>
    </message>
    <message>
        <source>Do not put a password in the database URL; set RAGLENS_DB_PASSWORD instead.</source>
        <translation>请勿在数据库 URL 中写入密码；请改为设置 RAGLENS_DB_PASSWORD。</translation>
    </message>
    <message>
        <source>The database URL has no host: %1</source>
        <translation>数据库 URL 中没有主机：%1</translation>
    </message>
    <message>
        <source>The database URL names no database (…/dbname): %1</source>
        <translation>数据库 URL 中未指定数据库（…/dbname）：%1</translation>
    </message>
    <message>
        <source>The database URL parameter &apos;%1&apos; is not one RagLens passes on; %2 URLs take %3.</source>
        <translation>数据库 URL 参数“%1”不是 RagLens 会传递的参数；%2 URL 可用的参数为：%3。</translation>
    </message>
    <message>
        <source>The database URL gives &apos;%1&apos; twice.</source>
        <translation>数据库 URL 两次给出了“%1”。</translation>
    </message>
    <message>
        <source>The database URL parameter &apos;%1&apos; has no value.</source>
        <translation>数据库 URL 参数“%1”没有值。</translation>
    </message>
    <message>
        <source>The database URL parameter &apos;%1&apos; cannot hold spaces, &apos;;&apos;, quotes or backslashes: %2</source>
        <translation>数据库 URL 参数“%1”不能包含空格、“;”、引号或反斜杠：%2</translation>
    </message>
    <message>
        <source>connect_timeout is a number of seconds above 0, not &apos;%1&apos;.</source>
        <translation>connect_timeout 应为大于 0 的秒数，而不是“%1”。</translation>
    </message>
    <message>
        <source>An SQLite URL takes no parameters (?%1): give the file&apos;s path.</source>
        <translation>SQLite URL 不接受参数（?%1）：请给出文件路径。</translation>
    </message>
</context>
<context>
    <name>DemoScenarioSet</name>
    <message>
        <source>%1: a tool call has no &quot;tool&quot;.</source>
        <translation>%1：某个工具调用没有 &quot;tool&quot;。</translation>
    </message>
    <message>
        <source>%1: a lookup_knowledge call has no query.</source>
        <translation>%1：某个 lookup_knowledge 调用没有查询。</translation>
    </message>
    <message>
        <source>The scenario file is not a JSON object.</source>
        <translation>场景文件不是 JSON 对象。</translation>
    </message>
    <message>
        <source>Unsupported scenario file version %1.</source>
        <translation>不支持的场景文件版本 %1。</translation>
    </message>
    <message>
        <source>The scenario file has no &quot;sessions&quot; array.</source>
        <translation>场景文件中没有 &quot;sessions&quot; 数组。</translation>
    </message>
    <message>
        <source>A session has no session_id.</source>
        <translation>某个会话没有 session_id。</translation>
    </message>
    <message>
        <source>Session %1 appears twice.</source>
        <translation>会话 %1 出现了两次。</translation>
    </message>
    <message>
        <source>Session %1 has no valid started_at.</source>
        <translation>会话 %1 没有有效的 started_at。</translation>
    </message>
    <message>
        <source>Session %1 has no runs.</source>
        <translation>会话 %1 没有任何运行。</translation>
    </message>
    <message>
        <source>A run of session %1 has no run_id.</source>
        <translation>会话 %1 中的某次运行没有 run_id。</translation>
    </message>
    <message>
        <source>Run %1 appears twice.</source>
        <translation>运行 %1 出现了两次。</translation>
    </message>
    <message>
        <source>Run %1 has no steps.</source>
        <translation>运行 %1 没有任何步骤。</translation>
    </message>
    <message>
        <source>run %1, step %2</source>
        <translation>运行 %1，步骤 %2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>DemoWorkspace</name>
    <message>
        <source>This build carries no demo knowledge base.</source>
        <translation>此版本未附带演示知识库。</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>无法创建 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>The bundled demo knowledge base is empty.</source>
        <translation>内置的演示知识库为空。</translation>
    </message>
    <message>
        <source>Creating the demo workspace was cancelled.</source>
        <translation>已取消创建演示工作区。</translation>
    </message>
    <message>
        <source>Cannot create the workspace folder %1.</source>
        <translation>无法创建工作区文件夹 %1。</translation>
    </message>
    <message>
        <source>Extracting the demo runbooks</source>
        <translation>正在解压演示运维手册</translation>
    </message>
    <message>
        <source>Indexing the demo knowledge base</source>
        <translation>正在为演示知识库建立索引</translation>
    </message>
    <message>
        <source>Indexing the demo knowledge base (%1/%2)</source>
        <translation>正在为演示知识库建立索引（%1/%2）</translation>
    </message>
    <message>
        <source>%1 was not created by RagLens; the demo will not write into it. Choose an empty folder.</source>
        <translation>%1 不是由 RagLens 创建的；演示不会写入其中。请选择一个空文件夹。</translation>
    </message>
    <message>
        <source>Recording session %1</source>
        <translation>正在记录会话 %1</translation>
    </message>
    <message>
        <source>Cannot remove the half-written session %1: %2</source>
        <translation>无法删除写入了一半的会话 %1：%2</translation>
    </message>
    <message>
        <source>Session %1: %2</source>
        <translation>会话 %1：%2</translation>
    </message>
    <message>
        <source>Cannot finish %1: %2</source>
        <translation>无法完成 %1：%2</translation>
    </message>
    <message>
        <source>Cannot move %1 into place.</source>
        <translation>无法将 %1 移动到位。</translation>
    </message>
    <message>
        <source>The demo workspace is ready</source>
        <translation>演示工作区已就绪</translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <source>The tool call failed: %1</source>
        <translation>工具调用失败：%1</translation>
    </message>
    <message>
        <source>no message</source>
        <translation>无消息</translation>
    </message>
    <message>
        <source>Check the tool&apos;s logs around %1; the agent got no evidence from this call.</source>
        <translation>请检查工具在 %1 前后的日志；智能体未从此次调用获得任何证据。</translation>
    </message>
    <message>
        <source>retrieval_details is not valid JSON (%1); attempt data is unavailable.</source>
        <translation>retrieval_details 不是有效的 JSON（%1）；检索尝试数据不可用。</translation>
    </message>
    <message>
        <source>The column was probably cut by a size limit: widen it or shorten what the enricher stores.</source>
        <translation>该列可能因大小限制被截断：请加宽该列，或缩减 enricher 存储的内容。</translation>
    </message>
    <message>
        <source>Legacy row: relevance_level holds the evidence status &apos;%1&apos;; the level is read as none.</source>
        <translation>旧版数据行：relevance_level 中存放的是证据状态“%1”；相关性级别按无处理。</translation>
    </message>
    <message>
        <source>Written by an older agent; compare it with newer rows with care.</source>
        <translation>由旧版智能体写入；与新数据行比较时请谨慎。</translation>
    </message>
    <message>
        <source>The lookup ran but reported ERROR: %1</source>
        <translation>检索已运行但报告了 ERROR：%1</translation>
    </message>
    <message>
        <source>Check the attempts&apos; error messages and the knowledge base&apos;s index.</source>
        <translation>请检查各次尝试的错误信息和知识库的索引。</translation>
    </message>
    <message>
        <source>The row records no evidence status, so whether the agent got evidence is unknown.</source>
        <translation>该行没有记录证据状态，因此不知道智能体是否得到了证据。</translation>
    </message>
    <message>
        <source>The writer left evidence_status out of retrieval_details; check its audit_schema version.</source>
        <translation>写入方在 retrieval_details 中遗漏了 evidence_status；请检查其 audit_schema 版本。</translation>
    </message>
    <message>
        <source>The lookup returned no evidence: the unfiltered search returned no candidates at all, so the search backend returned nothing.</source>
        <translation>检索没有返回证据：不带过滤的检索完全没有返回候选，即检索后端什么也没返回。</translation>
    </message>
    <message>
        <source>The lookup returned no evidence; the agent had nothing to ground its answer on.</source>
        <translation>检索未返回任何证据；智能体没有可作为回答依据的内容。</translation>
    </message>
    <message>
        <source>Suspect the environment before the knowledge base: check the vector store, its collection and the embedder, then replay the query against a local knowledge base.</source>
        <translation>先怀疑运行环境，再怀疑知识库：检查向量库、其集合和嵌入器，然后针对本地知识库重放该查询。</translation>
    </message>
    <message>
        <source>Check that the knowledge base covers this question (add a runbook), and add the query to the eval set as a problem query.</source>
        <translation>请检查知识库是否涵盖此问题（添加运维手册），并将该查询作为问题查询加入评估集。</translation>
    </message>
    <message>
        <source>Average evidence quality %1 is under %2.</source>
        <translation>平均证据质量 %1 低于 %2。</translation>
    </message>
    <message>
        <source>The evidence is only loosely related: improve the runbook&apos;s wording or headings, or tune the hybrid weights.</source>
        <translation>证据仅松散相关：请改进运维手册的措辞或标题，或调整混合检索权重。</translation>
    </message>
    <message>
        <source>The filtered search was not usable; the unfiltered retry was used (retry reason: %1).</source>
        <translation>带过滤的检索不可用；使用了不带过滤的重试（重试原因：%1）。</translation>
    </message>
    <message>
        <source>none recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>The category filter &apos;%1&apos; chosen from L0 hints was wrong or too narrow: review the category&apos;s aliases and the L0 dictionary.</source>
        <translation>根据 L0 提示选择的类别过滤 &apos;%1&apos; 有误或过窄：请检查该类别的别名和 L0 词典。</translation>
    </message>
    <message>
        <source>the context pack was cut to its character budget</source>
        <translation>上下文包已按字符预算截断</translation>
    </message>
    <message>
        <source>the agent was given shortened excerpts or fewer blocks than found</source>
        <translation>智能体收到的是缩短的摘录，或少于找到数量的证据块</translation>
    </message>
    <message>
        <source>Evidence was truncated (the row does not say which way).</source>
        <translation>证据已被截断（该行未说明是哪一种）。</translation>
    </message>
    <message>
        <source>Evidence was truncated: %1.</source>
        <translation>证据已被截断：%1。</translation>
    </message>
    <message>
        <source>Raise the context budget or return fewer, shorter blocks.</source>
        <translation>提高上下文预算，或返回更少、更短的证据块。</translation>
    </message>
    <message>
        <source>Retrieval took %1 ms (over %2 ms).</source>
        <translation>检索耗时 %1 ms（超过 %2 ms）。</translation>
    </message>
    <message>
        <source>Check the index type (HNSW above the size threshold) and the embedder backend&apos;s latency.</source>
        <translation>请检查索引类型（超过规模阈值时应为 HNSW）以及嵌入器后端的延迟。</translation>
    </message>
    <message>
        <source>About %1 tokens of context (over %2).</source>
        <translation>上下文约 %1 个 token（超过 %2）。</translation>
    </message>
    <message>
        <source>Lower top-k or the context budget; long contexts dilute the evidence.</source>
        <translation>降低 top-k 或上下文预算；过长的上下文会稀释证据。</translation>
    </message>
    <message>
        <source>The tool took %1 ms.</source>
        <translation>该工具耗时 %1 ms。</translation>
    </message>
    <message>
        <source>Evidence found, usable on the first attempt, in time.</source>
        <translation>找到证据，首次检索尝试即可用，且未超时。</translation>
    </message>
    <message>
        <source>Not a retrieval; the call succeeded in time.</source>
        <translation>不是检索；调用成功且未超时。</translation>
    </message>
    <message>
        <source>The row records the evidence status &apos;%1&apos;, which is not one RagLens knows, so whether the agent got evidence is unknown.</source>
        <translation>该行记录的证据状态为“%1”，RagLens 不认识这个值，因此无法判断智能体是否得到了证据。</translation>
    </message>
    <message>
        <source>The writer uses its own evidence_status words; check its audit_schema version.</source>
        <translation>写入方使用了自己的 evidence_status 取值；请检查其 audit_schema 版本。</translation>
    </message>
    <message>
        <source>The row&apos;s evidence status cannot be read: %1.</source>
        <translation>无法读取该行的证据状态：%1。</translation>
    </message>
    <message>
        <source>Have the writer store retrieval_details as a JSON object.</source>
        <translation>请让写入方把 retrieval_details 存为 JSON 对象。</translation>
    </message>
    <message>
        <source>The full-trace sample (lookup_trace_sample) is not valid JSON (%1); the evidence and the context pack it would show are unavailable.</source>
        <translation>完整追踪样本（lookup_trace_sample）不是有效的 JSON（%1）：其中的证据和上下文包无法显示。</translation>
    </message>
    <message>
        <source>The lookup_result column was probably cut by a size limit: widen it.</source>
        <translation>lookup_result 列可能被长度限制截断：请加宽该列。</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 (not a time)</source>
        <translation>%1（不是时间）</translation>
    </message>
    <message>
        <source>%1 (not a duration)</source>
        <translation>%1（不是时长）</translation>
    </message>
    <message>
        <source>%1 (not a count)</source>
        <translation>%1（不是计数）</translation>
    </message>
    <message>
        <source>%1 (not a step index)</source>
        <translation>%1（不是步骤序号）</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>步骤 %1</translation>
    </message>
    <message>
        <source>Step %1 · %2</source>
        <translation>步骤 %1 · %2</translation>
    </message>
</context>
<context>
    <name>EmbeddingsClient</name>
    <message>
        <source>no embeddings server URL is set</source>
        <translation>未设置嵌入服务器 URL</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// URL</source>
        <translation>“%1”不是 http:// 或 https:// URL</translation>
    </message>
    <message>
        <source>no embeddings model is set</source>
        <translation>未设置嵌入模型</translation>
    </message>
    <message>
        <source>the embedding dimension %1 is out of range</source>
        <translation>嵌入维度 %1 超出范围</translation>
    </message>
    <message>
        <source>the batch size, timeout and retry count must be positive</source>
        <translation>批大小、超时和重试次数必须为正数</translation>
    </message>
    <message>
        <source>the environment variable %1, which holds the token for the embeddings server, is not set</source>
        <translation>存放嵌入服务器令牌的环境变量 %1 未设置</translation>
    </message>
    <message>
        <source>the embeddings server at %1 answered HTTP %2: %3</source>
        <translation>嵌入服务器 %1 返回 HTTP %2：%3</translation>
    </message>
    <message>
        <source>the embeddings server at %1 did not answer within %2 ms</source>
        <translation>嵌入服务器 %1 在 %2 毫秒内没有应答</translation>
    </message>
    <message>
        <source>the embeddings server at %1 cannot be reached: %2</source>
        <translation>无法连接嵌入服务器 %1：%2</translation>
    </message>
    <message>
        <source>the embeddings server at %1 did not return an OpenAI-style embeddings response (no &quot;data&quot; list)</source>
        <translation>嵌入服务器 %1 返回的不是 OpenAI 风格的嵌入响应（没有“data”列表）</translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned %2 vectors for %3 texts</source>
        <translation>嵌入服务器 %1 为 %3 段文本返回了 %2 个向量</translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned an item without an &quot;embedding&quot; list</source>
        <translation>嵌入服务器 %1 返回的条目缺少“embedding”列表</translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned a wrong or repeated index %2</source>
        <translation>嵌入服务器 %1 返回了错误或重复的索引 %2</translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned vectors of dimension %2; %3 was expected</source>
        <translation>嵌入服务器 %1 返回的向量维度为 %2，预期为 %3</translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned an empty vector</source>
        <translation>嵌入服务器 %1 返回了空向量</translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned a vector with a component that is not a number</source>
        <translation>嵌入服务器 %1 返回的向量中有非数字分量</translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned a vector with a component too large for a float</source>
        <translation>位于 %1 的向量服务返回的向量中有超出 float 范围的分量</translation>
    </message>
    <message>
        <source>the embeddings server at %1 returned a vector of all zeros for input %2; is its model loaded?</source>
        <translation>位于 %1 的向量服务为第 %2 个输入返回了全零向量；模型是否已加载？</translation>
    </message>
</context>
<context>
    <name>EmptyCauseCheck</name>
    <message>
        <source>The recorded lookup was not empty; nothing to tell apart.</source>
        <translation>记录的检索并非为空，无需区分。</translation>
    </message>
    <message>
        <source>The local knowledge base finds evidence for the same query: the knowledge base covers it, so the recorded empty result points at the search backend or its environment.</source>
        <translation>本地知识库对同一查询找到了证据：知识库覆盖了该问题，因此记录中的空结果指向检索后端或其运行环境。</translation>
    </message>
    <message>
        <source>The local knowledge base returns candidates, but none good enough either: the knowledge base has nothing close to this query (a coverage gap).</source>
        <translation>本地知识库返回了候选，但同样没有足够好的：知识库中没有与该查询相近的内容（覆盖缺口）。</translation>
    </message>
    <message>
        <source>The local knowledge base returns nothing either: the gap is in coverage, or the local knowledge base is empty.</source>
        <translation>本地知识库同样没有返回任何内容：问题在于覆盖缺口，或者本地知识库为空。</translation>
    </message>
</context>
<context>
    <name>EvalBaseline</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>case %1 went from hit (rank %2) to miss</source>
        <translation>用例 %1 由命中（排名 %2）变为未命中</translation>
    </message>
    <message>
        <source>case %1 went from miss to hit (rank %2)</source>
        <translation>用例 %1 由未命中变为命中（排名 %2）</translation>
    </message>
    <message>
        <source>%1: %2 → %3 (%4%5, tolerance %6)</source>
        <translation>%1：%2 → %3（%4%5，容差 %6）</translation>
    </message>
    <message>
        <source>%1 is not an eval report or baseline (no &quot;metrics&quot; and &quot;perCase&quot;)</source>
        <translation>%1 不是评估报告或基线（没有 &quot;metrics&quot; 和 &quot;perCase&quot;）</translation>
    </message>
    <message>
        <source>the JSON</source>
        <translation>该 JSON</translation>
    </message>
    <message>
        <source>%1 has no valid &quot;k&quot;</source>
        <translation>%1 没有有效的 &quot;k&quot;</translation>
    </message>
    <message>
        <source>cannot read baseline %1: %2</source>
        <translation>无法读取基线 %1：%2</translation>
    </message>
    <message>
        <source>baseline %1 is not valid JSON</source>
        <translation>基线 %1 不是有效的 JSON</translation>
    </message>
    <message>
        <source>cannot create folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>the baseline was measured at k=%1 but this run uses k=%2; run with --k %1 or save a new baseline</source>
        <translation>该基线在 k=%1 下测得，而本次运行使用 k=%2；请使用 --k %1 运行，或保存新的基线</translation>
    </message>
    <message>
        <source>%1: metrics.%2 is not a number</source>
        <translation>%1：metrics.%2 不是数字</translation>
    </message>
    <message>
        <source>%1 is not a baseline this RagLens reads (format %2, version 1 expected)</source>
        <translation>%1 不是本 RagLens 能读取的基线（应为格式 %2、版本 1）</translation>
    </message>
    <message>
        <source>%1: metrics.%2 is %3, not a rate between 0 and 1</source>
        <translation>%1：metrics.%2 为 %3，不是 0 到 1 之间的比率</translation>
    </message>
    <message>
        <source>%1: no metric was measured; it cannot serve as a baseline</source>
        <translation>%1：没有测得任何指标，不能作为基线</translation>
    </message>
    <message>
        <source>%1: %2 has no case id</source>
        <translation>%1：%2 没有用例 id</translation>
    </message>
    <message>
        <source>%1: %2.hit is not true or false</source>
        <translation>%1：%2.hit 不是 true 或 false</translation>
    </message>
    <message>
        <source>%1: %2.firstHitRank is not a rank</source>
        <translation>%1：%2.firstHitRank 不是有效的名次</translation>
    </message>
</context>
<context>
    <name>EvalMetrics</name>
    <message>
        <source>hit@k</source>
        <translation>hit@k</translation>
    </message>
    <message>
        <source>recall@k</source>
        <translation>recall@k</translation>
    </message>
    <message>
        <source>MRR</source>
        <translation>MRR</translation>
    </message>
    <message>
        <source>nDCG@k</source>
        <translation>nDCG@k</translation>
    </message>
    <message>
        <source>no-evidence accuracy</source>
        <translation>无证据判断准确率</translation>
    </message>
    <message>
        <source>attempt agreement</source>
        <translation>检索尝试一致率</translation>
    </message>
    <message>
        <source>relevance agreement</source>
        <translation>相关性一致率</translation>
    </message>
    <message>
        <source>latency p50</source>
        <translation>延迟 p50</translation>
    </message>
    <message>
        <source>latency p95</source>
        <translation>延迟 p95</translation>
    </message>
</context>
<context>
    <name>EvalSet</name>
    <message>
        <source>… and %1 more</source>
        <translation>… 以及另外 %1 项</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an array of strings</source>
        <translation>&quot;%1&quot; 必须是字符串数组</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must contain only non-empty strings</source>
        <translation>&quot;%1&quot; 只能包含非空字符串</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>&quot;%1&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>missing &quot;id&quot; (a non-empty string)</source>
        <translation>缺少 &quot;id&quot;（非空字符串）</translation>
    </message>
    <message>
        <source>case %1: missing &quot;query&quot; (a non-empty string)</source>
        <translation>用例 %1：缺少 &quot;query&quot;（非空字符串）</translation>
    </message>
    <message>
        <source>case %1: %2</source>
        <translation>用例 %1：%2</translation>
    </message>
    <message>
        <source>case %1: &quot;expect_no_evidence&quot; must be true or false</source>
        <translation>用例 %1：&quot;expect_no_evidence&quot; 必须为 true 或 false</translation>
    </message>
    <message>
        <source>case %1: &quot;expected_relevance&quot; must be PRECISE or REFERENCE, not &quot;%2&quot;</source>
        <translation>用例 %1：&quot;expected_relevance&quot; 必须为 PRECISE 或 REFERENCE，而不是 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>case %1: &quot;expected_selected_attempt&quot; must be one of %2, not &quot;%3&quot;</source>
        <translation>用例 %1：&quot;expected_selected_attempt&quot; 必须是 %2 之一，而不是 &quot;%3&quot;</translation>
    </message>
    <message>
        <source>case %1: &quot;expect_no_evidence&quot; contradicts the expected evidence keys or sources</source>
        <translation>用例 %1：&quot;expect_no_evidence&quot; 与预期的证据键或来源相矛盾</translation>
    </message>
    <message>
        <source>case %1: give &quot;expected_evidence_keys&quot;, &quot;expected_sources&quot; or &quot;expect_no_evidence&quot;: true</source>
        <translation>用例 %1：请提供 &quot;expected_evidence_keys&quot;、&quot;expected_sources&quot; 或 &quot;expect_no_evidence&quot;: true</translation>
    </message>
    <message>
        <source>duplicate id &quot;%1&quot;</source>
        <translation>重复的 id &quot;%1&quot;</translation>
    </message>
    <message>
        <source>cannot read eval set %1: %2</source>
        <translation>无法读取评估集 %1：%2</translation>
    </message>
    <message>
        <source>case %1 is a problem query still to be reviewed: mark its &quot;expected_evidence_keys&quot; (or &quot;expect_no_evidence&quot;: true) and remove &quot;needs_review&quot;</source>
        <translation>用例 %1 是尚待审阅的问题查询：请标注它的 &quot;expected_evidence_keys&quot;（或 &quot;expect_no_evidence&quot;: true），并删除 &quot;needs_review&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is blank; leave the key out for none</source>
        <translation>&quot;%1&quot; 为空；不需要时请省略该键</translation>
    </message>
    <message>
        <source>not valid JSON (column %1)</source>
        <translation>不是有效的 JSON（第 %1 列）</translation>
    </message>
    <message>
        <source>not valid JSON (%1)</source>
        <translation>不是有效的 JSON（%1）</translation>
    </message>
    <message>
        <source>not a case as written (%1)</source>
        <translation>不是按原文读取的用例（%1）</translation>
    </message>
</context>
<context>
    <name>EvalSetWriter</name>
    <message>
        <source>Added case %1 at line %2.</source>
        <translation>已在第 %2 行添加用例 %1。</translation>
    </message>
    <message>
        <source>The query was already case %1 (line %2); its expectations were updated.</source>
        <translation>该查询已是用例 %1（第 %2 行）；其预期已更新。</translation>
    </message>
    <message>
        <source>The query is already case %1 (line %2); nothing was written.</source>
        <translation>该查询已是用例 %1（第 %2 行）；未写入任何内容。</translation>
    </message>
    <message>
        <source>the query is empty</source>
        <translation>查询为空</translation>
    </message>
    <message>
        <source>mark at least one correct evidence key, or choose &quot;expect no evidence&quot;</source>
        <translation>请至少标记一个正确的证据键，或选择“预期无证据”</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>cannot create folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
</context>
<context>
    <name>FactLabels</name>
    <message>
        <source>context pack cut to budget</source>
        <translation>上下文包按预算截断</translation>
    </message>
    <message>
        <source>agent excerpts cut</source>
        <translation>智能体摘录被截断</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>已截断</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>not truncated</source>
        <translation>未截断</translation>
    </message>
</context>
<context>
    <name>FactsIndex</name>
    <message>
        <source>Writing the facts index failed: %1</source>
        <translation>写入事实索引失败：%1</translation>
    </message>
    <message>
        <source>Building the facts index was cancelled.</source>
        <translation>事实索引的构建已取消。</translation>
    </message>
    <message>
        <source>Cannot put the facts index in place at %1.</source>
        <translation>无法将事实索引放到 %1。</translation>
    </message>
    <message>
        <source>no complete index yet</source>
        <translation>尚无完整索引</translation>
    </message>
    <message>
        <source>the index was written by another version of RagLens</source>
        <translation>索引由其他版本的 RagLens 写入</translation>
    </message>
    <message>
        <source>the index describes another database</source>
        <translation>索引描述的是另一个数据库</translation>
    </message>
    <message>
        <source>the database&apos;s schema changed</source>
        <translation>数据库的表结构已改变</translation>
    </message>
    <message>
        <source>rows the index holds are gone (the database was replaced or emptied)</source>
        <translation>索引中记录的行已不存在（数据库被替换或清空）</translation>
    </message>
    <message>
        <source>no index yet</source>
        <translation>尚无索引</translation>
    </message>
    <message>
        <source>the database changed under the index</source>
        <translation>数据库在索引之后发生了变化</translation>
    </message>
    <message>
        <source>There is no facts index at %1.</source>
        <translation>%1 处没有事实索引。</translation>
    </message>
    <message>
        <source>Reading the facts index failed: %1</source>
        <translation>读取事实索引失败：%1</translation>
    </message>
    <message>
        <source>Cannot open the facts index %1: %2</source>
        <translation>无法打开事实索引 %1：%2</translation>
    </message>
    <message>
        <source>a rebuild was asked for</source>
        <translation>要求了重建</translation>
    </message>
    <message>
        <source>tool_invocation.id holds text (%1), not numbers: the facts index orders and refreshes calls by their id, so it is not built; RagLens reads the database directly.</source>
        <translation>tool_invocation.id 中存放的是文本（%1）而非数字：事实索引按 id 排序和刷新调用，因此不会构建；RagLens 直接读取数据库。</translation>
    </message>
    <message>
        <source>Copying from the audit database failed: %1</source>
        <translation>从审计数据库复制失败：%1</translation>
    </message>
    <message>
        <source>Reading the audit database failed: %1</source>
        <translation>读取审计数据库失败：%1</translation>
    </message>
    <message>
        <source>Copying from the audit database failed: a call id in tool_invocation is not a whole number; the facts index orders and refreshes calls by their id, so it is not built.</source>
        <translation>从审计数据库复制失败：tool_invocation 中有调用 id 不是整数；事实索引按 id 排序和刷新调用，因此不构建该索引。</translation>
    </message>
    <message>
        <source>Cannot open the facts index %1: SQLite refused its functions.</source>
        <translation>无法打开事实索引 %1：SQLite 拒绝注册其函数。</translation>
    </message>
    <message>
        <source>Reading the facts index failed: it has no meta values.</source>
        <translation>读取事实索引失败：它没有元数据值。</translation>
    </message>
    <message>
        <source>the index&apos;s meta value %1 is missing or unreadable</source>
        <translation>索引的元数据值 %1 缺失或无法读取</translation>
    </message>
    <message>
        <source>the index is damaged (%1)</source>
        <translation>索引已损坏（%1）</translation>
    </message>
    <message>
        <source>calls were deleted or added below the newest indexed call (the database holds %1 up to it, the index %2)</source>
        <translation>在已索引的最新调用之前有调用被删除或添加（数据库到该调用为止有 %1 条，索引有 %2 条）</translation>
    </message>
    <message>
        <source>tool_invocation.id reaches the end of the 64-bit integers (%1): the facts index orders and refreshes calls by their id, so it is not built; RagLens reads the database directly.</source>
        <translation>tool_invocation.id 到达了 64 位整数的边界（%1）：事实索引按 id 排序和刷新调用，因此不构建索引；RagLens 直接读取数据库。</translation>
    </message>
    <message>
        <source>tool_invocation holds calls without an id: the facts index orders and refreshes calls by their id, so it is not built; RagLens reads the database directly.</source>
        <translation>tool_invocation 中有没有 id 的调用：事实索引按 id 排序和刷新调用，因此不构建它；RagLens 直接读取数据库。</translation>
    </message>
</context>
<context>
    <name>GoldenFixtures</name>
    <message>
        <source>&quot;expect&quot; must be an object</source>
        <translation>&quot;expect&quot; 必须是对象</translation>
    </message>
    <message>
        <source>unknown expectation &quot;%1&quot;</source>
        <translation>未知的预期 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expectation &quot;%1&quot; has the wrong type</source>
        <translation>预期 &quot;%1&quot; 的类型错误</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>missing &quot;fixture&quot; (a file name)</source>
        <translation>缺少 &quot;fixture&quot;（文件名）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>cannot read golden file %1: %2</source>
        <translation>无法读取黄金预期文件 %1：%2</translation>
    </message>
    <message>
        <source>cannot read fixture %1: %2</source>
        <translation>无法读取固定样例 %1：%2</translation>
    </message>
    <message>
        <source>fixture %1 is not valid JSON (cut off or edited?)</source>
        <translation>固定样例 %1 不是有效的 JSON（被截断或被编辑过？）</translation>
    </message>
    <message>
        <source>fixture %1 is not a JSON object</source>
        <translation>固定样例 %1 不是 JSON 对象</translation>
    </message>
    <message>
        <source>fixture %1 is not a LookupResult: %2</source>
        <translation>固定样例 %1 不是 LookupResult：%2</translation>
    </message>
</context>
<context>
    <name>HealthText</name>
    <message>
        <source>Empty retrieval</source>
        <translation>空检索</translation>
    </message>
    <message>
        <source>Low evidence quality</source>
        <translation>证据质量低</translation>
    </message>
    <message>
        <source>Evidence truncated</source>
        <translation>证据被截断</translation>
    </message>
    <message>
        <source>Slow retrieval</source>
        <translation>检索缓慢</translation>
    </message>
    <message>
        <source>Slow tool call</source>
        <translation>工具调用缓慢</translation>
    </message>
    <message>
        <source>Large context</source>
        <translation>上下文过大</translation>
    </message>
    <message>
        <source>Legacy row</source>
        <translation>旧版数据行</translation>
    </message>
    <message>
        <source>Malformed retrieval details</source>
        <translation>检索详情格式错误</translation>
    </message>
    <message>
        <source>Tool error</source>
        <translation>工具错误</translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation>健康</translation>
    </message>
    <message>
        <source>Retried without the filter</source>
        <translation>已去掉过滤条件重试</translation>
    </message>
    <message>
        <source>CRITICAL</source>
        <translation>CRITICAL</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>WARNING</translation>
    </message>
    <message>
        <source>GOOD</source>
        <translation>GOOD</translation>
    </message>
    <message>
        <source>empty retrieval</source>
        <translation>空检索</translation>
    </message>
    <message>
        <source>FALLBACK</source>
        <translation>FALLBACK</translation>
    </message>
    <message>
        <source>negative feedback</source>
        <translation>负面反馈</translation>
    </message>
    <message>
        <source>tool error</source>
        <translation>工具错误</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Malformed full-trace sample</source>
        <translation>完整追踪样本格式错误</translation>
    </message>
    <message>
        <source>NO DATA</source>
        <translation>无数据</translation>
    </message>
</context>
<context>
    <name>IdColumn</name>
    <message>
        <source>RagLens records only into stores that number their rows: %1.id in %2 is %3, so a new row&apos;s id could not be read back to link its calls. Nothing was written.</source>
        <translation>RagLens 只向以整数为行编号的存储写入记录：%2 中的 %1.id 是 %3，新行的 id 无法读回以关联其调用。未写入任何内容。</translation>
    </message>
    <message>
        <source>a column without a type</source>
        <translation>未声明类型的列</translation>
    </message>
    <message>
        <source>RagLens records only into stores that number their rows: %1.id in %2 gets no number from the store (no identity, sequence, generating default or auto-increment), so a new row would have no id to link its calls. Nothing was written.</source>
        <translation>RagLens 只向以整数为行编号的存储写入记录：%2 中的 %1.id 不由存储自动编号（没有 identity、序列、生成编号的默认值或 auto-increment），新行将没有 id 来关联其调用。未写入任何内容。</translation>
    </message>
</context>
<context>
    <name>InputGuard</name>
    <message>
        <source>the JSON is %1 bytes, more than the %2 bytes RagLens reads</source>
        <translation>该 JSON 有 %1 字节，超过 RagLens 读取上限 %2 字节</translation>
    </message>
    <message>
        <source>the JSON is nested more than %1 levels deep</source>
        <translation>该 JSON 嵌套超过 %1 层</translation>
    </message>
    <message numerus="yes">
        <source>%n number(s) too large for a double read as null</source>
        <translation>
            <numerusform>%n 个超出双精度范围的数字按 null 读取</numerusform>
        </translation>
    </message>
    <message>
        <source>malformed JSON: %1</source>
        <translation>JSON 格式错误：%1</translation>
    </message>
    <message>
        <source>%1 is larger than the %2 MB RagLens reads</source>
        <translation>%1 超过了 RagLens 读取的上限 %2 MB</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) repeated in one object: the first is read, as SQLite and MariaDB read it</source>
        <translation>
            <numerusform>同一对象中有 %n 个键重复：按 SQLite 和 MariaDB 的读法读取第一个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lone surrogate escape(s) read as U+FFFD</source>
        <translation>
            <numerusform>%n 个孤立的代理项转义按 U+FFFD 读取</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InputParamsContract</name>
    <message>
        <source>input_params is not valid JSON: %1</source>
        <translation>input_params 不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>input_params is empty</source>
        <translation>input_params 为空</translation>
    </message>
    <message>
        <source>input_params is not a JSON object</source>
        <translation>input_params 不是 JSON 对象</translation>
    </message>
    <message>
        <source>&apos;%1&apos; holds %2 characters (at most %3)</source>
        <translation>“%1”包含 %2 个字符（最多 %3 个）</translation>
    </message>
    <message>
        <source>a key of %1 characters (at most %2)</source>
        <translation>某个键有 %1 个字符（最多 %2 个）</translation>
    </message>
    <message>
        <source>key &apos;%1&apos; poses as the reserved key &apos;%2&apos;</source>
        <translation>键“%1”冒充保留键“%2”</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is an array holding a %2, not only strings</source>
        <translation>“%1”是包含 %2 的数组，而不只包含字符串</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a %2; only strings, numbers, booleans and string arrays are allowed</source>
        <translation>“%1”是 %2；只允许字符串、数字、布尔值和字符串数组</translation>
    </message>
    <message>
        <source>tool_call_id is missing or not a string</source>
        <translation>tool_call_id 缺失或不是字符串</translation>
    </message>
    <message>
        <source>request_bytes is missing</source>
        <translation>缺少 request_bytes</translation>
    </message>
    <message>
        <source>request_bytes is not an integer</source>
        <translation>request_bytes 不是整数</translation>
    </message>
    <message>
        <source>request_bytes %1 is outside 1 … %2</source>
        <translation>request_bytes %1 超出 1 … %2</translation>
    </message>
    <message>
        <source>request_bytes %1 is smaller than a value the request held (%2 bytes)</source>
        <translation>request_bytes %1 小于请求中某个值的大小（%2 字节）</translation>
    </message>
    <message>
        <source>no invocations in scope</source>
        <translation>范围内没有调用</translation>
    </message>
    <message>
        <source>step_id is not an integer or a text id</source>
        <translation>step_id 既不是整数，也不是文本 id</translation>
    </message>
    <message>
        <source>tool_invocation has no input_params column.</source>
        <translation>tool_invocation 没有 input_params 列。</translation>
    </message>
</context>
<context>
    <name>InvocationFacts</name>
    <message>
        <source>retrieval_details holds its JSON object as a string (written as JSON twice), and RagLens reads objects only</source>
        <translation>retrieval_details 把它的 JSON 对象存成了字符串（被 JSON 编码了两次），而 RagLens 只读取对象</translation>
    </message>
    <message>
        <source>retrieval_details holds a JSON %1, not an object</source>
        <translation>retrieval_details 存的是 JSON %1，而不是对象</translation>
    </message>
</context>
<context>
    <name>JsonGuard</name>
    <message>
        <source>The JSON is nested %1 levels deep, more than the %2 levels this viewer opens safely; only the raw text is shown.</source>
        <translation>该 JSON 嵌套深度为 %1 层，超过本查看器可安全展开的 %2 层；仅显示原始文本。</translation>
    </message>
    <message>
        <source>Malformed JSON: %1</source>
        <translation>JSON 格式错误：%1</translation>
    </message>
</context>
<context>
    <name>KnowledgeBase</name>
    <message>
        <source>the BM25 index file is corrupt or truncated</source>
        <translation>BM25 索引文件已损坏或被截断</translation>
    </message>
    <message>
        <source>the embedder state file is corrupt</source>
        <translation>嵌入器状态文件已损坏</translation>
    </message>
    <message>
        <source>the embedder state has dimension %1 but the manifest says %2</source>
        <translation>嵌入器状态的维度为 %1，但清单中为 %2</translation>
    </message>
    <message>
        <source>the embedder state file is truncated</source>
        <translation>嵌入器状态文件被截断</translation>
    </message>
    <message>
        <source>no knowledge base folder was given</source>
        <translation>未指定知识库文件夹</translation>
    </message>
    <message>
        <source>the vector index %1 is missing</source>
        <translation>缺少向量索引 %1</translation>
    </message>
    <message>
        <source>the vector index %1 has an unsupported type</source>
        <translation>向量索引 %1 的类型不受支持</translation>
    </message>
    <message>
        <source>the vector index %1 is unreadable (%2)</source>
        <translation>向量索引 %1 无法读取（%2）</translation>
    </message>
    <message>
        <source>cannot write %1 (%2)</source>
        <translation>无法写入 %1（%2）</translation>
    </message>
    <message>
        <source>the chunks could not be embedded: %1</source>
        <translation>无法为分块生成嵌入：%1</translation>
    </message>
    <message>
        <source>cannot create the knowledge base folder %1</source>
        <translation>无法创建知识库文件夹 %1</translation>
    </message>
    <message>
        <source>another ingest into %1 is running</source>
        <translation>另一个导入任务正在写入 %1</translation>
    </message>
    <message>
        <source>no documents to ingest in %1 (expected Markdown or text files in category sub-folders)</source>
        <translation>%1 中没有可导入的文档（应为各类别子文件夹中的 Markdown 或文本文件）</translation>
    </message>
    <message>
        <source>unknown index kind &quot;%1&quot; (use auto, flat or hnsw)</source>
        <translation>未知的索引类型 &quot;%1&quot;（请使用 auto、flat 或 hnsw）</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>the chunk store is corrupt or truncated</source>
        <translation>分块存储已损坏或被截断</translation>
    </message>
    <message>
        <source>the document list is corrupt</source>
        <translation>文档列表已损坏</translation>
    </message>
    <message>
        <source>the knowledge base folder %1 does not exist</source>
        <translation>知识库文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>%1 is not a knowledge base (no %2); create one with &quot;raglens-cli ingest --kb %1 SOURCE_DIR&quot;</source>
        <translation>%1 不是知识库（没有 %2）；请使用 &quot;raglens-cli ingest --kb %1 SOURCE_DIR&quot; 创建</translation>
    </message>
    <message>
        <source>the knowledge base manifest %1 is corrupt (not valid JSON)</source>
        <translation>知识库清单 %1 已损坏（不是有效的 JSON）</translation>
    </message>
    <message>
        <source>%1 is not a RagLens knowledge base manifest</source>
        <translation>%1 不是 RagLens 知识库清单</translation>
    </message>
    <message>
        <source>the knowledge base has format version %1; this RagLens reads version %2. Re-ingest it.</source>
        <translation>该知识库的格式版本为 %1；此 RagLens 读取版本 %2。请重新导入。</translation>
    </message>
    <message>
        <source>the knowledge base in %1 is incomplete: %2 is missing. Re-ingest it.</source>
        <translation>%1 中的知识库不完整：缺少 %2。请重新导入。</translation>
    </message>
    <message>
        <source>the knowledge base in %1 is corrupt: %2 has %3 bytes, the manifest says %4. Re-ingest it.</source>
        <translation>%1 中的知识库已损坏：%2 有 %3 字节，而清单中为 %4。请重新导入。</translation>
    </message>
    <message>
        <source>the knowledge base uses embedder &quot;%1&quot; (dimension %2), which this RagLens does not provide</source>
        <translation>该知识库使用嵌入器 &quot;%1&quot;（维度 %2），此 RagLens 未提供该嵌入器</translation>
    </message>
    <message>
        <source>the vector index has dimension %1 but the manifest says %2. Re-ingest the knowledge base.</source>
        <translation>向量索引的维度为 %1，但清单中为 %2。请重新导入知识库。</translation>
    </message>
    <message>
        <source>the knowledge base is inconsistent: manifest %1 chunks, chunk store %2, vector index %3. Re-ingest it.</source>
        <translation>知识库不一致：清单 %1 个分块，分块存储 %2 个，向量索引 %3 个。请重新导入。</translation>
    </message>
    <message>
        <source>the knowledge base&apos;s BM25 index uses terms &quot;%1&quot;, which this RagLens does not know. Re-ingest it, or update RagLens.</source>
        <translation>知识库的 BM25 索引使用词项形式“%1”，此版本的 RagLens 不认识。请重新导入知识库，或升级 RagLens。</translation>
    </message>
    <message>
        <source>the BM25 index does not match the chunk store. Re-ingest the knowledge base.</source>
        <translation>BM25 索引与分块存储不匹配。请重新导入知识库。</translation>
    </message>
    <message>
        <source>the domain dictionary is corrupt</source>
        <translation>领域词典已损坏</translation>
    </message>
    <message>
        <source>the knowledge base in %1 is incomplete: its data folder &quot;%2&quot; is missing. Re-ingest it.</source>
        <translation>%1 中的知识库不完整：缺少其数据文件夹 &quot;%2&quot;。请重新导入。</translation>
    </message>
    <message>
        <source>the document list does not match the chunk store. Re-ingest the knowledge base.</source>
        <translation>文档列表与分块存储不匹配。请重新导入知识库。</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>not valid JSON; category kept without aliases</source>
        <translation>不是有效的 JSON；保留该类别，但不含别名</translation>
    </message>
    <message>
        <source>the source folder %1 does not exist</source>
        <translation>源文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>%1 is not a folder</source>
        <translation>%1 不是文件夹</translation>
    </message>
    <message>
        <source>unsupported file type (expected .md or .txt)</source>
        <translation>不支持的文件类型（应为 .md 或 .txt）</translation>
    </message>
    <message>
        <source>another file already has the source name %1</source>
        <translation>已有另一个文件使用来源名称 %1</translation>
    </message>
    <message>
        <source>not a regular file (a device, FIFO or socket)</source>
        <translation>不是普通文件（设备、FIFO 或套接字）</translation>
    </message>
    <message>
        <source>file too large (the limit is %1 MB)</source>
        <translation>文件过大（上限为 %1 MB）</translation>
    </message>
    <message>
        <source>binary file</source>
        <translation>二进制文件</translation>
    </message>
    <message>
        <source>not valid UTF-8 text</source>
        <translation>不是有效的 UTF-8 文本</translation>
    </message>
    <message>
        <source>empty file</source>
        <translation>空文件</translation>
    </message>
    <message>
        <source>cannot read the file; its previous version is kept</source>
        <translation>无法读取该文件；保留其上一版本</translation>
    </message>
    <message>
        <source>cannot read the folder: %1</source>
        <translation>无法读取该文件夹：%1</translation>
    </message>
    <message>
        <source>cannot write to the knowledge base folder %1 (%2)</source>
        <translation>无法写入知识库文件夹 %1（%2）</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>the lock file cannot be created</source>
        <translation>无法创建锁文件</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… 以及另外 %1 项</translation>
    </message>
    <message>
        <source>; skipped:
</source>
        <translation>；已跳过：
</translation>
    </message>
    <message>
        <source>not valid UTF-16 text</source>
        <translation>不是有效的 UTF-16 文本</translation>
    </message>
    <message>
        <source>%1 is a file, not a knowledge base folder</source>
        <translation>%1 是一个文件，不是知识库文件夹</translation>
    </message>
    <message>
        <source>&quot;settings&quot; is not an object</source>
        <translation>&quot;settings&quot; 不是对象</translation>
    </message>
    <message>
        <source>%1 must be a number from %2 to %3, not %4</source>
        <translation>%1 必须是 %2 到 %3 之间的数，而不是 %4</translation>
    </message>
    <message>
        <source>%1 must be a whole number from %2 to %3, not %4</source>
        <translation>%1 必须是 %2 到 %3 之间的整数，而不是 %4</translation>
    </message>
    <message>
        <source>%1 must be true or false, not %2</source>
        <translation>%1 必须是 true 或 false，而不是 %2</translation>
    </message>
    <message>
        <source>searchMode must be &quot;dense&quot; or &quot;hybrid&quot;, not %1</source>
        <translation>searchMode 必须是 &quot;dense&quot; 或 &quot;hybrid&quot;，而不是 %1</translation>
    </message>
    <message>
        <source>the knowledge base manifest in %1 has settings RagLens cannot use: %2. Correct them in manifest.json or re-ingest.</source>
        <translation>%1 中的知识库清单含有 RagLens 无法使用的设置：%2。请在 manifest.json 中改正，或重新导入。</translation>
    </message>
    <message>
        <source>the knowledge base manifest %1 is corrupt (valid JSON, but not an object)</source>
        <translation>知识库清单 %1 已损坏（是有效的 JSON，但不是对象）</translation>
    </message>
    <message>
        <source>the knowledge base manifest in %1 is corrupt: &quot;checksums&quot; is not an object. Re-ingest it.</source>
        <translation>%1 中的知识库清单已损坏：“checksums”不是对象。请重新导入。</translation>
    </message>
    <message>
        <source>the knowledge base manifest in %1 is corrupt: the checksum of &quot;%2&quot; is not a checksum. Re-ingest it.</source>
        <translation>%1 中的知识库清单已损坏：“%2”的校验和不是有效的校验和。请重新导入。</translation>
    </message>
    <message>
        <source>the knowledge base in %1 is corrupt: %2 changed after it was written (its checksum does not match the manifest). Re-ingest it.</source>
        <translation>%1 中的知识库已损坏：%2 在写入后被改动（其校验和与清单不符）。请重新导入。</translation>
    </message>
    <message>
        <source>the knowledge base manifest in %1 is corrupt: it has no checksum of %2. Re-ingest it.</source>
        <translation>%1 中的知识库清单已损坏：缺少 %2 的校验和。请重新导入。</translation>
    </message>
    <message>
        <source>%1 holds a %2 that is not a RagLens knowledge base&apos;s: RagLens will not write over it. Choose a new or empty folder.</source>
        <translation>%1 中的 %2 不属于 RagLens 知识库：RagLens 不会覆盖它。请选择一个新的或空的文件夹。</translation>
    </message>
    <message>
        <source>%1 holds a %2 RagLens cannot read and no knowledge base generation: RagLens will not write over it. Choose a new or empty folder.</source>
        <translation>%1 中有一个 RagLens 无法读取的 %2，且没有知识库版本目录：RagLens 不会覆盖它。请选择一个新的或空的文件夹。</translation>
    </message>
    <message>
        <source>%1 is not empty and holds no RagLens knowledge base (it has %2): RagLens writes a knowledge base only into a new or empty folder or over one it wrote.</source>
        <translation>%1 不是空文件夹，也不包含 RagLens 知识库（其中有 %2）：RagLens 只会把知识库写入新的或空的文件夹，或覆盖它自己写入的知识库。</translation>
    </message>
    <message>
        <source>the name is not valid UTF-8, so RagLens cannot open it; rename it</source>
        <translation>名称不是有效的 UTF-8，RagLens 无法打开它；请重命名</translation>
    </message>
    <message>
        <source>a link to %1, which does not exist</source>
        <translation>指向 %1 的链接，而目标不存在</translation>
    </message>
    <message>
        <source>not a regular file (a pipe, socket or device)</source>
        <translation>不是普通文件（管道、套接字或设备）</translation>
    </message>
    <message>
        <source>vector count %1</source>
        <translation>向量数 %1</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>vector data</source>
        <translation>向量数据</translation>
    </message>
    <message>
        <source>graph</source>
        <translation>图结构</translation>
    </message>
    <message>
        <source>graph entry point</source>
        <translation>图入口点</translation>
    </message>
    <message>
        <source>the vector index %1 is corrupt (%2). Re-ingest it.</source>
        <translation>向量索引 %1 已损坏（%2）。请重新导入。</translation>
    </message>
    <message>
        <source>a link to %1, a folder it is inside of: not followed</source>
        <translation>指向 %1 的链接，而它就在该文件夹之内：不跟随</translation>
    </message>
    <message>
        <source>%1; its previous version leaves the knowledge base</source>
        <translation>%1；其先前版本已从知识库中移除</translation>
    </message>
    <message>
        <source>UTF-32 text, which is not read: save it as UTF-8</source>
        <translation>UTF-32 文本无法读取：请另存为 UTF-8</translation>
    </message>
</context>
<context>
    <name>LocalLookupRecorder</name>
    <message>
        <source>The audit database %1 is read-only; open it with write access to record lookups.</source>
        <translation>审计数据库 %1 为只读；请以可写方式打开才能记录检索。</translation>
    </message>
    <message>
        <source>A session id is needed to record a lookup.</source>
        <translation>记录检索需要会话 id。</translation>
    </message>
    <message>
        <source>The query is empty.</source>
        <translation>查询为空。</translation>
    </message>
    <message>
        <source>The lookup was recorded as invocation %1, but run %2 could not be finished: %3</source>
        <translation>检索已记录为调用 %1，但运行 %2 无法结束：%3</translation>
    </message>
    <message>
        <source>%1 (nothing of this lookup was kept in the audit database)</source>
        <translation>%1（此次查找未在审计数据库中留下任何内容）</translation>
    </message>
    <message>
        <source>%1; and run %2, written before it, could not be taken back: %3</source>
        <translation>%1；此前写入的运行 %2 也无法撤回：%3</translation>
    </message>
    <message>
        <source>%1; and run %2 could not be taken back: %3</source>
        <translation>%1；且运行 %2 无法撤回：%3</translation>
    </message>
</context>
<context>
    <name>LookupEngine</name>
    <message>
        <source>no knowledge base is loaded</source>
        <translation>未加载知识库</translation>
    </message>
    <message>
        <source>unknown search mode &quot;%1&quot; (use dense or hybrid)</source>
        <translation>未知的搜索模式 &quot;%1&quot;（请使用 dense 或 hybrid）</translation>
    </message>
    <message>
        <source>top-k must be a positive number</source>
        <translation>top-k 必须是正数</translation>
    </message>
    <message>
        <source>the query is empty</source>
        <translation>查询为空</translation>
    </message>
    <message>
        <source>unknown category &quot;%1&quot; (known: %2)</source>
        <translation>未知的类别 &quot;%1&quot;（已知类别：%2）</translation>
    </message>
    <message>
        <source>the question could not be embedded: %1</source>
        <translation>无法为问题生成嵌入：%1</translation>
    </message>
    <message>
        <source>the lookup failed: %1</source>
        <translation>检索失败：%1</translation>
    </message>
    <message>
        <source>the question has no words to search for (only punctuation, symbols or the commonest words); rephrase it</source>
        <translation>问题中没有可供检索的词（只有标点、符号或最常见的虚词）；请换一种说法</translation>
    </message>
</context>
<context>
    <name>LookupShape</name>
    <message>
        <source>relevance_level holds &apos;%1&apos;, not PRECISE / REFERENCE / null</source>
        <translation>relevance_level 的值为“%1”，而不是 PRECISE / REFERENCE / null</translation>
    </message>
    <message>
        <source>retrieval_details is not valid JSON: %1</source>
        <translation>retrieval_details 不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>retrieval_details is missing</source>
        <translation>缺少 retrieval_details</translation>
    </message>
    <message>
        <source>audit_schema is &apos;%1&apos;, not %2</source>
        <translation>audit_schema 为“%1”，而不是 %2</translation>
    </message>
    <message>
        <source>missing key(s): %1</source>
        <translation>缺少键：%1</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is not one of %3</source>
        <translation>%1“%2”不在 %3 之中</translation>
    </message>
    <message>
        <source>selected_attempt %1 is not one of the attempts (%2)</source>
        <translation>selected_attempt %1 不在已执行的尝试中（%2）</translation>
    </message>
    <message>
        <source>a retry (UNFILTERED_VECTOR_RETRY) without a fallback_reason</source>
        <translation>重试（UNFILTERED_VECTOR_RETRY）没有 fallback_reason</translation>
    </message>
    <message>
        <source>returned_count %1 is more than evidence_block_count %2</source>
        <translation>returned_count %1 大于 evidence_block_count %2</translation>
    </message>
    <message>
        <source>evidence_block_count %1 is more than evidence_candidate_count %2</source>
        <translation>evidence_block_count %1 大于 evidence_candidate_count %2</translation>
    </message>
    <message>
        <source>l1_match_count %1 differs from evidence_block_count %2</source>
        <translation>l1_match_count %1 与 evidence_block_count %2 不同</translation>
    </message>
    <message>
        <source>no lookup_knowledge calls in scope</source>
        <translation>范围内没有 lookup_knowledge 调用</translation>
    </message>
    <message>
        <source>tool_invocation has no retrieval_details column.</source>
        <translation>tool_invocation 没有 retrieval_details 列。</translation>
    </message>
</context>
<context>
    <name>ProblemLibrary</name>
    <message>
        <source>this database has no run_feedback table: negative ratings cannot be read</source>
        <translation>此数据库没有 run_feedback 表：无法读取负面评价</translation>
    </message>
    <message>
        <source>session %1: %2</source>
        <translation>会话 %1：%2</translation>
    </message>
</context>
<context>
    <name>ProblemQuery</name>
    <message>
        <source>invocation %1 is a %2 call, not lookup_knowledge; only lookups can become eval cases</source>
        <translation>调用 %1 是 %2 调用，而不是 lookup_knowledge；只有检索才能成为评估用例</translation>
    </message>
    <message>
        <source>(unnamed tool)</source>
        <translation>（未命名工具）</translation>
    </message>
    <message>
        <source>invocation %1 has no query preview in its input parameters</source>
        <translation>调用 %1 的输入参数中没有查询预览</translation>
    </message>
</context>
<context>
    <name>RecordedLookup</name>
    <message>
        <source>The full-trace sample could not be read; compared with the audit row.</source>
        <translation>无法读取完整追踪采样；已改为与审计行比较。</translation>
    </message>
    <message>
        <source>Legacy row: its relevance_level held an evidence status, read as no relevance level.</source>
        <translation>旧版数据行：其 relevance_level 中存放的是证据状态，按无相关性级别处理。</translation>
    </message>
    <message>
        <source>The recorded retrieval details are malformed (%1); only the columns were compared.</source>
        <translation>记录的检索详情格式错误（%1）；仅比较了各列。</translation>
    </message>
    <message>
        <source>The recorded query is a 160-character preview and may have been cut; the replay used the preview.</source>
        <translation>记录的查询是 160 个字符的预览，可能已被截断；重放使用了该预览。</translation>
    </message>
    <message>
        <source>The full-trace sample is not valid JSON (%1); compared with the audit row.</source>
        <translation>完整追踪样本不是有效的 JSON（%1）；改为与审计行比较。</translation>
    </message>
</context>
<context>
    <name>RemoteEmbedder</name>
    <message>
        <source>the embeddings endpoint stored with the knowledge base is unreadable</source>
        <translation>知识库中保存的嵌入服务配置无法读取</translation>
    </message>
</context>
<context>
    <name>Replay</name>
    <message>
        <source>Invocation %1 is a %2 call, not a lookup_knowledge lookup; only lookups can be replayed.</source>
        <translation>调用 %1 是 %2 调用，而不是 lookup_knowledge 检索；只有检索才能重放。</translation>
    </message>
    <message>
        <source>Invocation %1 has no recorded query (no &quot;query&quot; in its input_params and no full-trace sample), so it cannot be replayed.</source>
        <translation>调用 %1 没有记录查询（其 input_params 中没有 &quot;query&quot;，也没有完整追踪采样），因此无法重放。</translation>
    </message>
</context>
<context>
    <name>ReplayDiff</name>
    <message>
        <source>The replayed lookup failed: %1</source>
        <translation>重放的检索失败：%1</translation>
    </message>
</context>
<context>
    <name>RulesFile</name>
    <message>
        <source>&apos;%1&apos; must be a number from %2 to %3.</source>
        <translation>“%1”必须是 %2 到 %3 之间的数字。</translation>
    </message>
    <message>
        <source>The rules file must hold a JSON object.</source>
        <translation>规则文件必须包含一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Unknown key &apos;%1&apos; in the rules file.</source>
        <translation>规则文件中有未知的键“%1”。</translation>
    </message>
    <message>
        <source>&apos;rules&apos; must be an object of rule ids.</source>
        <translation>“rules”必须是以规则 ID 为键的对象。</translation>
    </message>
    <message>
        <source>Unknown rule &apos;%1&apos; in the rules file.</source>
        <translation>规则文件中有未知的规则“%1”。</translation>
    </message>
    <message>
        <source>Rule &apos;%1&apos; must be true, false or an object.</source>
        <translation>规则“%1”必须是 true、false 或对象。</translation>
    </message>
    <message>
        <source>Rule &apos;%1&apos; has no setting &apos;%2&apos;.</source>
        <translation>规则“%1”没有设置项“%2”。</translation>
    </message>
    <message>
        <source>&apos;enabled&apos; of rule &apos;%1&apos; must be true or false.</source>
        <translation>规则“%1”的“enabled”必须是 true 或 false。</translation>
    </message>
    <message>
        <source>Rule &apos;%1&apos;: %2</source>
        <translation>规则“%1”：%2</translation>
    </message>
    <message>
        <source>&apos;highEntropy&apos; must be true or false.</source>
        <translation>“highEntropy”必须是 true 或 false。</translation>
    </message>
    <message>
        <source>Cannot read the rules file %1: %2</source>
        <translation>无法读取规则文件 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>RunComparison</name>
    <message>
        <source>No run &apos;%1&apos; in this database.</source>
        <translation>此数据库中没有运行“%1”。</translation>
    </message>
</context>
<context>
    <name>RunConsistency</name>
    <message numerus="yes">
        <source>tool_call_count is %1 but the run has %n invocation(s)</source>
        <translation>
            <numerusform>tool_call_count 为 %1，但该运行有 %n 个调用</numerusform>
        </translation>
    </message>
    <message>
        <source>total_token_count is %1 but its steps add up to %2</source>
        <translation>total_token_count 为 %1，但其步骤合计为 %2</translation>
    </message>
    <message>
        <source>a FALLBACK run without a fallback_reason</source>
        <translation>FALLBACK 运行没有 fallback_reason</translation>
    </message>
    <message>
        <source>finished_at %1 is before started_at %2</source>
        <translation>finished_at %1 早于 started_at %2</translation>
    </message>
    <message>
        <source>starts at %1, before its run (%2)</source>
        <translation>开始于 %1，早于其运行（%2）</translation>
    </message>
    <message>
        <source>finishes at %1, after its run (%2)</source>
        <translation>结束于 %1，晚于其运行（%2）</translation>
    </message>
    <message>
        <source>finishes at %1, before it starts (%2)</source>
        <translation>结束于 %1，早于其开始（%2）</translation>
    </message>
    <message>
        <source>written at %1, before its run started (%2)</source>
        <translation>写入于 %1，早于其运行开始（%2）</translation>
    </message>
    <message>
        <source>written at %1, after its run finished (%2)</source>
        <translation>写入于 %1，晚于其运行结束（%2）</translation>
    </message>
    <message>
        <source>written at %1, before its step started (%2)</source>
        <translation>写入于 %1，早于其步骤开始（%2）</translation>
    </message>
    <message>
        <source>written at %1, after its step finished (%2)</source>
        <translation>写入于 %1，晚于其步骤结束（%2）</translation>
    </message>
    <message>
        <source>no run rows in scope</source>
        <translation>范围内没有运行记录</translation>
    </message>
    <message>
        <source>run_id is held by %1 diagnosis_run rows: the table has no key on run_id, and every count joined through it is multiplied</source>
        <translation>该 run_id 出现在 %1 行 diagnosis_run 中：该表在 run_id 上没有主键，经由它关联的每个计数都会成倍放大</translation>
    </message>
    <message>
        <source>names session &apos;%1&apos;, but its run belongs to session &apos;%2&apos;: it is shown there, not under &apos;%1&apos;</source>
        <translation>记录的会话是“%1”，但其运行属于会话“%2”：它显示在后者之下，而不在“%1”之下</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a duration in milliseconds (from 0 to 10^12): it is shown as none and health&apos;s latencies leave it out</source>
        <translation>%1：&apos;%2&apos; 不是以毫秒计的时长（0 到 10^12）：显示为空，健康报告的延迟统计不计入它</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a count (a whole number from 0): it is shown as none</source>
        <translation>%1：&apos;%2&apos; 不是计数（从 0 起的整数）：显示为空</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a count (a whole number from 0): it is read as 0</source>
        <translation>%1：&apos;%2&apos; 不是计数（从 0 起的整数）：按 0 读取</translation>
    </message>
    <message>
        <source>%1 holds &apos;%2&apos;, which reads as no time: it is shown as it is, time windows leave it out and lists place it by its text or after every time</source>
        <translation>%1 的值为“%2”，无法读作时间：按原样显示，时间窗口不包含它，列表按其文本排序或排在所有时间之后</translation>
    </message>
    <message>
        <source>run_id is held by %1 diagnosis_run rows: the table has no key on run_id; RagLens reads the last row written, the others are not shown</source>
        <translation>该 run_id 出现在 %1 行 diagnosis_run 中：该表在 run_id 上没有主键；RagLens 读取最后写入的一行，其余行不显示</translation>
    </message>
    <message>
        <source>release_outcome is %1 but content_type is SAFE_FALLBACK: every view reads the run as a FALLBACK</source>
        <translation>release_outcome 为 %1，但 content_type 为 SAFE_FALLBACK：所有视图都把该运行读作 FALLBACK</translation>
    </message>
</context>
<context>
    <name>RunFacts</name>
    <message>
        <source>tool error</source>
        <translation>工具错误</translation>
    </message>
    <message>
        <source>lookup error</source>
        <translation>检索错误</translation>
    </message>
    <message>
        <source>no evidence</source>
        <translation>无证据</translation>
    </message>
    <message>
        <source>weak evidence</source>
        <translation>证据较弱</translation>
    </message>
    <message>
        <source>no lookup</source>
        <translation>未检索</translation>
    </message>
    <message>
        <source>no recorded cause</source>
        <translation>无记录的原因</translation>
    </message>
    <message>
        <source>%1 (#%2)</source>
        <translation>%1（#%2）</translation>
    </message>
    <message>
        <source> (recorded as %1)</source>
        <translation>（记录为 %1）</translation>
    </message>
    <message>
        <source>The run fell back%1 because the tool call %2 failed.</source>
        <translation>该运行回退%1，因为工具调用 %2 失败。</translation>
    </message>
    <message>
        <source>The run fell back%1 because the tool call %2 failed: %3</source>
        <translation>该运行回退%1，因为工具调用 %2 失败：%3</translation>
    </message>
    <message>
        <source>The run fell back%1 because the lookup %2 reported an error.</source>
        <translation>该运行回退%1，因为检索 %2 报告了错误。</translation>
    </message>
    <message>
        <source>The run fell back%1 because its lookups found no evidence (%2 of %3 with NO_EVIDENCE).</source>
        <translation>该运行回退%1，因为其检索没有找到证据（%3 次中有 %2 次为 NO_EVIDENCE）。</translation>
    </message>
    <message>
        <source>The run fell back%1 because its lookups found only evidence without a relevance level (neither PRECISE nor REFERENCE).</source>
        <translation>该运行回退%1，因为其检索只找到了没有相关性级别的证据（既非 PRECISE 也非 REFERENCE）。</translation>
    </message>
    <message>
        <source>The run fell back%1 without any lookup: it made no lookup_knowledge call, so it had no evidence.</source>
        <translation>该运行回退%1且未做任何检索：它没有调用 lookup_knowledge，因此没有证据。</translation>
    </message>
    <message>
        <source>The run fell back%1, but nothing recorded explains it: its lookups found relevant evidence and no call failed.</source>
        <translation>该运行回退%1，但记录中没有任何解释：其检索找到了相关证据，也没有调用失败。</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 of %n runs</source>
        <translation>
            <numerusform>%1 · %n 次运行中有 %2 次</numerusform>
        </translation>
    </message>
    <message>
        <source>The run fell back%1, and nothing recorded explains it for certain: of its %2 lookups, %3 found relevant evidence, %4 found evidence without a relevance level, %5 found none, %6 reported an error and %7 could not be read; %8 of its calls failed.</source>
        <translation>该运行回退%1，记录中没有能确定解释它的原因：其 %2 次检索中，%3 次找到相关证据，%4 次找到没有相关性级别的证据，%5 次未找到证据，%6 次报告错误，%7 次无法读取；其调用中有 %8 次失败。</translation>
    </message>
</context>
<context>
    <name>RunFeedback</name>
    <message>
        <source>this database has no run_feedback table</source>
        <translation>此数据库没有 run_feedback 表</translation>
    </message>
    <message>
        <source>the run_feedback table has no %1 column</source>
        <translation>run_feedback 表没有 %1 列</translation>
    </message>
    <message>
        <source>Cannot rate run %1: %2</source>
        <translation>无法评价运行 %1：%2</translation>
    </message>
    <message>
        <source>Cannot rate a run without a run id</source>
        <translation>没有运行 ID，无法评价运行</translation>
    </message>
    <message>
        <source>Cannot rate run %1: the database has no such run</source>
        <translation>无法评价运行 %1：数据库中没有该运行</translation>
    </message>
    <message>
        <source>Cannot write feedback for run %1: %2</source>
        <translation>无法写入运行 %1 的反馈：%2</translation>
    </message>
    <message>
        <source>the database is open read-only (RagLens did not create it); run the command with --write to rate runs in it</source>
        <translation>数据库以只读方式打开（并非 RagLens 创建）；请加上 --write 运行该命令以评价其中的运行</translation>
    </message>
</context>
<context>
    <name>RunGantt</name>
    <message>
        <source>Trace events</source>
        <translation>追踪事件</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>Invocation %1 (%2)
%3
duration: %4</source>
        <translation>调用 %1（%2）
%3
耗时：%4</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>no error message</source>
        <translation>无错误信息</translation>
    </message>
    <message>
        <source>Step %1 (id %2), %3 tokens, %4</source>
        <translation>步骤 %1（id %2），%3 个 token，%4</translation>
    </message>
</context>
<context>
    <name>RunRecorder</name>
    <message>
        <source>The audit database %1 is read-only.</source>
        <translation>审计数据库 %1 为只读。</translation>
    </message>
    <message>
        <source>A run needs a run id and a session id.</source>
        <translation>运行需要运行 id 和会话 id。</translation>
    </message>
    <message>
        <source>Cannot start run %1: %2</source>
        <translation>无法开始运行 %1：%2</translation>
    </message>
    <message>
        <source>Cannot commit run %1: %2</source>
        <translation>无法提交运行 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read run %1: %2</source>
        <translation>无法读取运行 %1：%2</translation>
    </message>
    <message>
        <source>No run %1 in %2.</source>
        <translation>%2 中没有运行 %1。</translation>
    </message>
    <message>
        <source>Run %1 belongs to session %2, not %3.</source>
        <translation>运行 %1 属于会话 %2，而不是 %3。</translation>
    </message>
    <message>
        <source>Cannot reopen run %1: %2</source>
        <translation>无法重新打开运行 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write the %1 event: %2</source>
        <translation>无法写入 %1 事件：%2</translation>
    </message>
    <message>
        <source>Cannot write step %1 of run %2: %3</source>
        <translation>无法写入运行 %2 的步骤 %1：%3</translation>
    </message>
    <message>
        <source>Cannot commit step %1: %2</source>
        <translation>无法提交步骤 %1：%2</translation>
    </message>
    <message>
        <source>Cannot finish step %1: %2</source>
        <translation>无法完成步骤 %1：%2</translation>
    </message>
    <message>
        <source>Cannot count run %1: %2</source>
        <translation>无法统计运行 %1：%2</translation>
    </message>
    <message>
        <source>Cannot finish run %1: %2</source>
        <translation>无法完成运行 %1：%2</translation>
    </message>
    <message>
        <source>Cannot take back run %1: %2</source>
        <translation>无法撤回运行 %1：%2</translation>
    </message>
</context>
<context>
    <name>SavedView</name>
    <message>
        <source>A view needs a name.</source>
        <translation>视图需要一个名称。</translation>
    </message>
    <message>
        <source>A view&apos;s name is at most 80 characters.</source>
        <translation>视图名称最多 80 个字符。</translation>
    </message>
    <message>
        <source>The view &quot;%1&quot;: %2</source>
        <translation>视图“%1”：%2</translation>
    </message>
    <message>
        <source>The view &quot;%1&quot; has an unknown filter &quot;%2&quot;.</source>
        <translation>视图“%1”含有未知的筛选条件“%2”。</translation>
    </message>
    <message>
        <source>The view &quot;%1&quot;: &apos;%2&apos; is not a time.</source>
        <translation>视图“%1”：“%2”不是时间。</translation>
    </message>
    <message>
        <source>Not a RagLens view: it should start with &quot;%1&quot;.</source>
        <translation>不是 RagLens 视图：应以“%1”开头。</translation>
    </message>
    <message>
        <source>Not a RagLens view: it is too long.</source>
        <translation>不是 RagLens 视图：内容过长。</translation>
    </message>
</context>
<context>
    <name>SchemaNotes</name>
    <message>
        <source>questions are not shown or searched</source>
        <translation>不显示也不搜索问题</translation>
    </message>
    <message>
        <source>users are not shown or searched</source>
        <translation>不显示也不搜索用户</translation>
    </message>
    <message>
        <source>run outcomes, session outcomes and the Fallback runs filter are unavailable</source>
        <translation>运行结果、会话结果以及“回退运行”筛选均不可用</translation>
    </message>
    <message>
        <source>runs are not ordered by time and time filters match nothing</source>
        <translation>运行不按时间排序，时间筛选不会匹配任何内容</translation>
    </message>
    <message>
        <source>calls are listed under their run, not under the step that issued them</source>
        <translation>调用列在其运行之下，而不是发起它的步骤之下</translation>
    </message>
    <message>
        <source>attempts, retry reasons and evidence status are unknown</source>
        <translation>检索尝试、重试原因和证据状态均未知</translation>
    </message>
    <message>
        <source>every call is read as successful</source>
        <translation>所有调用都按成功处理</translation>
    </message>
    <message>
        <source>queries are not shown, searched or replayable</source>
        <translation>查询不显示、不可搜索也无法重放</translation>
    </message>
    <message>
        <source>the value is shown as empty</source>
        <translation>该值显示为空</translation>
    </message>
    <message>
        <source>steps are not shown; calls are listed under their run</source>
        <translation>不显示步骤；调用列在其运行之下</translation>
    </message>
    <message>
        <source>runs have no timeline events</source>
        <translation>运行没有时间线事件</translation>
    </message>
    <message>
        <source>user feedback is not shown</source>
        <translation>不显示用户反馈</translation>
    </message>
    <message>
        <source>full LookupResult samples are not available</source>
        <translation>没有完整的 LookupResult 采样</translation>
    </message>
    <message>
        <source>This database has no %1 table: %2.</source>
        <translation>该数据库没有 %1 表：%2。</translation>
    </message>
    <message>
        <source>This database has no %1 column in %2: %3.</source>
        <translation>该数据库的 %2 表中没有 %1 列：%3。</translation>
    </message>
    <message>
        <source>This database has no lookup_trace_sample table: %1.</source>
        <translation>该数据库没有 lookup_trace_sample 表：%1。</translation>
    </message>
    <message>
        <source>This database has no index on tool_invocation.session_id: calls whose run has no diagnosis_run row are not listed (finding them would scan the whole table for every session).</source>
        <translation>该数据库的 tool_invocation.session_id 上没有索引：不会列出运行缺少 diagnosis_run 行的调用（查找它们需要为每个会话扫描整张表）。</translation>
    </message>
    <message>
        <source>a run counts as fallen back by its release outcome alone</source>
        <translation>运行是否回退仅按其发布结果判断</translation>
    </message>
    <message>
        <source>calls are not ordered by time, and calls without a recorded run are only in windows open at both ends</source>
        <translation>调用不按时间排序，没有运行记录的调用只计入两端都不设限的时间窗口</translation>
    </message>
    <message>
        <source>diagnosis_run has no key on run_id: a run id written twice is counted twice when read directly and once through the facts index; `raglens-cli check` names such ids (run consistency).</source>
        <translation>diagnosis_run 在 run_id 上没有主键：写了两次的运行 id 在直接读取时计为两次，经事实索引读取时计为一次；`raglens-cli check` 会列出这些 id（运行一致性）。</translation>
    </message>
    <message>
        <source>tool_invocation has no key on id: a call id written twice is counted twice when read directly and once through the facts index, which keeps its first row; `raglens-cli check` names such ids (call identity).</source>
        <translation>tool_invocation 在 id 上没有主键：写了两次的调用 id 在直接读取时计为两次，经事实索引读取时计为一次（索引保留第一行）；`raglens-cli check` 会列出这些 id（调用标识）。</translation>
    </message>
    <message>
        <source>This database has no index on tool_invocation.run_id: opening a session or a run reads the whole call table, and filters on calls read it once. The facts index (built by the window, or `raglens-cli index`) answers lists, filters and health without it.</source>
        <translation>此数据库的 tool_invocation.run_id 上没有索引：打开会话或运行都要读取整张调用表，按调用过滤时读取一遍。事实索引（由窗口或 `raglens-cli index` 构建）无需该索引即可回答列表、过滤和健康状况。</translation>
    </message>
    <message>
        <source>This database&apos;s %1 cannot be read (%2); it is left out as if it were absent.</source>
        <translation>此数据库的 %1 无法读取（%2）；按不存在处理，不予读取。</translation>
    </message>
    <message>
        <source>This database names the collation %1, which only the program that wrote it has: RagLens compares the columns declared with it byte by byte (as BINARY).</source>
        <translation>此数据库使用了排序规则 %1，只有写入它的程序才具备：RagLens 按字节（如 BINARY）比较以它声明的列。</translation>
    </message>
    <message>
        <source>This database names the collation %1, which only the program that wrote it has, and orders an index by it: what compares those columns cannot be read by RagLens (no such collation sequence).</source>
        <translation>此数据库使用了排序规则 %1，只有写入它的程序才具备，并且有索引按它排序：比较这些列的读取 RagLens 无法完成（no such collation sequence）。</translation>
    </message>
    <message>
        <source>calls are listed under their run, not under the step that issued them, and steps keep the order the database gives</source>
        <translation>调用列在其运行之下，而不是发起它的步骤之下，步骤按数据库给出的顺序排列</translation>
    </message>
    <message>
        <source>events of the same time keep the order the database gives</source>
        <translation>同一时间的事件按数据库给出的顺序排列</translation>
    </message>
    <message>
        <source>it is read as 0</source>
        <translation>读作 0</translation>
    </message>
    <message>
        <source>every step is read as having made no tool call; its calls are still listed under it</source>
        <translation>每个步骤都读作未调用工具；其调用仍列在该步骤下</translation>
    </message>
    <message>
        <source>the call&apos;s truncated flag is read as false; truncation is read from retrieval_details alone</source>
        <translation>调用的截断标志读作 false；截断仅从 retrieval_details 读取</translation>
    </message>
    <message>
        <source>diagnosis_run has no key on run_id: a run written in several rows (a RUNNING row, then its finished one) is read as the last row written, everywhere; `raglens-cli check` names such ids (run consistency).</source>
        <translation>diagnosis_run 在 run_id 上没有主键：写成多行的运行（先是一行 RUNNING，再是结束后的一行）在各处都按最后写入的一行读取；`raglens-cli check` 会列出这些 id（运行一致性）。</translation>
    </message>
</context>
<context>
    <name>SecretScan</name>
    <message>
        <source>%1 holds a value that looks like a credential (%2): %3</source>
        <translation>%1 含有像凭据的值（%2）：%3</translation>
    </message>
    <message>
        <source>%1 has the credential key &apos;%2&apos; (value %3)</source>
        <translation>%1 含有凭据键“%2”（值 %3）</translation>
    </message>
    <message>
        <source>no runs or invocations in scope</source>
        <translation>范围内没有运行或调用</translation>
    </message>
</context>
<context>
    <name>SessionReport</name>
    <message>
        <source>Session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>Run %1 of session %2</source>
        <translation>会话 %2 的运行 %1</translation>
    </message>
    <message>
        <source>Read from %1 · generated %2 by RagLens</source>
        <translation>读取自 %1 · 由 RagLens 于 %2 生成</translation>
    </message>
    <message>
        <source>This report holds only what the audit database recorded for this session — the tool input parameters were sanitised when they were recorded — and, where the local knowledge base has them, the text of the evidence chunks. It contains no script and loads nothing.</source>
        <translation>本报告只包含审计数据库为此会话记录的内容（工具输入参数在记录时已脱敏），以及本地知识库中存在的证据片段文本。报告不含脚本，也不加载任何外部内容。</translation>
    </message>
    <message>
        <source>Session outcome:</source>
        <translation>会话结果：</translation>
    </message>
    <message>
        <source>not finished</source>
        <translation>未结束</translation>
    </message>
    <message>
        <source>Runs: %1 · tool calls: %2 · lookups: %3 · lookups without evidence: %4</source>
        <translation>运行：%1 · 工具调用：%2 · 检索：%3 · 无证据的检索：%4</translation>
    </message>
    <message>
        <source>No evidence was returned.</source>
        <translation>没有返回证据。</translation>
    </message>
    <message>
        <source>quality %1</source>
        <translation>质量 %1</translation>
    </message>
    <message>
        <source> — not in the local knowledge base (changed or another knowledge base)</source>
        <translation> — 本地知识库中没有（已更改，或属于另一个知识库）</translation>
    </message>
    <message>
        <source> — no knowledge base was given for the chunk text</source>
        <translation> — 未提供知识库，无法显示片段文本</translation>
    </message>
    <message>
        <source>No finding.</source>
        <translation>没有发现问题。</translation>
    </message>
    <message>
        <source>keywords: %1</source>
        <translation>关键词：%1</translation>
    </message>
    <message>
        <source>(preview; the audit row keeps 160 characters)</source>
        <translation>（预览；审计记录只保留 160 个字符）</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>L0 hints</source>
        <translation>L0 提示</translation>
    </message>
    <message>
        <source>Category filter</source>
        <translation>类别过滤</translation>
    </message>
    <message>
        <source>Search mode</source>
        <translation>检索模式</translation>
    </message>
    <message>
        <source>Selected attempt</source>
        <translation>选用的尝试</translation>
    </message>
    <message>
        <source>Retry reason</source>
        <translation>重试原因</translation>
    </message>
    <message>
        <source>Candidates / blocks / given</source>
        <translation>候选 / 证据块 / 提供给代理</translation>
    </message>
    <message>
        <source>Truncation</source>
        <translation>截断</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>no relevance level</source>
        <translation>无相关性等级</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>retrieval_details could not be read (%1); its text as stored:</source>
        <translation>无法读取 retrieval_details（%1）；存储的原文：</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>代理</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>令牌数</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>no outcome</source>
        <translation>无结果</translation>
    </message>
    <message>
        <source>no run row</source>
        <translation>无运行记录</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>结束时间</translation>
    </message>
    <message>
        <source>Rated without a verdict</source>
        <translation>已评价（未给出结论）</translation>
    </message>
    <message>
        <source>Rated helpful</source>
        <translation>评价为有帮助</translation>
    </message>
    <message>
        <source>Rated not helpful</source>
        <translation>评价为没有帮助</translation>
    </message>
    <message>
        <source>%1: “%2”</source>
        <translation>%1：“%2”</translation>
    </message>
    <message>
        <source>RagLens report · session %1</source>
        <translation>RagLens 报告 · 会话 %1</translation>
    </message>
    <message>
        <source>RagLens report · run %1</source>
        <translation>RagLens 报告 · 运行 %1</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the HTML language code of this translation</comment>
        <translation>zh-CN</translation>
    </message>
    <message>
        <source>Trace JSON (as raglens-cli trace prints it)</source>
        <translation>Trace JSON（与 raglens-cli trace 的输出相同）</translation>
    </message>
    <message>
        <source>Made by RagLens %1 from the audit database; nothing else was read.</source>
        <translation>由 RagLens %1 根据审计数据库生成；未读取其他内容。</translation>
    </message>
    <message>
        <source>Calls without a run id</source>
        <translation>没有运行 id 的调用</translation>
    </message>
</context>
<context>
    <name>SqlAuditSink</name>
    <message>
        <source>The audit database %1 is read-only.</source>
        <translation>审计数据库 %1 为只读。</translation>
    </message>
    <message>
        <source>Cannot start an audit transaction: %1</source>
        <translation>无法开始审计事务：%1</translation>
    </message>
    <message>
        <source>Cannot write the tool invocation: %1</source>
        <translation>无法写入工具调用：%1</translation>
    </message>
    <message>
        <source>Cannot write the timeline event: %1</source>
        <translation>无法写入时间线事件：%1</translation>
    </message>
    <message>
        <source>Cannot write the full-trace sample: %1</source>
        <translation>无法写入完整追踪采样：%1</translation>
    </message>
    <message>
        <source>Cannot commit the tool invocation: %1</source>
        <translation>无法提交工具调用：%1</translation>
    </message>
</context>
<context>
    <name>StepBinding</name>
    <message>
        <source>tool_invocation has no step_id column (written before the step binding patch).</source>
        <translation>tool_invocation 没有 step_id 列（在步骤绑定补丁之前写入）。</translation>
    </message>
    <message numerus="yes">
        <source>step_id is empty though the run records %n step(s)</source>
        <translation>
            <numerusform>step_id 为空，但该运行记录了 %n 个步骤</numerusform>
        </translation>
    </message>
    <message>
        <source>step_id %1 is not a step of run %2</source>
        <translation>step_id %1 不是运行 %2 的步骤</translation>
    </message>
    <message>
        <source>input_params.step_id is %1, the column %2</source>
        <translation>input_params.step_id 为 %1，列值为 %2</translation>
    </message>
    <message>
        <source>no TOOL_INVOCATION timeline event for tool call %1</source>
        <translation>工具调用 %1 没有 TOOL_INVOCATION 时间线事件</translation>
    </message>
    <message>
        <source>timeline event %1 says step %2, the call says %3</source>
        <translation>时间线事件 %1 记录为步骤 %2，调用记录为 %3</translation>
    </message>
    <message>
        <source>has_tool_call = 1 but no invocation names this step</source>
        <translation>has_tool_call = 1，但没有调用指向此步骤</translation>
    </message>
    <message numerus="yes">
        <source>has_tool_call = 0 but %n invocation(s) name this step</source>
        <translation>
            <numerusform>has_tool_call = 0，但有 %n 个调用指向此步骤</numerusform>
        </translation>
    </message>
    <message>
        <source>no invocations or steps in scope</source>
        <translation>范围内没有调用或步骤</translation>
    </message>
</context>
<context>
    <name>TokenFile</name>
    <message>
        <source>Cannot read the token file %1: %2</source>
        <translation>无法读取令牌文件 %1：%2</translation>
    </message>
    <message>
        <source>The token file %1 can be read or changed by other users; make it private (chmod 600 %1).</source>
        <translation>令牌文件 %1 可被其他用户读取或修改；请将其设为私有（chmod 600 %1）。</translation>
    </message>
    <message>
        <source>The token in %1 is shorter than %2 characters.</source>
        <translation>%1 中的令牌短于 %2 个字符。</translation>
    </message>
</context>
<context>
    <name>ToolBoundary</name>
    <message>
        <source>The tool %1 failed.</source>
        <translation>工具 %1 执行失败。</translation>
    </message>
</context>
<context>
    <name>TraceApiClient</name>
    <message>
        <source>&apos;%1&apos; is not a Trace API address; give one such as http://127.0.0.1:8765 or https://host/prefix.</source>
        <translation>“%1”不是 Trace API 地址；请给出类似 http://127.0.0.1:8765 或 https://host/prefix 的地址。</translation>
    </message>
    <message>
        <source>The address holds a user name or password; give the token in an environment variable instead.</source>
        <translation>地址中包含用户名或密码；请改用环境变量提供令牌。</translation>
    </message>
    <message>
        <source>The address must be the API&apos;s base, without &apos;?&apos; or &apos;#&apos;.</source>
        <translation>地址必须是 API 的基础地址，不能包含“?”或“#”。</translation>
    </message>
    <message>
        <source>%1 answered with more than %2 MB; RagLens reads traces of up to that size.</source>
        <translation>%1 返回的内容超过 %2 MB；RagLens 最多读取这么大的追踪。</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 s.</source>
        <translation>%1 在 %2 秒内没有应答。</translation>
    </message>
    <message>
        <source>Could not reach %1: %2</source>
        <translation>无法连接 %1：%2</translation>
    </message>
    <message>
        <source>%1 redirects elsewhere (HTTP %2); RagLens follows redirects only within the same host.</source>
        <translation>%1 重定向到别处（HTTP %2）；RagLens 只跟随同一主机内的重定向。</translation>
    </message>
    <message>
        <source>%1 refused the request (HTTP %2): a valid token is needed.</source>
        <translation>%1 拒绝了请求（HTTP %2）：需要有效的令牌。</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2.</source>
        <translation>%1 返回 HTTP %2。</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2: %3</source>
        <translation>%1 返回 HTTP %2：%3</translation>
    </message>
    <message>
        <source>%1 answered with a web page, not JSON: is this the Trace API&apos;s base address?</source>
        <translation>%1 返回的是网页而不是 JSON：这是 Trace API 的基础地址吗？</translation>
    </message>
    <message>
        <source>No session id given.</source>
        <translation>没有给出会话 ID。</translation>
    </message>
    <message>
        <source>%1 answered with session &apos;%2&apos; instead of &apos;%3&apos;.</source>
        <translation>%1 返回的是会话“%2”，而不是“%3”。</translation>
    </message>
    <message>
        <source>%1 did not answer with a list of sessions.</source>
        <translation>%1 没有返回会话列表。</translation>
    </message>
    <message>
        <source>%1 keeps redirecting (a redirect loop, or more than %2 redirects).</source>
        <translation>%1 不断重定向（重定向循环，或超过 %2 次重定向）。</translation>
    </message>
    <message>
        <source>The session id &apos;%1&apos; cannot be asked for through a URL; open the database itself to read it.</source>
        <translation>会话 id“%1”无法通过 URL 请求；请直接打开数据库读取它。</translation>
    </message>
</context>
<context>
    <name>TraceApiServer</name>
    <message>
        <source>Refusing to serve on %1 without a token: anyone who can reach that address could read every trace. Give a token file, or bind to 127.0.0.1.</source>
        <translation>拒绝在没有令牌的情况下于 %1 提供服务：任何能访问该地址的人都能读取所有追踪。请提供令牌文件，或绑定到 127.0.0.1。</translation>
    </message>
    <message>
        <source>The database could not be opened for serving: %1</source>
        <translation>无法为提供服务打开数据库：%1</translation>
    </message>
    <message>
        <source>Could not listen on %1 port %2: %3</source>
        <translation>无法在 %1 的端口 %2 上监听：%3</translation>
    </message>
    <message>
        <source>Could not start a thread to serve with.</source>
        <translation>无法启动用于提供服务的线程。</translation>
    </message>
    <message>
        <source>%1 has no %2 table: it holds no audit trail to serve.</source>
        <translation>%1 中没有 %2 表：其中没有可提供的审计记录。</translation>
    </message>
</context>
<context>
    <name>TraceImporter</name>
    <message>
        <source>Cannot write to the audit database: %1</source>
        <translation>无法写入审计数据库：%1</translation>
    </message>
    <message>
        <source>%1: malformed JSON cannot be stored in a JSON column of %2; stored as NULL.</source>
        <translation>%1：格式错误的 JSON 无法存入 %2 的 JSON 列；已存为 NULL。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>step %1 skipped: run &apos;%2&apos; is not in the trace</source>
        <translation>已跳过步骤 %1：运行 &apos;%2&apos; 不在追踪中</translation>
    </message>
    <message>
        <source>invocation %1 skipped: run &apos;%2&apos; is not in the trace</source>
        <translation>已跳过调用 %1：运行 &apos;%2&apos; 不在追踪中</translation>
    </message>
    <message>
        <source>invocation %1</source>
        <translation>调用 %1</translation>
    </message>
    <message>
        <source>%1: full trace dropped, the database has no lookup_trace_sample table</source>
        <translation>%1：已丢弃完整追踪，数据库中没有 lookup_trace_sample 表</translation>
    </message>
    <message>
        <source>event %1 skipped: run &apos;%2&apos; is not in the trace</source>
        <translation>已跳过事件 %1：运行 &apos;%2&apos; 不在追踪中</translation>
    </message>
    <message>
        <source>event %1 details</source>
        <translation>事件 %1 详情</translation>
    </message>
    <message>
        <source>feedback skipped: run &apos;%1&apos; is not in the trace</source>
        <translation>已跳过反馈：运行 &apos;%1&apos; 不在追踪中</translation>
    </message>
    <message>
        <source>%1 is %2 MB; RagLens imports traces of up to %3 MB.</source>
        <translation>%1 大小为 %2 MB；RagLens 最多导入 %3 MB 的追踪。</translation>
    </message>
    <message>
        <source>%1 is not JSON we can read: %2</source>
        <translation>%1 不是可读取的 JSON：%2</translation>
    </message>
    <message>
        <source>%1 is not a trace: expected an object with sessionId and runs[] (the output of &apos;raglens-cli trace&apos; or &apos;export --format trace&apos;).</source>
        <translation>%1 不是追踪文件：应为包含 sessionId 和 runs[] 的对象（即 &apos;raglens-cli trace&apos; 或 &apos;export --format trace&apos; 的输出）。</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… 以及另外 %1 项</translation>
    </message>
    <message>
        <source>%1 cannot be imported as it is:
%2</source>
        <translation>%1 无法按原样导入：
%2</translation>
    </message>
    <message>
        <source>%1 is not a valid trace: %2</source>
        <translation>%1 不是有效的追踪：%2</translation>
    </message>
    <message>
        <source>%1: the trace has an empty sessionId.</source>
        <translation>%1：追踪的 sessionId 为空。</translation>
    </message>
    <message>
        <source>%1: the trace has no runs.</source>
        <translation>%1：追踪中没有任何运行。</translation>
    </message>
    <message>
        <source>%1: a run without runId.</source>
        <translation>%1：某次运行没有 runId。</translation>
    </message>
    <message>
        <source>%1 is open read-only: RagLens did not create it. Import into a RagLens database, or pass --write to change this one.</source>
        <translation>%1 以只读方式打开：它不是由 RagLens 创建的。请导入到 RagLens 数据库，或使用 --write 修改此数据库。</translation>
    </message>
    <message>
        <source>The trace has no session or no runs; nothing to import.</source>
        <translation>追踪中没有会话或运行；无可导入内容。</translation>
    </message>
    <message>
        <source>Cannot start a transaction: %1</source>
        <translation>无法开始事务：%1</translation>
    </message>
    <message>
        <source>Cannot commit the import: %1</source>
        <translation>无法提交导入：%1</translation>
    </message>
    <message>
        <source>%1: the run %2 appears twice in the trace.</source>
        <translation>%1：运行 %2 在追踪中出现了两次。</translation>
    </message>
    <message>
        <source>Cannot read the audit database: %1</source>
        <translation>无法读取审计数据库：%1</translation>
    </message>
    <message>
        <source>The run %1 belongs to the session %2 in %3; an import never moves a run to another session. Nothing was imported.</source>
        <translation>在 %3 中，运行 %1 属于会话 %2；导入绝不会把运行移到另一个会话。未导入任何内容。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1 values were masked, cut to the stored length or dropped by the secret policy, as a recording would store them</source>
        <translation>按密钥策略遮盖、截断到存储长度或删除了 %1 个值，与录制时的存储方式相同</translation>
    </message>
    <message>
        <source>The run %1 is recorded in %2, and the trace shows it without its row; an import never deletes a recorded run. Nothing was imported.</source>
        <translation>运行 %1 已记录在 %2 中，而该追踪显示它没有运行行；导入绝不会删除已记录的运行。未导入任何内容。</translation>
    </message>
    <message>
        <source>%1 is not a trace: %2 is %3, not a list.</source>
        <translation>%1 不是追踪：%2 是 %3，而不是列表。</translation>
    </message>
    <message>
        <source>%1 cannot be read as a trace:
%2</source>
        <translation>%1 无法作为追踪读取：
%2</translation>
    </message>
    <message>
        <source>%1 rows had no time; they were stored with the earliest time their run holds (the import time when the trace holds none)</source>
        <translation>%1 行没有时间；已按其运行中最早的时间存储（追踪中没有任何时间时，按导入时间存储）</translation>
    </message>
</context>
<context>
    <name>TraceReadAhead</name>
    <message>
        <source>Reading the trace failed: %1</source>
        <translation>读取追踪失败：%1</translation>
    </message>
</context>
<context>
    <name>TraceService</name>
    <message>
        <source>No session &apos;%1&apos; in %2.</source>
        <translation>%2 中没有会话“%1”。</translation>
    </message>
    <message>
        <source>Session &apos;%1&apos; has no run &apos;%2&apos;.</source>
        <translation>会话 &apos;%1&apos; 中没有运行 &apos;%2&apos;。</translation>
    </message>
    <message>
        <source>run &apos;%1&apos; of session &apos;%2&apos;</source>
        <translation>会话“%2”的运行“%1”</translation>
    </message>
    <message>
        <source>more</source>
        <translation>更多</translation>
    </message>
    <message>
        <source>%1 Calls that name it belong to runs recorded under other sessions, and are shown there: %2.</source>
        <translation>%1 记录了该会话的调用属于记录在其他会话下的运行，并显示在那里：%2。</translation>
    </message>
</context>
<context>
    <name>TraceValidation</name>
    <message>
        <source>not a time (expected ISO 8601 UTC)</source>
        <translation>不是时间（应为 ISO 8601 UTC）</translation>
    </message>
    <message>
        <source>not a duration in milliseconds</source>
        <translation>不是以毫秒计的时长</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not %2</source>
        <translation>“%1”不是%2</translation>
    </message>
    <message>
        <source>the trace is not a JSON object</source>
        <translation>该追踪不是 JSON 对象</translation>
    </message>
    <message>
        <source>the trace&apos;s session</source>
        <translation>该追踪的会话</translation>
    </message>
    <message>
        <source>a run of the trace</source>
        <translation>该追踪中的运行</translation>
    </message>
    <message>
        <source>not a count (a whole number from 0)</source>
        <translation>不是计数（应为从 0 开始的整数）</translation>
    </message>
    <message>
        <source>not a whole number or a text id</source>
        <translation>既不是整数，也不是文本 id</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a step of the trace</source>
        <translation>“%1”不是该追踪中的步骤</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>a category</source>
        <translation>某个类别</translation>
    </message>
    <message>
        <source>The filtered attempt (%1) failed (%2), so the lookup retried without the filter.</source>
        <translation>带过滤的尝试（%1）失败（%2），因此检索去掉过滤条件重试。</translation>
    </message>
    <message>
        <source>The filtered attempt (%1) found nothing, so the lookup retried without the filter.</source>
        <translation>带过滤的尝试（%1）什么也没找到，因此检索去掉过滤条件重试。</translation>
    </message>
    <message>
        <source>The filtered attempt (%1) was not usable — top similarity %2 under the threshold %3 — so the lookup retried without the filter.</source>
        <translation>带过滤的尝试（%1）不可用——最高相似度 %2 低于阈值 %3——因此检索去掉过滤条件重试。</translation>
    </message>
    <message>
        <source>The filtered attempt (%1) was not usable, so the lookup retried without the filter.</source>
        <translation>带过滤的尝试（%1）不可用，因此检索去掉过滤条件重试。</translation>
    </message>
    <message>
        <source>The unfiltered search returned no candidates at all: the search backend returned nothing. Suspect the vector store, its collection or the environment, not the knowledge base&apos;s coverage; a replay against a local knowledge base tells the two apart.</source>
        <translation>不带过滤的检索完全没有返回候选：检索后端什么也没返回。应怀疑向量库、其集合或运行环境，而非知识库的覆盖范围；针对本地知识库重放即可区分两者。</translation>
    </message>
    <message>
        <source>Its best candidate scored %1, under the usable threshold %2, and nothing passed the minimum evidence quality: NO_EVIDENCE.</source>
        <translation>其最佳候选得分 %1，低于可用阈值 %2，且没有候选达到最低证据质量：NO_EVIDENCE。</translation>
    </message>
    <message>
        <source>Nothing passed the minimum evidence quality: NO_EVIDENCE.</source>
        <translation>没有候选达到最低证据质量：NO_EVIDENCE。</translation>
    </message>
    <message>
        <source>The lookup found no evidence (NO_EVIDENCE); the row does not record its attempts, so whether the backend or the coverage is to blame is unknown.</source>
        <translation>检索没有找到证据（NO_EVIDENCE）；该行未记录其尝试，因此无法判断是后端还是覆盖范围的问题。</translation>
    </message>
    <message>
        <source>The context pack was cut to its character budget.</source>
        <translation>上下文包已按字符预算截断。</translation>
    </message>
    <message>
        <source>The agent was given shortened excerpts or fewer blocks than were found.</source>
        <translation>智能体收到的是缩短的摘录，或少于找到数量的证据块。</translation>
    </message>
    <message>
        <source>The tool call failed without an error message.</source>
        <translation>工具调用失败，且没有错误信息。</translation>
    </message>
    <message>
        <source>The tool call failed: %1</source>
        <translation>工具调用失败：%1</translation>
    </message>
    <message>
        <source>The stored retrieval details are not valid JSON, so the attempts cannot be shown; read the raw text in the retrieval_details tab.</source>
        <translation>存储的检索详情不是有效的 JSON，无法显示各次尝试；请在 retrieval_details 标签页中查看原始文本。</translation>
    </message>
    <message>
        <source>The lookup reported ERROR without an error message.</source>
        <translation>检索报告了 ERROR，但没有错误信息。</translation>
    </message>
    <message>
        <source>The lookup reported ERROR: %1</source>
        <translation>检索报告了 ERROR：%1</translation>
    </message>
    <message>
        <source>unknown (legacy row)</source>
        <translation>未知（旧版行）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>The lookup</source>
        <translation>该检索</translation>
    </message>
    <message>
        <source>%1 returned evidence (top similarity %2); relevance %3.</source>
        <translation>%1 返回了证据（最高相似度 %2）；相关性 %3。</translation>
    </message>
    <message>
        <source>The row records no evidence status, so what the agent was given is unknown.</source>
        <translation>该行没有记录证据状态，因此不知道智能体得到了什么。</translation>
    </message>
    <message>
        <source>Its best candidate scored %1, and nothing passed the minimum evidence quality: NO_EVIDENCE.</source>
        <translation>其最佳候选得分 %1，且没有候选达到最低证据质量：NO_EVIDENCE。</translation>
    </message>
    <message>
        <source>The row records the evidence status &apos;%1&apos;, which is not one RagLens knows (EVIDENCE_FOUND, NO_EVIDENCE, ERROR), so what the agent was given is unknown.</source>
        <translation>该行记录的证据状态为“%1”，不是 RagLens 认识的取值（EVIDENCE_FOUND、NO_EVIDENCE、ERROR），因此无法得知智能体得到了什么。</translation>
    </message>
    <message>
        <source>The row&apos;s evidence status cannot be read: %1.</source>
        <translation>无法读取该行的证据状态：%1。</translation>
    </message>
    <message>
        <source>The evidence was truncated (the row does not say which way).</source>
        <translation>证据被截断了（该行未说明是哪一种截断）。</translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <source>Pretty-print the JSON output.</source>
        <translation>以易读格式输出 JSON。</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>显示此帮助。</translation>
    </message>
    <message>
        <source>missing required option --%1</source>
        <translation>缺少必需的选项 --%1</translation>
    </message>
    <message>
        <source>Runs an eval set against a knowledge base and prints hit@k, recall@k, MRR, nDCG@k, no-evidence accuracy, attempt/relevance agreement and latency, per case and per tag. With --baseline, exits 1 when a metric drops beyond the tolerance or a case goes from hit to miss. --fixtures/--golden check frozen LookupResult files without a knowledge base.</source>
        <translation>针对知识库运行评估集，并按用例和标签输出 hit@k、recall@k、MRR、nDCG@k、无证据判断准确率、检索尝试/相关性一致率及延迟。使用 --baseline 时，若某项指标的下降超出容差或某个用例由命中变为未命中，则以 1 退出。--fixtures/--golden 无需知识库即可检查冻结的 LookupResult 文件。</translation>
    </message>
    <message>
        <source>Knowledge base folder.</source>
        <translation>知识库文件夹。</translation>
    </message>
    <message>
        <source>Eval set (JSON Lines).</source>
        <translation>评估集（JSON Lines）。</translation>
    </message>
    <message>
        <source>Cut-off of the @k metrics (default 5).</source>
        <translation>@k 指标的截断值（默认 5）。</translation>
    </message>
    <message>
        <source>Compare with this saved baseline.</source>
        <translation>与此已保存的基线比较。</translation>
    </message>
    <message>
        <source>Save this run as a baseline.</source>
        <translation>将本次运行保存为基线。</translation>
    </message>
    <message>
        <source>Label stored with --save-baseline.</source>
        <translation>随 --save-baseline 保存的标签。</translation>
    </message>
    <message>
        <source>Allowed absolute drop of a metric before it is a regression (default 0.02).</source>
        <translation>指标允许的绝对下降幅度，超出即视为回归（默认 0.02）。</translation>
    </message>
    <message>
        <source>Allowed growth of p95 latency as a fraction of the baseline (default 1.0, and always at least 50 ms).</source>
        <translation>p95 延迟允许的增长，以基线的比例表示（默认 1.0，且至少为 50 ms）。</translation>
    </message>
    <message>
        <source>Do not treat slower lookups as a regression.</source>
        <translation>不将检索变慢视为回归。</translation>
    </message>
    <message>
        <source>Search mode: dense or hybrid (default: the KB&apos;s).</source>
        <translation>搜索模式：dense 或 hybrid（默认：知识库的设置）。</translation>
    </message>
    <message>
        <source>Worker threads (default: all cores).</source>
        <translation>工作线程数（默认：所有核心）。</translation>
    </message>
    <message>
        <source>Folder of frozen LookupResult JSON fixtures.</source>
        <translation>冻结的 LookupResult JSON 固定样例所在文件夹。</translation>
    </message>
    <message>
        <source>Golden expectations for the fixtures (JSON Lines).</source>
        <translation>固定样例的黄金预期（JSON Lines）。</translation>
    </message>
    <message>
        <source>%1 has malformed lines:
%2</source>
        <translation>%1 中有格式错误的行：
%2</translation>
    </message>
    <message numerus="yes">
        <source>fixture %1 no longer matches its golden expectations (%n mismatch(es))</source>
        <translation>
            <numerusform>固定样例 %1 不再符合其黄金预期（%n 处不匹配）</numerusform>
        </translation>
    </message>
    <message>
        <source>--fixtures and --golden go together</source>
        <translation>--fixtures 与 --golden 必须同时使用</translation>
    </message>
    <message>
        <source>--kb and --set are required (or --fixtures and --golden alone)</source>
        <translation>必须提供 --kb 和 --set（或仅提供 --fixtures 和 --golden）</translation>
    </message>
    <message>
        <source>--k must be a whole number from 1 to 100</source>
        <translation>--k 必须是 1 到 100 之间的整数</translation>
    </message>
    <message>
        <source>--mode must be dense or hybrid</source>
        <translation>--mode 必须为 dense 或 hybrid</translation>
    </message>
    <message>
        <source>%1 has no cases</source>
        <translation>%1 中没有用例</translation>
    </message>
    <message>
        <source>regression: %1</source>
        <translation>回归：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) not in the baseline</source>
        <translation>
            <numerusform>%n 个用例不在基线中</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 cases, k=%2, hit@k %3, MRR %4, %5 regression(s), %6 improvement(s)</source>
        <translation>%1 个用例，k=%2，hit@k %3，MRR %4，%5 项回归，%6 项改进</translation>
    </message>
    <message>
        <source>Creates or updates a knowledge base from a folder of Markdown / text files (first-level folders are categories).</source>
        <translation>从 Markdown / 文本文件所在文件夹创建或更新知识库（第一级文件夹即类别）。</translation>
    </message>
    <message>
        <source>Report progress on stderr.</source>
        <translation>在 stderr 上报告进度。</translation>
    </message>
    <message>
        <source>Folder to ingest.</source>
        <translation>要导入的文件夹。</translation>
    </message>
    <message>
        <source>expected exactly one SOURCE_DIR</source>
        <translation>应恰好提供一个 SOURCE_DIR</translation>
    </message>
    <message>
        <source>--index must be auto, flat or hnsw</source>
        <translation>--index 必须为 auto、flat 或 hnsw</translation>
    </message>
    <message>
        <source>Runs lookup_knowledge against a knowledge base and prints the LookupResult (or, with --agent, what the agent would see). QUERY &quot;-&quot; reads stdin.</source>
        <translation>针对知识库运行 lookup_knowledge 并输出 LookupResult（使用 --agent 时输出智能体将看到的内容）。QUERY 为 &quot;-&quot; 时从 stdin 读取。</translation>
    </message>
    <message>
        <source>Search mode: dense or hybrid.</source>
        <translation>搜索模式：dense 或 hybrid。</translation>
    </message>
    <message>
        <source>Evidence blocks returned at most.</source>
        <translation>最多返回的证据块数。</translation>
    </message>
    <message>
        <source>Filter to one category.</source>
        <translation>仅限一个类别。</translation>
    </message>
    <message>
        <source>Do not turn the L0 domain into a filter.</source>
        <translation>不将 L0 领域转为过滤条件。</translation>
    </message>
    <message>
        <source>Print the agent-facing RagToolResult.</source>
        <translation>输出面向智能体的 RagToolResult。</translation>
    </message>
    <message>
        <source>The question.</source>
        <translation>问题。</translation>
    </message>
    <message>
        <source>missing QUERY</source>
        <translation>缺少 QUERY</translation>
    </message>
    <message>
        <source>cannot read the query from stdin</source>
        <translation>无法从 stdin 读取查询</translation>
    </message>
    <message>
        <source>--top-k must be a number from 1 to 1000</source>
        <translation>--top-k 必须是 1 到 1000 之间的数字</translation>
    </message>
    <message>
        <source>Replay a recorded lookup_knowledge invocation against a local knowledge base and print what changed.</source>
        <translation>针对本地知识库重放一次已记录的 lookup_knowledge 调用，并输出变化之处。</translation>
    </message>
    <message>
        <source>Knowledge base directory.</source>
        <translation>知识库目录。</translation>
    </message>
    <message>
        <source>tool_invocation id to replay.</source>
        <translation>要重放的 tool_invocation id。</translation>
    </message>
    <message>
        <source>Exit with 1 when the replay differs from the recording.</source>
        <translation>重放结果与记录不同时以 1 退出。</translation>
    </message>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation>意外的参数 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>The replay differs from the recorded invocation.
</source>
        <translation>重放结果与已记录的调用不同。
</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>多余的参数“%1”</translation>
    </message>
    <message>
        <source>--threads must be a whole number from 1 to 64</source>
        <translation>--threads 必须是 1 到 64 之间的整数</translation>
    </message>
    <message>
        <source>could not write the output (disk full or pipe closed)</source>
        <translation>无法写出输出（磁盘已满或管道已关闭）</translation>
    </message>
    <message>
        <source>hashing (offline, the default for a new KB) or openai (an OpenAI-compatible /v1/embeddings server). A KB keeps its embedder unless this is given.</source>
        <translation>hashing（离线，新知识库的默认值）或 openai（兼容 OpenAI 的 /v1/embeddings 服务器）。未指定时知识库沿用原有的嵌入器。</translation>
    </message>
    <message>
        <source>Embeddings server, e.g. http://127.0.0.1:11434 (Ollama).</source>
        <translation>嵌入服务器，例如 http://127.0.0.1:11434（Ollama）。</translation>
    </message>
    <message>
        <source>Embedding model name.</source>
        <translation>嵌入模型名称。</translation>
    </message>
    <message>
        <source>Vector dimension (default: asked from the server).</source>
        <translation>向量维度（默认：向服务器查询）。</translation>
    </message>
    <message>
        <source>Environment variable holding the bearer token (the KB stores its name, never the token).</source>
        <translation>存放 Bearer 令牌的环境变量（知识库只保存变量名，从不保存令牌）。</translation>
    </message>
    <message>
        <source>Texts per request (default 64).</source>
        <translation>每个请求的文本数（默认 64）。</translation>
    </message>
    <message>
        <source>Milliseconds a request may take (default 30000).</source>
        <translation>单个请求的超时毫秒数（默认 30000）。</translation>
    </message>
    <message>
        <source>--embedder-dimension, --embedder-batch and --embedder-timeout take a positive number</source>
        <translation>--embedder-dimension、--embedder-batch 和 --embedder-timeout 需要正数</translation>
    </message>
    <message>
        <source>--embedder must be hashing or openai</source>
        <translation>--embedder 必须是 hashing 或 openai</translation>
    </message>
    <message numerus="yes">
        <source>stopped after %n request(s)</source>
        <translation>
            <numerusform>已处理 %n 个请求后停止</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare two runs step by step (--run A --run B), or two lookups (--invocation X --invocation Y): attempts, evidence keys gained and lost, rank and similarity moves, relevance, evidence status, truncation and duration, as JSON. A is the first, B the second.</source>
        <translation>逐步比较两次运行（--run A --run B）或两次检索（--invocation X --invocation Y）：检索尝试、新增和丢失的证据键、排名和相似度变化、相关性、证据状态、截断和耗时，以 JSON 输出。A 为第一个，B 为第二个。</translation>
    </message>
    <message>
        <source>Read B from this database instead (path or URL).</source>
        <translation>改从此数据库读取 B（路径或 URL）。</translation>
    </message>
    <message>
        <source>A run id; give it twice.</source>
        <translation>运行 ID；需给出两次。</translation>
    </message>
    <message>
        <source>A tool_invocation id; give it twice.</source>
        <translation>tool_invocation ID；需给出两次。</translation>
    </message>
    <message>
        <source>give --run twice or --invocation twice</source>
        <translation>请给出两次 --run 或两次 --invocation</translation>
    </message>
    <message>
        <source>Only lookup_knowledge calls can be compared as lookups (%1 is %2, %3 is %4); compare their runs with --run.</source>
        <translation>只有 lookup_knowledge 调用可以作为检索比较（%1 是 %2，%3 是 %4）；请用 --run 比较它们所在的运行。</translation>
    </message>
    <message>
        <source>Checks that an audit database keeps its promises (step binding, call identity, the input_params contract, no leaked secrets, the rag_lookup_v1 shape, consistent runs). Exit 0 when every rule passed, 1 when any failed. Progress goes to stderr.</source>
        <translation>检查审计数据库是否遵守约定（步骤绑定、调用标识、input_params 约定、无泄露的机密、rag_lookup_v1 结构、运行一致性）。全部规则通过时退出码为 0，有规则未通过时为 1。进度输出到 stderr。</translation>
    </message>
    <message>
        <source>Check one session.</source>
        <translation>检查一个会话。</translation>
    </message>
    <message>
        <source>Check one run.</source>
        <translation>检查一个运行。</translation>
    </message>
    <message>
        <source>A JSON rules file that switches rules off or tunes them.</source>
        <translation>用于关闭或调整规则的 JSON 规则文件。</translation>
    </message>
    <message>
        <source>Print a table for people instead of JSON.</source>
        <translation>输出便于阅读的表格而不是 JSON。</translation>
    </message>
    <message>
        <source>give one of --session, --run or a time window</source>
        <translation>请只给出 --session、--run 或时间窗口之一</translation>
    </message>
    <message>
        <source>checked %1 of %2 runs</source>
        <translation>已检查 %1 / %2 个运行</translation>
    </message>
    <message>
        <source>Check that an audit database keeps its promises; find secrets</source>
        <translation>检查审计数据库是否信守约定；查找密钥</translation>
    </message>
    <message>
        <source>Audit database: an SQLite file, postgresql://user@host:port/db or mysql://user@host:port/db (password from RAGLENS_DB_PASSWORD).</source>
        <translation>审计数据库：SQLite 文件、postgresql://user@host:port/db 或 mysql://user@host:port/db（密码取自 RAGLENS_DB_PASSWORD）。</translation>
    </message>
    <message>
        <source>Allow writing to a database RagLens did not create.</source>
        <translation>允许写入非 RagLens 创建的数据库。</translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not a time (use 2026-03-02T08:00:00Z, 2026-03-02, or an age such as 24h or 7d)</source>
        <translation>--%1：&apos;%2&apos; 不是时间（请使用 2026-03-02T08:00:00Z、2026-03-02，或 24h、7d 这样的时长）</translation>
    </message>
    <message>
        <source>Runs started at or after T (ISO 8601 UTC, a date, or an age like 7d).</source>
        <translation>在 T 或之后开始的运行（ISO 8601 UTC、日期，或 7d 这样的时长）。</translation>
    </message>
    <message>
        <source>Runs started before T.</source>
        <translation>在 T 之前开始的运行。</translation>
    </message>
    <message>
        <source>--until must be after --since</source>
        <translation>--until 必须晚于 --since</translation>
    </message>
    <message>
        <source>--%1 must be a number from %2 to %3, not &apos;%4&apos;</source>
        <translation>--%1 必须是 %2 到 %3 之间的数字，而不是“%4”</translation>
    </message>
    <message>
        <source>--%1 must be one of %2, not &apos;%3&apos;</source>
        <translation>--%1 必须是 %2 之一，而不是 &apos;%3&apos;</translation>
    </message>
    <message>
        <source>Compare two runs or two lookups side by side</source>
        <translation>并排比较两次运行或两次检索</translation>
    </message>
    <message>
        <source>Creates (or completes) the demo workspace: DIR/kb from the bundled runbooks and DIR/audit.db with every scripted session recorded through real lookups. Prints a JSON summary, including which demo paths the database shows.</source>
        <translation>创建（或补全）演示工作区：用内置运维手册生成 DIR/kb，并生成 DIR/audit.db，其中每个脚本化会话都通过真实检索记录。输出 JSON 摘要，包括数据库展示了哪些演示路径。</translation>
    </message>
    <message>
        <source>Workspace folder (default: the user&apos;s RagLens workspace).</source>
        <translation>工作区文件夹（默认：用户的 RagLens 工作区）。</translation>
    </message>
    <message>
        <source>Record the sessions into this audit database (a path, or a postgresql:// or mysql:// URL) instead of DIR/audit.db. It must be empty or created by RagLens.</source>
        <translation>将会话记录到此审计数据库（路径，或 postgresql:// 或 mysql:// URL），而不是 DIR/audit.db。它必须为空或由 RagLens 创建。</translation>
    </message>
    <message>
        <source>No progress messages on stderr.</source>
        <translation>不在 stderr 上输出进度信息。</translation>
    </message>
    <message>
        <source>unexpected argument %1</source>
        <translation>意外的参数 %1</translation>
    </message>
    <message>
        <source>--workspace needs a folder; leave it out for the default</source>
        <translation>--workspace 需要一个文件夹；使用默认值时请省略该选项</translation>
    </message>
    <message>
        <source>--db needs a database path or URL</source>
        <translation>--db 需要数据库路径或 URL</translation>
    </message>
    <message>
        <source>Create the demo workspace (knowledge base + recorded sessions)</source>
        <translation>创建演示工作区（知识库 + 已记录的会话）</translation>
    </message>
    <message>
        <source>Findings (GOOD / WARNING / CRITICAL) with suggestions for one tool invocation, or for every invocation of a run.</source>
        <translation>针对单个工具调用或某次运行的所有调用，给出诊断发现（GOOD / WARNING / CRITICAL）及建议。</translation>
    </message>
    <message>
        <source>The tool_invocation id.</source>
        <translation>tool_invocation id。</translation>
    </message>
    <message>
        <source>Every invocation of this run.</source>
        <translation>此运行的所有调用。</translation>
    </message>
    <message>
        <source>Average evidence quality under this is a warning (default 0.6).</source>
        <translation>平均证据质量低于此值时发出警告（默认 0.6）。</translation>
    </message>
    <message>
        <source>Look every empty lookup up again in the local knowledge base given by --kb, to tell a search backend that returned nothing from a coverage gap.</source>
        <translation>在 --kb 指定的本地知识库中重新检索每个空结果，以区分“检索后端什么也没返回”与“覆盖缺口”。</translation>
    </message>
    <message>
        <source>Knowledge base directory for --replay.</source>
        <translation>--replay 使用的知识库目录。</translation>
    </message>
    <message>
        <source>Retrieval latency over this is a warning (default 2000).</source>
        <translation>检索延迟超过此值时发出警告（默认 2000）。</translation>
    </message>
    <message>
        <source>give exactly one of --invocation ID and --run RUN_ID</source>
        <translation>请在 --invocation ID 与 --run RUN_ID 中恰好指定一个</translation>
    </message>
    <message>
        <source>--slow-ms must be a positive number</source>
        <translation>--slow-ms 必须是正数</translation>
    </message>
    <message>
        <source>--replay and --kb DIR go together</source>
        <translation>--replay 与 --kb DIR 必须同时使用</translation>
    </message>
    <message>
        <source>This run has no diagnosis_run row (an orphan): its outcome is unknown.</source>
        <translation>该运行没有 diagnosis_run 行（孤立记录）：其结果未知。</translation>
    </message>
    <message>
        <source>Findings and suggestions for an invocation or a run</source>
        <translation>某次调用或运行的发现与建议</translation>
    </message>
    <message>
        <source>Offline retrieval evaluation against an eval set</source>
        <translation>基于评测集的离线检索评测</translation>
    </message>
    <message>
        <source>Export a session&apos;s trace as a DiagnosisTraceResponse (importable with &apos;import&apos;) or as OTLP/JSON spans.</source>
        <translation>将会话的追踪导出为 DiagnosisTraceResponse（可通过 &apos;import&apos; 导入）或 OTLP/JSON span。</translation>
    </message>
    <message>
        <source>Only this run of the session.</source>
        <translation>仅此会话中的该次运行。</translation>
    </message>
    <message>
        <source>trace (default) or otlp.</source>
        <translation>trace（默认）或 otlp。</translation>
    </message>
    <message>
        <source>Write to FILE instead of stdout.</source>
        <translation>写入 FILE 而非 stdout。</translation>
    </message>
    <message>
        <source>The session to export.</source>
        <translation>要导出的会话。</translation>
    </message>
    <message>
        <source>give exactly one SESSION_ID</source>
        <translation>请恰好提供一个 SESSION_ID</translation>
    </message>
    <message>
        <source>Export a session&apos;s trace (trace JSON or OTLP/JSON)</source>
        <translation>导出会话的追踪（trace JSON 或 OTLP/JSON）</translation>
    </message>
    <message>
        <source>Read lists, filters and counts from the local facts index: auto (use it when it exists, refreshed first), build (build it when missing), off (read the database directly). Default: auto.</source>
        <translation>从本地事实索引读取列表、筛选和计数：auto（索引存在时先刷新再使用）、build（缺失时构建）、off（直接读取数据库）。默认：auto。</translation>
    </message>
    <message>
        <source>Folder of the facts index (default: RAGLENS_CACHE_DIR/facts, or ~/.cache/raglens/facts).</source>
        <translation>事实索引所在文件夹（默认：RAGLENS_CACHE_DIR/facts，或 ~/.cache/raglens/facts）。</translation>
    </message>
    <message>
        <source>--facts must be auto, build or off, not &apos;%1&apos;</source>
        <translation>--facts 必须是 auto、build 或 off，而不是“%1”</translation>
    </message>
    <message>
        <source>The facts index could not be used (%1); reading the database directly.</source>
        <translation>无法使用事实索引（%1）；改为直接读取数据库。</translation>
    </message>
    <message>
        <source>Empty-retrieval, retry and error rates, relevance distribution, latency percentiles and problematic runs for the runs started in a window.</source>
        <translation>时间窗口内开始的运行的空检索率、重试率和错误率、相关性分布、延迟分位数以及有问题的运行。</translation>
    </message>
    <message>
        <source>Retrieval health of an audit database over a time window</source>
        <translation>审计数据库在某一时间窗口内的检索健康度</translation>
    </message>
    <message>
        <source>Import a trace JSON (from &apos;trace&apos; or &apos;export&apos;) into an audit database. Importing the same file again replaces its runs, so the result is the same.</source>
        <translation>将追踪 JSON（来自 &apos;trace&apos; 或 &apos;export&apos;）导入审计数据库。再次导入同一文件会替换其中的运行，因此结果相同。</translation>
    </message>
    <message>
        <source>The trace JSON file.</source>
        <translation>追踪 JSON 文件。</translation>
    </message>
    <message>
        <source>give exactly one FILE</source>
        <translation>请恰好提供一个 FILE</translation>
    </message>
    <message>
        <source>Import a trace JSON into a writable audit database</source>
        <translation>将 trace JSON 导入可写的审计数据库</translation>
    </message>
    <message>
        <source>Builds or refreshes the facts index of an audit database: RagLens&apos;s own file in the cache folder, never a write to the database. Progress goes to stderr.</source>
        <translation>构建或刷新审计数据库的事实索引：它是 RagLens 在缓存文件夹中的自有文件，从不写入数据库。进度输出到 stderr。</translation>
    </message>
    <message>
        <source>an in-memory database has no facts index</source>
        <translation>内存数据库没有事实索引</translation>
    </message>
    <message>
        <source>indexed %1 of %2 calls</source>
        <translation>已索引 %1 / %2 次调用</translation>
    </message>
    <message>
        <source>Build or refresh the local facts index of an audit database</source>
        <translation>构建或刷新审计数据库的本地事实索引</translation>
    </message>
    <message>
        <source>Build or update a knowledge base from a folder</source>
        <translation>从文件夹构建或更新知识库</translation>
    </message>
    <message>
        <source>Run lookup_knowledge against a knowledge base</source>
        <translation>对知识库运行 lookup_knowledge</translation>
    </message>
    <message>
        <source>Write the queries of runs that went wrong (empty retrieval, FALLBACK, negative feedback) as eval-set lines for review, one per normalised query.</source>
        <translation>把出问题的运行（空检索、FALLBACK、负面反馈）的查询写成待审阅的评测集行，每个规范化查询一行。</translation>
    </message>
    <message>
        <source>Read at most N problem runs, newest first (default: all).</source>
        <translation>最多读取 N 个问题运行，最新的优先（默认：全部）。</translation>
    </message>
    <message>
        <source>Write the lines to FILE (JSON Lines) instead of stdout.</source>
        <translation>把这些行写入 FILE（JSON Lines），而不是标准输出。</translation>
    </message>
    <message>
        <source>--max-runs must be a whole number of at least 1</source>
        <translation>--max-runs 必须是不小于 1 的整数</translation>
    </message>
    <message>
        <source>Write the problem queries (empty, FALLBACK, disliked runs) as eval-set lines</source>
        <translation>将问题查询（无证据、FALLBACK、差评运行）写成评测集行</translation>
    </message>
    <message>
        <source>Rate a run: was it helpful? Writes one run_feedback row, which health counts and &apos;problems&apos; reads.</source>
        <translation>评价一次运行：它有帮助吗？写入一行 run_feedback，健康报告会统计它，&apos;problems&apos; 会读取它。</translation>
    </message>
    <message>
        <source>The run to rate.</source>
        <translation>要评价的运行。</translation>
    </message>
    <message>
        <source>yes, no, or unknown (a comment without a verdict).</source>
        <translation>yes、no 或 unknown（只有评论，没有结论）。</translation>
    </message>
    <message>
        <source>What was missing or wrong.</source>
        <translation>缺少了什么或哪里不对。</translation>
    </message>
    <message>
        <source>Rate a run helpful or not (writes run_feedback)</source>
        <translation>评价一次运行是否有帮助（写入 run_feedback）</translation>
    </message>
    <message>
        <source>Runs lookup_knowledge through the audit boundary and records it in an audit database (created when missing). Prints the invocation id, the run id and what the agent was shown.</source>
        <translation>通过审计边界运行 lookup_knowledge，并记录到审计数据库（不存在时自动创建）。输出调用 id、运行 id 以及智能体看到的内容。</translation>
    </message>
    <message>
        <source>Session id.</source>
        <translation>会话 id。</translation>
    </message>
    <message>
        <source>Run id; an existing run of the session gets a new step. Default: a new run.</source>
        <translation>运行 id；若为会话中已有的运行，则为其新增一个步骤。默认：新建运行。</translation>
    </message>
    <message>
        <source>User id of a new run.</source>
        <translation>新运行的用户 id。</translation>
    </message>
    <message>
        <source>Also print the whole LookupResult.</source>
        <translation>同时输出完整的 LookupResult。</translation>
    </message>
    <message>
        <source>missing --db</source>
        <translation>缺少 --db</translation>
    </message>
    <message>
        <source>%1 was not created by RagLens and is opened read-only; add --write to record into it.</source>
        <translation>%1 不是由 RagLens 创建的，已以只读方式打开；要记录到其中，请添加 --write。</translation>
    </message>
    <message>
        <source>The lookup ran but could not be recorded: %1</source>
        <translation>检索已运行，但无法记录：%1</translation>
    </message>
    <message>
        <source>Run a lookup through the audit boundary and record it</source>
        <translation>通过审计边界执行一次检索并记录</translation>
    </message>
    <message>
        <source>Replay a recorded lookup against a local KB and diff it</source>
        <translation>在本地知识库上重放已记录的检索并对比差异</translation>
    </message>
    <message>
        <source>Write one session (or one run) as a self-contained HTML report to attach to a ticket: verdicts, attempt timelines, evidence with its text from --kb, findings and the trace JSON. It holds only what the audit rows hold.</source>
        <translation>将一个会话（或一次运行）写成独立的 HTML 报告，可附在工单中：结论、尝试时间线、证据（文本来自 --kb）、发现和 trace JSON。报告只包含审计记录中的内容。</translation>
    </message>
    <message>
        <source>Knowledge base folder: the text of each evidence chunk is included.</source>
        <translation>知识库目录：报告中包含每个证据片段的文本。</translation>
    </message>
    <message>
        <source>The HTML file to write.</source>
        <translation>要写入的 HTML 文件。</translation>
    </message>
    <message>
        <source>The session.</source>
        <translation>会话。</translation>
    </message>
    <message>
        <source>--out must name a file, not the folder %1</source>
        <translation>--out 必须是文件，而不是目录 %1</translation>
    </message>
    <message>
        <source>Write a session as a self-contained HTML report</source>
        <translation>将会话写成独立的 HTML 报告</translation>
    </message>
    <message>
        <source>Serve the Trace API over HTTP, read-only: GET /api/diagnosis/{sessionId}/trace, /api/diagnosis/{sessionId}/otlp, /api/rag/debug/health, /api/rag/debug/problematic and /api/sessions. Prints the address as JSON, then serves until Ctrl+C.</source>
        <translation>通过 HTTP 只读提供 Trace API：GET /api/diagnosis/{sessionId}/trace、/api/diagnosis/{sessionId}/otlp、/api/rag/debug/health、/api/rag/debug/problematic 和 /api/sessions。以 JSON 打印地址，然后持续服务直到按下 Ctrl+C。</translation>
    </message>
    <message>
        <source>Address to listen on (default 127.0.0.1). Any address other than loopback needs --token-file.</source>
        <translation>监听地址（默认 127.0.0.1）。回环以外的任何地址都需要 --token-file。</translation>
    </message>
    <message>
        <source>Port to listen on (default 8765; 0 picks a free one).</source>
        <translation>监听端口（默认 8765；0 表示任选一个空闲端口）。</translation>
    </message>
    <message>
        <source>A private file whose first line is the bearer token every request must send (Authorization: Bearer …).</source>
        <translation>一个私有文件，其第一行是每个请求都必须发送的持有者令牌（Authorization: Bearer …）。</translation>
    </message>
    <message>
        <source>Worker threads, each with its own database connection (default 4).</source>
        <translation>工作线程数，每个线程有自己的数据库连接（默认 4）。</translation>
    </message>
    <message>
        <source>Seconds a client has to send a whole request (default 10); slower clients get 408.</source>
        <translation>客户端发送完整请求的时限（秒，默认 10）；更慢的客户端会收到 408。</translation>
    </message>
    <message>
        <source>Megabytes of trace answers each worker keeps while an SQLite database is unchanged (default 32; 0 reads every request).</source>
        <translation>每个工作线程在 SQLite 数据库未变化期间保留的追踪应答大小（MB，默认 32；0 表示每个请求都重新读取）。</translation>
    </message>
    <message>
        <source>--bind must be an IP address, not &apos;%1&apos;</source>
        <translation>--bind 必须是 IP 地址，而不是“%1”</translation>
    </message>
    <message>
        <source>--port must be a number from 0 to 65535</source>
        <translation>--port 必须是 0 到 65535 之间的数字</translation>
    </message>
    <message>
        <source>--workers must be a number from 1 to 64</source>
        <translation>--workers 必须是 1 到 64 之间的数字</translation>
    </message>
    <message>
        <source>--request-timeout must be a number of seconds from 0.1 to 3600</source>
        <translation>--request-timeout 必须是 0.1 到 3600 之间的秒数</translation>
    </message>
    <message>
        <source>--cache-mb must be a number from 0 to 4096</source>
        <translation>--cache-mb 必须是 0 到 4096 之间的数字</translation>
    </message>
    <message>
        <source>binding to %1 needs --token-file: without a token anyone who can reach that address could read every trace</source>
        <translation>绑定到 %1 需要 --token-file：没有令牌，任何能访问该地址的人都能读取所有追踪</translation>
    </message>
    <message>
        <source>could not set up signal handling</source>
        <translation>无法设置信号处理</translation>
    </message>
    <message>
        <source>serving %1 on %2 (Ctrl+C stops)</source>
        <translation>正在于 %2 提供 %1（按 Ctrl+C 停止）</translation>
    </message>
    <message>
        <source>Serve the Trace API over HTTP (read-only)</source>
        <translation>通过 HTTP 提供 Trace API（只读）</translation>
    </message>
    <message>
        <source>--%1 must be a number from %2 to %3</source>
        <translation>--%1 必须是 %2 到 %3 之间的数字</translation>
    </message>
    <message>
        <source>reading the sessions failed, trying again: %1</source>
        <translation>读取会话失败，稍后重试：%1</translation>
    </message>
    <message>
        <source>reading the sessions works again</source>
        <translation>读取会话已恢复正常</translation>
    </message>
    <message>
        <source>Following %1 every %2 s; one line per new or changed session. Ctrl+C stops.</source>
        <translation>正在跟踪 %1，每 %2 秒读取一次；每个新增或变化的会话输出一行。按 Ctrl+C 停止。</translation>
    </message>
    <message>
        <source>List sessions, newest first. Counts cover the runs that match the filters.</source>
        <translation>列出会话，最新的在前。计数仅涵盖符合过滤条件的运行。</translation>
    </message>
    <message>
        <source>Release outcome of a run: SUCCESS, FALLBACK or ERROR.</source>
        <translation>运行的发布结果：SUCCESS、FALLBACK 或 ERROR。</translation>
    </message>
    <message>
        <source>The session&apos;s outcome over all its runs (FALLBACK when any run fell back, else ERROR when any errored, else SUCCESS).</source>
        <translation>会话在其全部运行上的结果（任一运行回退即为 FALLBACK，否则任一出错即为 ERROR，否则为 SUCCESS）。</translation>
    </message>
    <message>
        <source>A lookup with this effective evidence status: EVIDENCE_FOUND, NO_EVIDENCE, ERROR, UNKNOWN.</source>
        <translation>具有此有效证据状态的检索：EVIDENCE_FOUND、NO_EVIDENCE、ERROR、UNKNOWN。</translation>
    </message>
    <message>
        <source>A call with this failure kind: tool_error, lookup_error, no_evidence, none.</source>
        <translation>具有此失败类型的调用：tool_error、lookup_error、no_evidence、none。</translation>
    </message>
    <message>
        <source>A lookup with this relevance level: PRECISE, REFERENCE or NONE.</source>
        <translation>具有此相关性级别的检索：PRECISE、REFERENCE 或 NONE。</translation>
    </message>
    <message>
        <source>An invocation of this tool (e.g. lookup_knowledge).</source>
        <translation>此工具的调用（例如 lookup_knowledge）。</translation>
    </message>
    <message>
        <source>Runs started at or after T (ISO 8601 UTC, a date, or an age like 24h).</source>
        <translation>在 T 或之后开始的运行（ISO 8601 UTC、日期，或 24h 这样的时长）。</translation>
    </message>
    <message>
        <source>Apply the view NAME saved in the GUI (View → Saved Views); filters given beside it override the view&apos;s.</source>
        <translation>应用在图形界面中保存的视图 NAME（视图 → 已保存的视图）；同时给出的筛选条件会覆盖视图中的条件。</translation>
    </message>
    <message>
        <source>At most N sessions (default 50).</source>
        <translation>最多 N 个会话（默认 50）。</translation>
    </message>
    <message>
        <source>Keep reading: print one JSON line per new or changed session as the agent writes them. It watches the newest sessions that match: --limit of them (default %1).</source>
        <translation>持续读取：代理写入时，每个新增或变化的会话输出一行 JSON。只关注最新的匹配会话：--limit 个（默认 %1）。</translation>
    </message>
    <message>
        <source>With --follow: seconds between two reads (default 2).</source>
        <translation>与 --follow 一起使用：两次读取之间的秒数（默认 2）。</translation>
    </message>
    <message>
        <source>With --follow: stop after N lines.</source>
        <translation>与 --follow 一起使用：输出 N 行后停止。</translation>
    </message>
    <message>
        <source>Skip the first N sessions.</source>
        <translation>跳过前 N 个会话。</translation>
    </message>
    <message>
        <source>No view &quot;%1&quot;: no view is saved (View → Saved Views in the GUI).</source>
        <translation>没有视图“%1”：尚未保存任何视图（图形界面中的 视图 → 已保存的视图）。</translation>
    </message>
    <message>
        <source>No view &quot;%1&quot;. Saved views: %2.</source>
        <translation>没有视图“%1”。已保存的视图：%2。</translation>
    </message>
    <message>
        <source>--%1 needs --follow</source>
        <translation>--%1 需要与 --follow 一起使用</translation>
    </message>
    <message>
        <source>--%1 cannot be used with --follow, which reads the newest sessions from the database itself</source>
        <translation>--%1 不能与 --follow 一起使用：跟踪模式直接从数据库读取最新会话</translation>
    </message>
    <message>
        <source>List sessions of an audit database with filters</source>
        <translation>按筛选条件列出审计数据库的会话</translation>
    </message>
    <message>
        <source>--timeout must be a number of seconds from 0.1 to 3600</source>
        <translation>--timeout 必须是 0.1 到 3600 之间的秒数</translation>
    </message>
    <message>
        <source>Print one session&apos;s trace (runs, steps, tool invocations, timeline), read from an audit database (--db) or fetched from a Trace API server (--url).</source>
        <translation>打印一个会话的追踪（运行、步骤、工具调用、时间线），从审计数据库（--db）读取，或从 Trace API 服务器（--url）获取。</translation>
    </message>
    <message>
        <source>Fetch the trace from this Trace API base address instead (http://HOST:PORT or https://HOST/prefix).</source>
        <translation>改为从此 Trace API 基础地址获取追踪（http://HOST:PORT 或 https://HOST/prefix）。</translation>
    </message>
    <message>
        <source>With --url: the environment variable holding the bearer token (default RAGLENS_TRACE_API_TOKEN).</source>
        <translation>与 --url 一起使用：保存持有者令牌的环境变量（默认 RAGLENS_TRACE_API_TOKEN）。</translation>
    </message>
    <message>
        <source>With --url: seconds to wait for the server (default 30).</source>
        <translation>与 --url 一起使用：等待服务器的秒数（默认 30）。</translation>
    </message>
    <message>
        <source>The session to show.</source>
        <translation>要显示的会话。</translation>
    </message>
    <message>
        <source>give --db or --url, not both</source>
        <translation>请给出 --db 或 --url，不要同时给出</translation>
    </message>
    <message>
        <source>Print a session&apos;s DiagnosisTraceResponse</source>
        <translation>输出会话的 DiagnosisTraceResponse</translation>
    </message>
    <message>
        <source>usage: raglens-cli &lt;command&gt; [options]</source>
        <translation>用法：raglens-cli &lt;命令&gt; [选项]</translation>
    </message>
    <message>
        <source>commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Run &apos;raglens-cli &lt;command&gt; --help&apos; for a command&apos;s options.</source>
        <translation>运行“raglens-cli &lt;命令&gt; --help”查看某个命令的选项。</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>未知命令“%1”</translation>
    </message>
    <message>
        <source>internal error: %1</source>
        <translation>内部错误：%1</translation>
    </message>
    <message>
        <source>case %1: the lookup failed: %2</source>
        <translation>用例 %1：检索失败：%2</translation>
    </message>
    <message>
        <source>%1 of %2 cases failed with an error; their metrics are not results</source>
        <translation>%2 个用例中有 %1 个因错误失败；它们的指标不是结果</translation>
    </message>
    <message>
        <source>Substring of session id, user id, question or a call&apos;s input parameters (its query and every other parameter).</source>
        <translation>会话 ID、用户 ID、问题或某次调用的输入参数（其查询及所有其他参数）中的子串。</translation>
    </message>
    <message>
        <source>Build the index anew instead of refreshing it: a refresh reads new calls and runs that may have changed, not an old call edited in place.</source>
        <translation>重新构建索引而不是刷新它：刷新只读取新的调用和可能已变化的运行，不读取被原地修改的旧调用。</translation>
    </message>
    <message>
        <source>A lookup whose selected attempt was this one (FILTERED_VECTOR, UNFILTERED_VECTOR_RETRY, UNFILTERED_VECTOR, or a writer&apos;s own code).</source>
        <translation>所选尝试为此值的检索（FILTERED_VECTOR、UNFILTERED_VECTOR_RETRY、UNFILTERED_VECTOR，或写入方自己的代码）。</translation>
    </message>
    <message>
        <source>A lookup with this retry reason, why its filtered attempt was retried (filtered_vector_no_evidence, filtered_vector_low_quality, or a writer&apos;s own code).</source>
        <translation>具有此重试原因的检索，即其带过滤尝试被重试的原因（filtered_vector_no_evidence、filtered_vector_low_quality，或写入方自己的代码）。</translation>
    </message>
    <message>
        <source>the query on stdin</source>
        <translation>标准输入中的查询</translation>
    </message>
    <message>
        <source>case %1 expects %2, which the knowledge base does not hold: it counts as a miss</source>
        <translation>用例 %1 期望 %2，但知识库中没有它：该用例将计为未命中</translation>
    </message>
    <message>
        <source>… and %1 more expected items the knowledge base does not hold</source>
        <translation>… 另有 %1 个期望项在知识库中不存在</translation>
    </message>
    <message>
        <source>The question; &quot;-&quot; reads it from stdin.</source>
        <translation>问题；“-”表示从标准输入读取。</translation>
    </message>
    <message numerus="yes">
        <source>%n problem lookup(s) skipped, the first: %1</source>
        <translation>
            <numerusform>跳过了 %n 个问题检索，第一个：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>--save-baseline names %1, which this run reads; save the baseline to another file</source>
        <translation>--save-baseline 指向本次运行读取的 %1；请把基线保存到另一个文件</translation>
    </message>
    <message>
        <source>--%1 needs a file name</source>
        <translation>--%1 需要一个文件名</translation>
    </message>
    <message>
        <source>Full-trace sampling rate 0..1 (problem lookups are always kept while sampling is on). Default: 0.25 for SQLite databases RagLens created, off for servers (they hold production data) and others; 0 turns sampling off.</source>
        <translation>完整追踪采样率 0..1（采样开启时，有问题的查询总会保留）。默认：RagLens 创建的 SQLite 数据库为 0.25，服务器（保存生产数据）和其他数据库关闭；0 表示关闭采样。</translation>
    </message>
    <message>
        <source>The facts index could not be read (%1); reading the database directly.</source>
        <translation>无法读取事实索引（%1）；改为直接读取数据库。</translation>
    </message>
    <message>
        <source>Vector index: auto, flat or hnsw (default: what the knowledge base was built with; auto for a new one).</source>
        <translation>向量索引：auto、flat 或 hnsw（默认：知识库构建时所用的类型；新知识库为 auto）。</translation>
    </message>
    <message>
        <source>--category needs a category name; for no filter at all, give --no-auto-category</source>
        <translation>--category 需要一个类别名；如不需要任何过滤，请使用 --no-auto-category</translation>
    </message>
    <message>
        <source>--category needs a category name</source>
        <translation>--category 需要一个类别名</translation>
    </message>
    <message>
        <source>%1 was removed; waiting for a file at its path</source>
        <translation>%1 已被删除；等待其路径上出现文件</translation>
    </message>
    <message>
        <source>%1 was replaced, and the new file cannot be read: %2</source>
        <translation>%1 已被替换，且无法读取新文件：%2</translation>
    </message>
    <message>
        <source>%1 was replaced by another file; following the new one</source>
        <translation>%1 已被另一个文件替换；改为跟踪新文件</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Inspect the retrieval step of an LLM diagnosis agent from its audit database.</source>
        <translation>从审计数据库检查 LLM 诊断智能体的检索步骤。</translation>
    </message>
    <message>
        <source>Open the workspace in &lt;dir&gt; (its audit.db).</source>
        <translation>打开 &lt;dir&gt; 中的工作区（其 audit.db）。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>An SQLite audit database or a postgresql:// / mysql:// URL.</source>
        <translation>SQLite 审计数据库，或 postgresql:// / mysql:// URL。</translation>
    </message>
    <message>
        <source>raglens: give one database at most.</source>
        <translation>raglens：最多只能指定一个数据库。</translation>
    </message>
    <message>
        <source>raglens: give either a database or --workspace DIR, not both.</source>
        <translation>raglens：请指定数据库或 --workspace DIR，不能同时指定。</translation>
    </message>
    <message>
        <source>Print the time until the first sessions are painted and the peak memory as JSON, then quit (for raglens-bench).</source>
        <translation>以 JSON 打印到首批会话绘制出来为止的时间和峰值内存，然后退出（供 raglens-bench 使用）。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::AddToEvalSetDialog</name>
    <message>
        <source>Add invocation %1 to an eval set</source>
        <translation>将调用 %1 添加到评估集</translation>
    </message>
    <message>
        <source>Add query to an eval set</source>
        <translation>将查询添加到评估集</translation>
    </message>
    <message>
        <source>Query:</source>
        <translation>查询：</translation>
    </message>
    <message>
        <source>The audit row keeps only the first 160 characters of a query; check the end.</source>
        <translation>审计行只保留查询的前 160 个字符；请检查结尾部分。</translation>
    </message>
    <message>
        <source>Returned: %1 · attempt %2 · relevance %3</source>
        <translation>返回：%1 · 检索尝试 %2 · 相关性 %3</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>(the lookup returned no evidence)</source>
        <translation>（检索未返回任何证据）</translation>
    </message>
    <message>
        <source>Correct evidence:</source>
        <translation>正确的证据：</translation>
    </message>
    <message>
        <source>other correct keys, comma-separated (source#chunk-n)</source>
        <translation>其他正确的键，以逗号分隔（source#chunk-n）</translation>
    </message>
    <message>
        <source>Expect no evidence (the right answer is NO_EVIDENCE)</source>
        <translation>预期无证据（正确答案是 NO_EVIDENCE）</translation>
    </message>
    <message>
        <source>extra tags, comma-separated</source>
        <translation>额外标签，以逗号分隔</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>标签：</translation>
    </message>
    <message>
        <source>eval set file (.jsonl); created when missing</source>
        <translation>评估集文件（.jsonl）；不存在时自动创建</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Eval set:</source>
        <translation>评估集：</translation>
    </message>
    <message>
        <source>Skip it and tell me</source>
        <translation>跳过并提示我</translation>
    </message>
    <message>
        <source>Update its expectations</source>
        <translation>更新其预期</translation>
    </message>
    <message>
        <source>If the query is already there:</source>
        <translation>如果该查询已存在：</translation>
    </message>
    <message>
        <source>Add case</source>
        <translation>添加用例</translation>
    </message>
    <message>
        <source>Tick the evidence that answers the query, or choose &quot;expect no evidence&quot;.</source>
        <translation>勾选能回答该查询的证据，或选择“预期无证据”。</translation>
    </message>
    <message>
        <source>Choose the eval set file to add the case to.</source>
        <translation>选择要添加用例的评估集文件。</translation>
    </message>
    <message>
        <source>Eval set to add the case to</source>
        <translation>要添加用例的评估集</translation>
    </message>
    <message>
        <source>Eval sets (*.jsonl);;All files (*)</source>
        <translation>评估集 (*.jsonl);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>raglens::ui::AgentView</name>
    <message>
        <source>No agent result.</source>
        <translation>没有智能体结果。</translation>
    </message>
    <message>
        <source>Evidence status:</source>
        <translation>证据状态：</translation>
    </message>
    <message>
        <source>Relevance:</source>
        <translation>相关性：</translation>
    </message>
    <message>
        <source>(omitted)</source>
        <translation>（已省略）</translation>
    </message>
    <message>
        <source>Completeness hint:</source>
        <translation>完整性提示：</translation>
    </message>
    <message>
        <source>quality %1</source>
        <translation>质量 %1</translation>
    </message>
    <message>
        <source>Excerpts returned: %1 (%2)</source>
        <translation>返回的摘录：%1（%2）</translation>
    </message>
    <message>
        <source>excerpts not cut</source>
        <translation>摘录未截断</translation>
    </message>
</context>
<context>
    <name>raglens::ui::AttemptCandidatesModel</name>
    <message>
        <source>%1 (source: %2)</source>
        <translation>%1（来源：%2）</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Evidence key</source>
        <translation>证据键</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>质量</translation>
    </message>
    <message>
        <source>Dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <source>BM25</source>
        <translation>BM25</translation>
    </message>
</context>
<context>
    <name>raglens::ui::AttemptTimelineWidget</name>
    <message>
        <source>retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>(selected)</source>
        <translation>（已选中）</translation>
    </message>
    <message>
        <source>Category filter: %1</source>
        <translation>类别过滤：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Start: %1 ms, duration: %2</source>
        <translation>开始：%1 ms，耗时：%2</translation>
    </message>
    <message>
        <source>Candidates: %1</source>
        <translation>候选：%1</translation>
    </message>
    <message>
        <source>Top similarity: %1 (usable at %2 or more)</source>
        <translation>最高相似度：%1（%2 及以上可用）</translation>
    </message>
    <message>
        <source>Top score: %1</source>
        <translation>最高分数：%1</translation>
    </message>
    <message>
        <source>Usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Not usable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Retried without filter: %1</source>
        <translation>不带过滤重试：%1</translation>
    </message>
    <message>
        <source>The filtered attempt was not usable, so the lookup retried without the category filter: %1</source>
        <translation>过滤检索尝试不可用，因此检索去掉类别过滤进行了重试：%1</translation>
    </message>
    <message>
        <source>No retrieval attempts recorded</source>
        <translation>未记录任何检索尝试</translation>
    </message>
    <message>
        <source>top similarity (usable ≥ %1)</source>
        <translation>最高相似度（可用 ≥ %1）</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <source>no category filter</source>
        <translation>无类别过滤</translation>
    </message>
    <message>
        <source>filter: %1</source>
        <translation>过滤：%1</translation>
    </message>
    <message>
        <source>usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>not usable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>%1 %2 %3 · %4</source>
        <translation>%1 %2 %3 · %4</translation>
    </message>
    <message>
        <source>similarity unknown · %1</source>
        <translation>相似度未知 · %1</translation>
    </message>
    <message>
        <source>every attempt took under 1 ms: order only, not to scale</source>
        <translation>所有检索尝试耗时均不足 1 ms：仅表示顺序，不按比例显示</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>复制图像</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>另存为 PNG…</translation>
    </message>
    <message>
        <source>Save attempt timeline</source>
        <translation>保存检索尝试时间线</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::AttemptsTableModel</name>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>not usable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>The selected attempt: its candidates became the evidence</source>
        <translation>选中的检索尝试：其候选成为了证据</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>检索尝试</translation>
    </message>
    <message>
        <source>Category filter</source>
        <translation>类别过滤</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>Usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Top score</source>
        <translation>最高分数</translation>
    </message>
    <message>
        <source>Top similarity</source>
        <translation>最高相似度</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
</context>
<context>
    <name>raglens::ui::AttemptsView</name>
    <message>
        <source>Candidates: pick an attempt above</source>
        <translation>候选：请在上方选择一个检索尝试</translation>
    </message>
    <message>
        <source>Candidates of %1 (%2)</source>
        <translation>%1 的候选（%2）</translation>
    </message>
</context>
<context>
    <name>raglens::ui::AuditCheckJob</name>
    <message>
        <source>An in-memory database can only be read through the connection that created it.</source>
        <translation>内存数据库只能通过创建它的连接读取。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::AuditCheckPanel</name>
    <message>
        <source>Selected session</source>
        <translation>所选会话</translation>
    </message>
    <message>
        <source>Selected run</source>
        <translation>所选运行</translation>
    </message>
    <message>
        <source>Filter&apos;s time window</source>
        <translation>筛选的时间窗口</translation>
    </message>
    <message>
        <source>Run Check</source>
        <translation>运行检查</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Rules File…</source>
        <translation>规则文件…</translation>
    </message>
    <message>
        <source>A JSON file that switches rules off or tunes them; see the README&apos;s Audit check section.</source>
        <translation>用于关闭或调整规则的 JSON 文件；见 README 的“审计检查”一节。</translation>
    </message>
    <message>
        <source>Check:</source>
        <translation>检查：</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重性</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>已检查</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>What it promises</source>
        <translation>规则内容</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Double-click a row to show it in the session tree.</source>
        <translation>双击某行可在会话树中显示它。</translation>
    </message>
    <message>
        <source>Cancelled. Nothing was checked to the end; run it again to see results.</source>
        <translation>已取消。检查未完成；请再次运行以查看结果。</translation>
    </message>
    <message>
        <source>Audit Check Rules</source>
        <translation>审计检查规则</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Checking… %1 of %2 runs</source>
        <translation>正在检查… %1 / %2 个运行</translation>
    </message>
    <message>
        <source>The check could not run: %1</source>
        <translation>无法运行检查：%1</translation>
    </message>
    <message>
        <source>Not run yet. Choose what to check and press Run Check.</source>
        <translation>尚未运行。请选择检查范围并点击“运行检查”。</translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation>没有打开的数据库。</translation>
    </message>
    <message>
        <source>Rules: %1</source>
        <translation>规则：%1</translation>
    </message>
    <message>
        <source>Open an audit database first.</source>
        <translation>请先打开审计数据库。</translation>
    </message>
    <message>
        <source>Select a session in the Sessions tab first.</source>
        <translation>请先在“会话”标签页中选择一个会话。</translation>
    </message>
    <message>
        <source>Select a run in the Sessions tab first.</source>
        <translation>请先在“会话”标签页中选择一个运行。</translation>
    </message>
    <message>
        <source>runs started %1 – %2</source>
        <translation>开始于 %1 – %2 的运行</translation>
    </message>
    <message>
        <source>any time</source>
        <translation>任意时间</translation>
    </message>
    <message>
        <source>now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source>the whole database</source>
        <translation>整个数据库</translation>
    </message>
    <message>
        <source>Check %1</source>
        <translation>检查 %1</translation>
    </message>
    <message>
        <source>The rules file cannot be used: %1</source>
        <translation>无法使用规则文件：%1</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>%1 (not applicable: %2)</source>
        <translation>%1（不适用：%2）</translation>
    </message>
    <message>
        <source>Every rule passed.</source>
        <translation>所有规则均通过。</translation>
    </message>
    <message>
        <source>Some rules failed.</source>
        <translation>部分规则未通过。</translation>
    </message>
    <message>
        <source>Checked %1 runs, %2 steps, %3 invocations and %4 timeline events.</source>
        <translation>已检查 %1 个运行、%2 个步骤、%3 个调用和 %4 个时间线事件。</translation>
    </message>
    <message>
        <source>… and %1 more (the first %2 are listed)</source>
        <translation>… 另有 %1 条（仅列出前 %2 条）</translation>
    </message>
    <message>
        <source>Nothing to check.</source>
        <translation>没有可检查的内容。</translation>
    </message>
    <message>
        <source>No offending rows.</source>
        <translation>没有违规的行。</translation>
    </message>
    <message>
        <source>(no run id)</source>
        <translation>（无运行 id）</translation>
    </message>
    <message>
        <source>Nothing was checked: no rows in scope.</source>
        <translation>没有检查任何内容：范围内没有行。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::BaselineHistoryChart</name>
    <message>
        <source>No saved baselines in this folder yet</source>
        <translation>此文件夹中尚无已保存的基线</translation>
    </message>
    <message numerus="yes">
        <source>Metrics across %n baseline(s)</source>
        <translation>
            <numerusform>%n 个基线的指标</numerusform>
        </translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>raglens::ui::CompareAction</name>
    <message>
        <source>&amp;Compare Selected</source>
        <translation>比较所选(&amp;C)</translation>
    </message>
    <message>
        <source>Two runs or two lookups selected in the tree (Ctrl+click the second) side by side</source>
        <translation>并排显示在树中选中的两次运行或两次检索（按住 Ctrl 点击第二个）</translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation>无法比较</translation>
    </message>
    <message>
        <source>Reading the two runs…</source>
        <translation>正在读取这两次运行…</translation>
    </message>
    <message>
        <source>Compare needs two runs, or two lookup_knowledge calls: select one, Ctrl+click the other, then press Ctrl+D.</source>
        <translation>比较需要两次运行或两次 lookup_knowledge 调用：选中一个，按住 Ctrl 点击另一个，然后按 Ctrl+D。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::CompareDialog</name>
    <message>
        <source>%1: run %2 · %3</source>
        <translation>%1：运行 %2 · %3</translation>
    </message>
    <message>
        <source> · fallback cause: %1</source>
        <translation> · 回退原因：%1</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Step / call</source>
        <translation>步骤 / 调用</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>%1 of %2 lookup pairs differ · steps only in A: %3, only in B: %4 · calls only in A: %5, only in B: %6</source>
        <translation>%2 对检索中有 %1 对不同 · 仅在 A 中的步骤：%3，仅在 B 中：%4 · 仅在 A 中的调用：%5，仅在 B 中：%6</translation>
    </message>
    <message>
        <source>A: lookup #%1 of run %2
B: lookup #%3 of run %4</source>
        <translation>A：运行 %2 的检索 #%1
B：运行 %4 的检索 #%3</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>selected attempt %1 → %2</source>
        <translation>选中的检索尝试 %1 → %2</translation>
    </message>
    <message>
        <source>evidence %1 → %2</source>
        <translation>证据 %1 → %2</translation>
    </message>
    <message>
        <source>relevance %1 → %2</source>
        <translation>相关性 %1 → %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) only in B</source>
        <translation>
            <numerusform>仅 B 中有 %n 个键</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) only in A</source>
        <translation>
            <numerusform>仅 A 中有 %n 个键</numerusform>
        </translation>
    </message>
    <message>
        <source>truncation</source>
        <translation>截断</translation>
    </message>
    <message>
        <source>ranks moved</source>
        <translation>排名变化</translation>
    </message>
    <message>
        <source>Calls without a step</source>
        <translation>不属于任何步骤的调用</translation>
    </message>
    <message>
        <source>Step %1 · %2</source>
        <translation>步骤 %1 · %2</translation>
    </message>
    <message>
        <source>step #%1</source>
        <translation>步骤 #%1</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>仅在 A 中</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>仅在 B 中</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>failed in B</source>
        <translation>在 B 中失败</translation>
    </message>
    <message>
        <source>failed in A</source>
        <translation>在 A 中失败</translation>
    </message>
    <message>
        <source>%1: lookup #%2 · %3</source>
        <translation>%1：检索 #%2 · %3</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>步骤 %1</translation>
    </message>
</context>
<context>
    <name>raglens::ui::ConsoleResultPanes</name>
    <message>
        <source>Full lookup trace</source>
        <translation>完整检索追踪</translation>
    </message>
    <message>
        <source>Everything the lookup decided; the agent never sees this.</source>
        <translation>检索做出的所有决策；智能体永远看不到这些内容。</translation>
    </message>
    <message>
        <source>What the agent sees</source>
        <translation>智能体看到的内容</translation>
    </message>
    <message>
        <source>The RagToolResult exactly as the model receives it.</source>
        <translation>模型收到的 RagToolResult 原样内容。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::ContextPackView</name>
    <message>
        <source>Blocks included: %1 — %2 of %3 characters used%4</source>
        <translation>包含的证据块：%1 — 已使用 %2 / %3 个字符%4</translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation>%1 / %2 个字符</translation>
    </message>
    <message>
        <source> — nothing cut</source>
        <translation> — 未截断</translation>
    </message>
</context>
<context>
    <name>raglens::ui::EmbedderDialog</name>
    <message>
        <source>Embedder</source>
        <translation>嵌入器</translation>
    </message>
    <message>
        <source>&amp;Offline hashing embedder (no network; the default)</source>
        <translation>离线哈希嵌入器（无需网络；默认）(&amp;O)</translation>
    </message>
    <message>
        <source>OpenAI-compatible embeddings &amp;server</source>
        <translation>OpenAI 兼容的嵌入服务器(&amp;S)</translation>
    </message>
    <message>
        <source>as the server answers</source>
        <translation>按服务器的应答</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>URL(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Dimension:</source>
        <translation>维度(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Token variable:</source>
        <translation>令牌变量(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Batch size:</source>
        <translation>批大小(&amp;B)：</translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation>超时(&amp;I)：</translation>
    </message>
    <message>
        <source>The choice applies from the next Update or Rebuild; the knowledge base records it, so later ingests and lookups use the same embedder. The token stays in its environment variable.</source>
        <translation>所选内容从下一次“更新”或“重建”起生效；知识库会记录它，之后的摄取和检索都使用同一个嵌入器。令牌始终保存在其环境变量中。</translation>
    </message>
    <message>
        <source>Cannot use this server: %1.</source>
        <translation>无法使用此服务器：%1。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::EvalCaseModel</name>
    <message>
        <source>no evidence ✓</source>
        <translation>无证据 ✓</translation>
    </message>
    <message>
        <source>should be empty</source>
        <translation>应为空</translation>
    </message>
    <message>
        <source>hit</source>
        <translation>命中</translation>
    </message>
    <message>
        <source>miss</source>
        <translation>未命中</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>regressed</source>
        <translation>已回归</translation>
    </message>
    <message>
        <source>improved</source>
        <translation>已改进</translation>
    </message>
    <message>
        <source>Expected: %1</source>
        <translation>预期：%1</translation>
    </message>
    <message>
        <source>Case</source>
        <translation>用例</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>nDCG</source>
        <translation>nDCG</translation>
    </message>
    <message>
        <source>Returned</source>
        <translation>返回</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>检索尝试</translation>
    </message>
    <message>
        <source>Relevance</source>
        <translation>相关性</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>vs. baseline</source>
        <translation>较基线</translation>
    </message>
    <message>
        <source>Hit: an expected evidence key (or source) is in the top k. For cases that expect no evidence: NO_EVIDENCE was returned.</source>
        <translation>命中：前 k 个结果中包含一个预期的证据键（或来源）。对于预期无证据的用例：返回了 NO_EVIDENCE。</translation>
    </message>
    <message>
        <source>Rank of the first expected item; empty for a miss.</source>
        <translation>第一个预期项的排名；未命中时为空。</translation>
    </message>
    <message>
        <source>Normalised discounted cumulative gain at k (binary gains).</source>
        <translation>k 处的归一化折损累计增益（二元增益）。</translation>
    </message>
    <message>
        <source>What was scored: evidence keys, or distinct sources when the case names only sources, in rank order.</source>
        <translation>参与评分的内容：证据键；若用例只指定了来源，则为去重后的来源，按排名顺序排列。</translation>
    </message>
    <message>
        <source>Hit → miss (regressed) or miss → hit against the baseline.</source>
        <translation>与基线相比由命中变为未命中（已回归）或由未命中变为命中。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::EvalPanel</name>
    <message>
        <source>Choose a knowledge base and an eval set, then press Run.</source>
        <translation>请选择知识库和评估集，然后点击“运行”。</translation>
    </message>
    <message>
        <source>Choose a knowledge base and an eval set first.</source>
        <translation>请先选择知识库和评估集。</translation>
    </message>
    <message>
        <source>Running %1 against %2…</source>
        <translation>正在针对 %2 运行 %1…</translation>
    </message>
    <message>
        <source>Cancelling after the current batch…</source>
        <translation>将在当前批次完成后取消…</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %n case(s) finished; metrics cover only those.</source>
        <translation>
            <numerusform>已取消：%n 个用例已完成；指标仅涵盖这些用例。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) in %1 s.</source>
        <translation>
            <numerusform>%n 个用例，用时 %1 s。</numerusform>
        </translation>
    </message>
    <message>
        <source>Baseline loaded; run the set to compare.</source>
        <translation>已加载基线；运行评估集以进行比较。</translation>
    </message>
    <message>
        <source>Regression: %1</source>
        <translation>回归：%1</translation>
    </message>
    <message>
        <source>Improvement: %1</source>
        <translation>改进：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n regression(s) against %1.</source>
        <translation>
            <numerusform>相对于 %1 有 %n 项回归。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No regression against %1 (%n improvement(s)).</source>
        <translation>
            <numerusform>相对于 %1 无回归（%n 项改进）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Run the set before saving a baseline.</source>
        <translation>保存基线前请先运行评估集。</translation>
    </message>
    <message>
        <source>Saved baseline %1.</source>
        <translation>已保存基线 %1。</translation>
    </message>
    <message>
        <source>Skipped files:
%1</source>
        <translation>已跳过的文件：
%1</translation>
    </message>
    <message>
        <source>All tags</source>
        <translation>所有标签</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>用例数</translation>
    </message>
    <message>
        <source>p95 latency</source>
        <translation>p95 延迟</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>By tag</source>
        <translation>按标签</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Knowledge base:</source>
        <translation>知识库：</translation>
    </message>
    <message>
        <source>folder holding the index and manifest, e.g. WORKSPACE/kb</source>
        <translation>包含索引和清单的文件夹，例如 WORKSPACE/kb</translation>
    </message>
    <message>
        <source>Eval set:</source>
        <translation>评估集：</translation>
    </message>
    <message>
        <source>JSON Lines file, one case per line</source>
        <translation>JSON Lines 文件，每行一个用例</translation>
    </message>
    <message>
        <source>k = </source>
        <translation>k = </translation>
    </message>
    <message>
        <source>Cut-off of hit@k, recall@k and nDCG@k; also the lookup&apos;s top-k.</source>
        <translation>hit@k、recall@k 和 nDCG@k 的截断值；同时也是检索的 top-k。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>%v / %m cases</source>
        <translation>%v / %m 个用例</translation>
    </message>
    <message>
        <source>baseline file saved from an earlier run</source>
        <translation>之前某次运行保存的基线文件</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Save as baseline…</source>
        <translation>另存为基线…</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <source>Filter by case id or query</source>
        <translation>按用例 id 或查询筛选</translation>
    </message>
    <message>
        <source>Misses only</source>
        <translation>仅未命中</translation>
    </message>
    <message>
        <source>Regressions only</source>
        <translation>仅回归</translation>
    </message>
    <message>
        <source>Open in lookup console</source>
        <translation>在检索控制台中打开</translation>
    </message>
    <message>
        <source>Run the selected case&apos;s query in the lookup console (or double-click a row).</source>
        <translation>在检索控制台中运行所选用例的查询（或双击某一行）。</translation>
    </message>
    <message>
        <source>folder of saved baselines (*.json)</source>
        <translation>已保存基线所在文件夹 (*.json)</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Baselines folder:</source>
        <translation>基线文件夹：</translation>
    </message>
    <message>
        <source>Choose a knowledge base</source>
        <translation>选择知识库</translation>
    </message>
    <message>
        <source>Choose an eval set</source>
        <translation>选择评估集</translation>
    </message>
    <message>
        <source>Eval sets (*.jsonl *.json);;All files (*)</source>
        <translation>评估集 (*.jsonl *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose a baseline</source>
        <translation>选择基线</translation>
    </message>
    <message>
        <source>Baselines (*.json);;All files (*)</source>
        <translation>基线 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save run as baseline</source>
        <translation>将运行结果保存为基线</translation>
    </message>
    <message>
        <source>Baselines (*.json)</source>
        <translation>基线 (*.json)</translation>
    </message>
    <message>
        <source>Baseline label</source>
        <translation>基线标签</translation>
    </message>
    <message>
        <source>A short label for charts (optional):</source>
        <translation>用于图表的简短标签（可选）：</translation>
    </message>
    <message>
        <source>Choose a baselines folder</source>
        <translation>选择基线文件夹</translation>
    </message>
    <message>
        <source>No cases run</source>
        <translation>未运行任何用例</translation>
    </message>
    <message>
        <source>Not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>Not run yet</source>
        <translation>尚未运行</translation>
    </message>
</context>
<context>
    <name>raglens::ui::EvalRunController</name>
    <message>
        <source>The eval set %1 has malformed lines:
%2</source>
        <translation>评估集 %1 中有格式错误的行：
%2</translation>
    </message>
    <message>
        <source>The eval set %1 has no cases.</source>
        <translation>评估集 %1 中没有用例。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::EvidenceBlocksView</name>
    <message>
        <source>No evidence blocks: nothing passed the minimum evidence quality.</source>
        <translation>没有证据块：没有内容达到最低证据质量。</translation>
    </message>
    <message>
        <source>quality %1 · score %2</source>
        <translation>质量 %1 · 分数 %2</translation>
    </message>
    <message>
        <source>category: %1 · source: %2%3</source>
        <translation>类别：%1 · 来源：%2%3</translation>
    </message>
    <message>
        <source> · heading: %1</source>
        <translation> · 章节标题：%1</translation>
    </message>
    <message>
        <source>Dropped candidates (%1 in, %2 kept)</source>
        <translation>被丢弃的候选（输入 %1 个，保留 %2 个）</translation>
    </message>
    <message>
        <source>Evidence key</source>
        <translation>证据键</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Lost to</source>
        <translation>让位于</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>质量</translation>
    </message>
</context>
<context>
    <name>raglens::ui::ExportActions</name>
    <message>
        <source>&amp;Copy Trace JSON</source>
        <translation>复制追踪 JSON(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>&amp;Export Trace JSON…</source>
        <translation>导出追踪 JSON(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export Timeline as &amp;PNG…</source>
        <translation>将时间线导出为 PNG(&amp;P)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Write the selected session or run as one HTML file to attach to a ticket</source>
        <translation>将所选会话或运行写成一个 HTML 文件，可附在工单中</translation>
    </message>
    <message>
        <source>Select a session or run to copy its trace.</source>
        <translation>请选择一个会话或运行以复制其追踪。</translation>
    </message>
    <message>
        <source>Reading the trace…</source>
        <translation>正在读取追踪…</translation>
    </message>
    <message>
        <source>Copy failed</source>
        <translation>复制失败</translation>
    </message>
    <message>
        <source>Trace JSON copied to the clipboard.</source>
        <translation>追踪 JSON 已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Select a session or run to export its trace.</source>
        <translation>选择一个会话或运行以导出其追踪。</translation>
    </message>
    <message>
        <source>Export Trace JSON</source>
        <translation>导出追踪 JSON</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Trace written to %1</source>
        <translation>追踪已写入 %1</translation>
    </message>
    <message>
        <source>Select a run to export its timeline.</source>
        <translation>选择一个运行以导出其时间线。</translation>
    </message>
    <message>
        <source>Export Timeline</source>
        <translation>导出时间线</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot write the image %1.</source>
        <translation>无法写入图像 %1。</translation>
    </message>
    <message>
        <source>Timeline written to %1</source>
        <translation>时间线已写入 %1</translation>
    </message>
    <message>
        <source>Select a session or run to export its report.</source>
        <translation>请选择一个会话或运行来导出报告。</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation>HTML 文件 (*.html)</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>正在写入报告…</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>Report written to %1 (evidence text: %2 of %3 chunks)</source>
        <translation>报告已写入 %1（证据文本：%3 个片段中的 %2 个）</translation>
    </message>
</context>
<context>
    <name>raglens::ui::FindingsView</name>
    <message>
        <source>Copy as JSON</source>
        <translation>复制为 JSON</translation>
    </message>
    <message>
        <source>Copy the findings as `raglens-cli diagnose` prints them</source>
        <translation>按 `raglens-cli diagnose` 的输出格式复制诊断发现</translation>
    </message>
    <message>
        <source>Select a tool invocation to see its findings.</source>
        <translation>选择一个工具调用以查看其诊断发现。</translation>
    </message>
    <message>
        <source>Invocation %1 · %2</source>
        <translation>调用 %1 · %2</translation>
    </message>
    <message>
        <source>%1 · nothing to fix</source>
        <translation>%1 · 无需修复</translation>
    </message>
    <message>
        <source>%1 · %2, %3</source>
        <translation>%1 · %2，%3</translation>
    </message>
    <message numerus="yes">
        <source>%n critical</source>
        <translation>
            <numerusform>%n 项严重</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 项警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Try:</source>
        <translation>尝试：</translation>
    </message>
</context>
<context>
    <name>raglens::ui::FollowController</name>
    <message>
        <source>%1 was replaced or removed since it was opened: open it again to follow the file now at its path.</source>
        <translation>%1 自打开以来已被替换或删除：请重新打开，以跟踪其路径上现在的文件。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::HealthJob</name>
    <message>
        <source>An in-memory database can only be read through the connection that created it.</source>
        <translation>内存数据库只能通过创建它的连接读取。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::HealthPanel</name>
    <message>
        <source>Open an audit database to see its retrieval health.</source>
        <translation>打开审计数据库以查看其检索健康度。</translation>
    </message>
    <message>
        <source>Computing health for %1…</source>
        <translation>正在计算 %1 的健康度…</translation>
    </message>
    <message>
        <source>Overall %1</source>
        <translation>总体：%1</translation>
    </message>
    <message>
        <source>all time</source>
        <translation>全部时间</translation>
    </message>
    <message>
        <source>since %1</source>
        <translation>自 %1 起</translation>
    </message>
    <message>
        <source>before %1</source>
        <translation>%1 之前</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 · %n runs</source>
        <translation>
            <numerusform>%1 · %2 · %n 次运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n legacy rows (relevance read as none)</source>
        <translation>
            <numerusform> · %n 个旧版数据行（相关性按无处理）</numerusform>
        </translation>
    </message>
    <message>
        <source> · computed at %1</source>
        <translation> · 计算于 %1</translation>
    </message>
    <message>
        <source>Cannot compute health: %1</source>
        <translation>无法计算健康度：%1</translation>
    </message>
    <message>
        <source>Every reason</source>
        <translation>所有原因</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%n shown</source>
        <translation>
            <numerusform>显示 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>Open run</source>
        <translation>打开运行</translation>
    </message>
    <message>
        <source>Add to eval set…</source>
        <translation>添加到评估集…</translation>
    </message>
    <message>
        <source>Copy run id</source>
        <translation>复制运行 id</translation>
    </message>
    <message>
        <source>Copy session id</source>
        <translation>复制会话 id</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Recompute the health report for this window</source>
        <translation>重新计算此时间窗口的健康度报告</translation>
    </message>
    <message>
        <source>The worst of the three rates&apos; severities</source>
        <translation>三项比率严重程度中最严重者</translation>
    </message>
    <message>
        <source>Problematic runs</source>
        <translation>问题运行</translation>
    </message>
    <message>
        <source>Show only the runs listed for this reason</source>
        <translation>仅显示因该原因列出的运行</translation>
    </message>
    <message>
        <source>Filter by question, session or run id</source>
        <translation>按问题、会话或运行 id 筛选</translation>
    </message>
    <message>
        <source>Double-click or press Enter to open the run</source>
        <translation>双击或按 Enter 打开该运行</translation>
    </message>
    <message>
        <source>&amp;Open run</source>
        <translation>打开运行(&amp;O)</translation>
    </message>
    <message>
        <source>Show this run in the session tree</source>
        <translation>在会话树中显示此运行</translation>
    </message>
    <message>
        <source>Add to &amp;eval set…</source>
        <translation>添加到评估集(&amp;E)…</translation>
    </message>
    <message>
        <source>Add this run&apos;s query to an eval set as a problem query, so a later change to the knowledge base or the thresholds is checked against it</source>
        <translation>将此运行的查询作为问题查询添加到评估集，以便之后对知识库或阈值的修改都能以它来检验</translation>
    </message>
    <message>
        <source> (the newest %1 of %2 problem runs are listed)</source>
        <translation>（列出了 %2 个问题运行中最新的 %1 个）</translation>
    </message>
    <message numerus="yes">
        <source> · %n calls without a recorded run (counted by their own time)</source>
        <translation>
            <numerusform> · %n 个没有运行记录的调用（按其自身时间计入）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>raglens::ui::HealthTiles</name>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Empty retrieval</source>
        <translation>空检索</translation>
    </message>
    <message>
        <source>Tool errors</source>
        <translation>工具错误</translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation>延迟 p50</translation>
    </message>
    <message>
        <source>Latency p95</source>
        <translation>延迟 p95</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>延迟 p99</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message numerus="yes">
        <source>%n in FALLBACK</source>
        <translation>
            <numerusform>%n 次为 FALLBACK</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tool invocations, %2 of them lookups</source>
        <translation>%1 次工具调用，其中 %2 次为检索</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n lookups · %2</source>
        <translation>
            <numerusform>%n 次检索中的 %1 次 · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Lookups that returned no evidence. WARNING above %1, CRITICAL above %2.</source>
        <translation>未返回证据的检索。超过 %1 为 WARNING，超过 %2 为 CRITICAL。</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n invocations · %2</source>
        <translation>
            <numerusform>%n 次调用中的 %1 次 · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Tool calls that failed (any tool). WARNING above %1.</source>
        <translation>失败的工具调用（任意工具）。超过 %1 为 WARNING。</translation>
    </message>
    <message>
        <source>over %1</source>
        <translation>超过 %1</translation>
    </message>
    <message>
        <source>%1 of the lookups&apos; retrieval latency (nearest rank); max %2.</source>
        <translation>检索延迟的 %1（最近秩法）；最大值 %2。</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>95th percentile</source>
        <translation>第 95 百分位</translation>
    </message>
    <message>
        <source>99th percentile</source>
        <translation>第 99 百分位</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Lookups whose filtered search was not usable and were retried without the filter. WARNING above %1.</source>
        <translation>带过滤的检索不可用、已去掉过滤条件重试的检索。超过 %1 为 WARNING。</translation>
    </message>
    <message>
        <source>Satisfaction</source>
        <translation>满意度</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n ratings</source>
        <translation>
            <numerusform>%n 个评价中 %1 个</numerusform>
        </translation>
    </message>
    <message>
        <source>no ratings</source>
        <translation>没有评价</translation>
    </message>
    <message>
        <source>Runs people rated helpful (run_feedback), of those rated helpful or not. Runs rated not helpful are listed among the problem runs.</source>
        <translation>在评价为有帮助或没有帮助的运行中，被评为有帮助的比例（run_feedback）。被评为没有帮助的运行列在问题运行中。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::HealthWindowSelector</name>
    <message>
        <source>&amp;Window:</source>
        <translation>时间窗口(&amp;W)：</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>最近 24 小时</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>全部时间</translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation>自定义范围</translation>
    </message>
    <message>
        <source>from</source>
        <translation>从</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Runs started at or after this local time</source>
        <translation>在此本地时间或之后开始的运行</translation>
    </message>
    <message>
        <source>Runs started before this local time</source>
        <translation>在此本地时间之前开始的运行</translation>
    </message>
    <message>
        <source>The end of the range must be after its start.</source>
        <translation>范围的结束时间必须晚于开始时间。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::InvocationActions</name>
    <message>
        <source>&amp;Replay Against Local Knowledge Base…</source>
        <translation>针对本地知识库重放(&amp;R)…</translation>
    </message>
    <message>
        <source>Run the recorded query again and show what changed since it was recorded</source>
        <translation>再次运行已记录的查询，并显示自记录以来发生的变化</translation>
    </message>
    <message>
        <source>&amp;Add to Eval Set…</source>
        <translation>添加到评估集(&amp;A)…</translation>
    </message>
    <message>
        <source>Append the query of this lookup to an eval set, with the evidence you mark correct</source>
        <translation>将此次检索的查询追加到评估集，并附上你标记为正确的证据</translation>
    </message>
    <message>
        <source>Replay works on a lookup_knowledge call: select one in the tree (F8 jumps to the next NO_EVIDENCE lookup).</source>
        <translation>重放仅适用于 lookup_knowledge 调用：请在树中选择一个（F8 跳到下一个 NO_EVIDENCE 检索）。</translation>
    </message>
    <message>
        <source>Only a lookup_knowledge call can be added to an eval set: select one in the tree.</source>
        <translation>只有 lookup_knowledge 调用可以加入评测集：请在树中选择一个。</translation>
    </message>
    <message>
        <source>Cannot add to an eval set</source>
        <translation>无法添加到评估集</translation>
    </message>
    <message>
        <source>Run %1 has no lookup_knowledge invocation.</source>
        <translation>运行 %1 中没有 lookup_knowledge 调用。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::InvocationView</name>
    <message>
        <source>Invocation</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>retrieval_details</source>
        <translation>retrieval_details</translation>
    </message>
    <message>
        <source>Full trace</source>
        <translation>完整追踪</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>检索尝试</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Evidence keys</source>
        <translation>证据键</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Input parameters</source>
        <translation>输入参数</translation>
    </message>
    <message>
        <source>Output preview</source>
        <translation>输出预览</translation>
    </message>
    <message>
        <source>Select a tool invocation to see what it did.</source>
        <translation>选择一个工具调用以查看它做了什么。</translation>
    </message>
    <message>
        <source>(no output preview recorded)</source>
        <translation>（未记录输出预览）</translation>
    </message>
    <message>
        <source>(unreadable input_params)</source>
        <translation>（无法读取的 input_params）</translation>
    </message>
    <message>
        <source>(no evidence keys)</source>
        <translation>（无证据键）</translation>
    </message>
    <message>
        <source>(no sources)</source>
        <translation>（无来源）</translation>
    </message>
    <message>
        <source>Full LookupResult sampled for this invocation.</source>
        <translation>已为此调用采样完整的 LookupResult。</translation>
    </message>
    <message>
        <source>Full LookupResult sampled for this invocation (%1).</source>
        <translation>已为此调用采样完整的 LookupResult（%1）。</translation>
    </message>
    <message>
        <source>Fallback cause: %1</source>
        <translation>回退原因：%1</translation>
    </message>
    <message>
        <source>This run recorded no tool calls.</source>
        <translation>该运行没有记录任何工具调用。</translation>
    </message>
    <message numerus="yes">
        <source>This run made no lookup_knowledge call: there is no retrieval to show. Its %n other tool call(s) are in the tree and on the run&apos;s timeline.</source>
        <translation>
            <numerusform>该运行没有调用 lookup_knowledge：没有可显示的检索。它的 %n 个其他工具调用显示在树中和运行时间线上。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing came back. A replay against the local knowledge base tells a backend fault from a gap in coverage.</source>
        <translation>没有返回任何内容。针对本地知识库重放，可以区分后端故障与覆盖缺口。</translation>
    </message>
    <message>
        <source>Replay (Ctrl+R)</source>
        <translation>重放 (Ctrl+R)</translation>
    </message>
</context>
<context>
    <name>raglens::ui::JsonTreeModel</name>
    <message>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>number</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>binary</source>
        <translation>二进制</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
</context>
<context>
    <name>raglens::ui::JsonTreeView</name>
    <message>
        <source>Find key or value…</source>
        <translation>查找键或值…</translation>
    </message>
    <message>
        <source>Enter: next match, Shift+Enter: previous match</source>
        <translation>Enter：下一个匹配，Shift+Enter：上一个匹配</translation>
    </message>
    <message>
        <source>Previous match</source>
        <translation>上一个匹配</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>下一个匹配</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <source>Collapse all</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <source>Malformed JSON</source>
        <translation>JSON 格式错误</translation>
    </message>
    <message>
        <source>Malformed JSON: %1</source>
        <translation>JSON 格式错误：%1</translation>
    </message>
    <message>
        <source>The JSON is nested more than %1 levels deep; only the raw text is shown.</source>
        <translation>该 JSON 嵌套超过 %1 层；仅显示原始文本。</translation>
    </message>
    <message>
        <source>… (%1 more characters not shown)</source>
        <translation>…（另有 %1 个字符未显示）</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>（无文本）</translation>
    </message>
    <message>
        <source>No match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>%1 of 1000+</source>
        <translation>第 %1 个，共 1000+ 个</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
    <message>
        <source>%1 — too deep to expand: %2</source>
        <translation>%1 — 嵌套过深，无法展开：%2</translation>
    </message>
    <message>
        <source>Expanded the first %1 branches</source>
        <translation>已展开前 %1 个分支</translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation>复制值</translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation>复制路径</translation>
    </message>
</context>
<context>
    <name>raglens::ui::KbBrowserView</name>
    <message>
        <source>Document / chunk</source>
        <translation>文档 / 分块</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Title / heading</source>
        <translation>标题 / 章节标题</translation>
    </message>
    <message>
        <source>Chunks / chars</source>
        <translation>分块数 / 字符数</translation>
    </message>
    <message>
        <source>Search chunk text (case-insensitive), press Enter</source>
        <translation>搜索分块文本（不区分大小写），按 Enter</translation>
    </message>
    <message>
        <source>Evidence key</source>
        <translation>证据键</translation>
    </message>
    <message>
        <source>Heading</source>
        <translation>章节标题</translation>
    </message>
    <message>
        <source>Chars</source>
        <translation>字符数</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Search chunks</source>
        <translation>搜索分块</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>%1 chunks. Expand the document to see them.
File: %2</source>
        <translation>%1 个分块。展开文档即可查看。
文件：%2</translation>
    </message>
    <message>
        <source>This chunk is not in the knowledge base any more.</source>
        <translation>此分块已不在知识库中。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 (%3)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2（%3）</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>First %1 chunks containing &quot;%2&quot;.</source>
        <translation>前 %1 个包含“%2”的分块。</translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s) contain &quot;%1&quot;.</source>
        <translation>
            <numerusform>%n 个分块包含“%1”。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>raglens::ui::KbStatsView</name>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档数</translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation>分块数</translation>
    </message>
    <message>
        <source>Aliases</source>
        <translation>别名</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Chunks per category</source>
        <translation>各类别的分块数</translation>
    </message>
    <message>
        <source>Thresholds stored with the knowledge base</source>
        <translation>随知识库存储的阈值</translation>
    </message>
    <message>
        <source>No knowledge base is open.</source>
        <translation>未打开知识库。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 documents, %3 chunks in %4 categories&lt;br&gt;Index: %5, dimension %6, embedder %7&lt;br&gt;Size on disk: %8 — built %9</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 个文档，%3 个分块，共 %4 个类别&lt;br&gt;索引：%5，维度 %6，嵌入器 %7&lt;br&gt;磁盘占用：%8 — 构建于 %9</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Search mode</source>
        <translation>搜索模式</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Candidate pool per attempt</source>
        <translation>每次检索尝试的候选池</translation>
    </message>
    <message>
        <source>Min usable quality (retry below)</source>
        <translation>最低可用质量（低于则重试）</translation>
    </message>
    <message>
        <source>Min evidence quality (drop below)</source>
        <translation>最低证据质量（低于则丢弃）</translation>
    </message>
    <message>
        <source>PRECISE at or above</source>
        <translation>PRECISE 下限</translation>
    </message>
    <message>
        <source>REFERENCE at or above</source>
        <translation>REFERENCE 下限</translation>
    </message>
    <message>
        <source>L0 domain confidence</source>
        <translation>L0 领域置信度</translation>
    </message>
    <message>
        <source>Hybrid dense weight</source>
        <translation>混合检索稠密权重</translation>
    </message>
    <message>
        <source>Near-duplicate similarity</source>
        <translation>近重复相似度</translation>
    </message>
    <message>
        <source>Context budget (characters)</source>
        <translation>上下文预算（字符数）</translation>
    </message>
    <message>
        <source>Agent excerpt (characters)</source>
        <translation>智能体摘录（字符数）</translation>
    </message>
    <message>
        <source>Automatic category from L0</source>
        <translation>根据 L0 自动选择类别</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>raglens::ui::KeyValueModel</name>
    <message>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>raglens::ui::KnowledgeBasePanel</name>
    <message>
        <source>scanning</source>
        <translation>扫描中</translation>
    </message>
    <message>
        <source>chunking</source>
        <translation>分块中</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入中</translation>
    </message>
    <message>
        <source>building the index</source>
        <translation>正在构建索引</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>写入中</translation>
    </message>
    <message>
        <source>No knowledge base is open.</source>
        <translation>未打开知识库。</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Open an existing knowledge base folder.</source>
        <translation>打开已有的知识库文件夹。</translation>
    </message>
    <message>
        <source>New from folder…</source>
        <translation>从文件夹新建…</translation>
    </message>
    <message>
        <source>Create a knowledge base from a folder of Markdown or text files (first-level sub-folders are the categories).</source>
        <translation>从 Markdown 或文本文件所在文件夹创建知识库（第一级子文件夹即类别）。</translation>
    </message>
    <message>
        <source>Update from folder…</source>
        <translation>从文件夹更新…</translation>
    </message>
    <message>
        <source>Ingest a folder into the open knowledge base: changed files are re-chunked, unchanged ones kept, missing ones removed.</source>
        <translation>将文件夹导入当前打开的知识库：已修改的文件重新分块，未修改的文件保留，已删除的文件移除。</translation>
    </message>
    <message>
        <source>Rebuild index</source>
        <translation>重建索引</translation>
    </message>
    <message>
        <source>Ingest the folder this knowledge base was built from again, with the index type chosen here.</source>
        <translation>使用此处选择的索引类型，重新导入构建此知识库所用的文件夹。</translation>
    </message>
    <message>
        <source>Index: automatic</source>
        <translation>索引：自动</translation>
    </message>
    <message>
        <source>Index: exact (Flat)</source>
        <translation>索引：精确（Flat）</translation>
    </message>
    <message>
        <source>Index: HNSW</source>
        <translation>索引：HNSW</translation>
    </message>
    <message>
        <source>Automatic uses exact search for small knowledge bases and HNSW above the size threshold.</source>
        <translation>自动模式下，小型知识库使用精确搜索，超过规模阈值时使用 HNSW。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>Browse</source>
        <translation>浏览</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Could not open the knowledge base:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;无法打开知识库：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>The folder this knowledge base was built from is not known.</source>
        <translation>构建此知识库所用的文件夹未知。</translation>
    </message>
    <message>
        <source>Ingest %1 again with the index type chosen here (now: %2).</source>
        <translation>使用此处选择的索引类型重新导入 %1（当前：%2）。</translation>
    </message>
    <message>
        <source>Scanning %1…</source>
        <translation>正在扫描 %1…</translation>
    </message>
    <message>
        <source>Cancelling… the knowledge base stays as it was.</source>
        <translation>正在取消… 知识库将保持原样。</translation>
    </message>
    <message>
        <source>%v / %m files — %1</source>
        <translation>%v / %m 个文件 — %1</translation>
    </message>
    <message numerus="yes">
        <source>%1… (%n chunk(s) so far)</source>
        <translation>
            <numerusform>%1…（目前已有 %n 个分块）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (%n chunk(s) so far)</source>
        <translation>
            <numerusform>%1 %2（目前已有 %n 个分块）</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Ingest failed:&lt;/b&gt; %1&lt;br&gt;The knowledge base was not changed.</source>
        <translation>&lt;b&gt;导入失败：&lt;/b&gt;%1&lt;br&gt;知识库未被更改。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ingest cancelled&lt;/b&gt; after %1 s. The knowledge base was not changed.</source>
        <translation>&lt;b&gt;导入已取消&lt;/b&gt;，用时 %1 s。知识库未被更改。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ingest finished&lt;/b&gt; in %1 s: %2 documents, %3 chunks, %4 categories, %5 index.&lt;br&gt;%6 added, %7 updated, %8 removed, %9 unchanged.</source>
        <translation>&lt;b&gt;导入完成&lt;/b&gt;，用时 %1 s：%2 个文档，%3 个分块，%4 个类别，%5 索引。&lt;br&gt;新增 %6 个，更新 %7 个，移除 %8 个，未变 %9 个。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) skipped:</source>
        <translation>
            <numerusform>已跳过 %n 个文件：</numerusform>
        </translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… 以及另外 %1 项</translation>
    </message>
    <message>
        <source>Open knowledge base</source>
        <translation>打开知识库</translation>
    </message>
    <message>
        <source>Folder to ingest (one sub-folder per category)</source>
        <translation>要导入的文件夹（每个类别一个子文件夹）</translation>
    </message>
    <message>
        <source>Where to create the knowledge base (an empty folder)</source>
        <translation>创建知识库的位置（一个空文件夹）</translation>
    </message>
    <message>
        <source>Folder to ingest into %1</source>
        <translation>要导入到 %1 的文件夹</translation>
    </message>
    <message>
        <source>Nothing changed since the last ingest, so the index was kept as it is. Choose another index type to rebuild it.</source>
        <translation>自上次导入以来没有任何变化，因此索引保持不变。如需重建，请选择其他索引类型。</translation>
    </message>
    <message>
        <source>Embedder…</source>
        <translation>嵌入器…</translation>
    </message>
    <message>
        <source>an embeddings server (%1 at %2)</source>
        <translation>嵌入服务器（%2 上的 %1）</translation>
    </message>
    <message>
        <source>the offline hashing embedder</source>
        <translation>离线哈希嵌入器</translation>
    </message>
    <message>
        <source>The next Update or Rebuild embeds with %1.</source>
        <translation>下一次“更新”或“重建”将使用%1进行嵌入。</translation>
    </message>
    <message>
        <source>This knowledge base embeds with %1. Choose another embedder for the next Update or Rebuild.</source>
        <translation>此知识库使用%1进行嵌入。可为下一次“更新”或“重建”选择其他嵌入器。</translation>
    </message>
    <message>
        <source>Choose the embedder a new knowledge base uses (the offline hashing embedder by default).</source>
        <translation>选择新知识库使用的嵌入器（默认为离线哈希嵌入器）。</translation>
    </message>
    <message>
        <source>Embedder…*</source>
        <translation>嵌入器…*</translation>
    </message>
</context>
<context>
    <name>raglens::ui::LookupConsoleWidget</name>
    <message>
        <source>Ask what the agent would ask, e.g. &quot;HikariPool connection is not available&quot;</source>
        <translation>像智能体那样提问，例如“HikariPool connection is not available”</translation>
    </message>
    <message>
        <source>Look up</source>
        <translation>检索</translation>
    </message>
    <message>
        <source>Record into audit database</source>
        <translation>记录到审计数据库</translation>
    </message>
    <message>
        <source>Knowledge base: %1 — %2 documents, %3 chunks, %4 index</source>
        <translation>知识库：%1 — %2 个文档，%3 个分块，%4 索引</translation>
    </message>
    <message>
        <source>No knowledge base is open. Open or create one in the Knowledge base panel.</source>
        <translation>未打开知识库。请在“知识库”面板中打开或创建一个。</translation>
    </message>
    <message>
        <source>Open a writable RagLens audit database to record lookups.</source>
        <translation>打开一个可写的 RagLens 审计数据库以记录检索。</translation>
    </message>
    <message>
        <source>%1 was not created by RagLens and is open read-only.</source>
        <translation>%1 不是由 RagLens 创建的，已以只读方式打开。</translation>
    </message>
    <message>
        <source>Each lookup becomes a run of the local session %1 in %2.</source>
        <translation>每次检索都会成为本地会话 %1 在 %2 中的一次运行。</translation>
    </message>
    <message>
        <source>Open a knowledge base first.</source>
        <translation>请先打开知识库。</translation>
    </message>
    <message>
        <source>Type a question to look up.</source>
        <translation>请输入要检索的问题。</translation>
    </message>
    <message>
        <source>Looking up and recording…</source>
        <translation>正在检索并记录…</translation>
    </message>
    <message>
        <source>Looking up…</source>
        <translation>正在检索…</translation>
    </message>
    <message>
        <source>The lookup failed: %1</source>
        <translation>检索失败：%1</translation>
    </message>
    <message>
        <source>no relevance level</source>
        <translation>无相关性级别</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2, %3 via %4, %n evidence block(s)</source>
        <translation>
            <numerusform>%1 — %2，%3 模式下经由 %4，%n 个证据块</numerusform>
        </translation>
    </message>
    <message>
        <source>no attempt</source>
        <translation>无检索尝试</translation>
    </message>
    <message>
        <source> in %1 ms</source>
        <translation>，用时 %1 ms</translation>
    </message>
    <message>
        <source>Recorded as invocation %1 (run %2, session %3).</source>
        <translation>已记录为调用 %1（运行 %2，会话 %3）。</translation>
    </message>
    <message>
        <source>Not recorded: %1</source>
        <translation>未记录：%1</translation>
    </message>
    <message>
        <source>Add to Eval Set…</source>
        <translation>添加到评估集…</translation>
    </message>
    <message>
        <source>Append this query to an eval set, with the evidence you mark correct or as a no-evidence case</source>
        <translation>将此查询追加到评估集，附上你标记为正确的证据，或作为无证据用例</translation>
    </message>
    <message>
        <source> (retry reason: %1)</source>
        <translation>（重试原因：%1）</translation>
    </message>
</context>
<context>
    <name>raglens::ui::LookupOptionsPanel</name>
    <message>
        <source>Hybrid (dense + BM25)</source>
        <translation>混合（稠密 + BM25）</translation>
    </message>
    <message>
        <source>Dense only</source>
        <translation>仅稠密</translation>
    </message>
    <message>
        <source>How candidates are scored: FAISS inner product alone, or fused with BM25 over the same chunks.</source>
        <translation>候选的打分方式：仅使用 FAISS 内积，或与基于相同分块的 BM25 融合。</translation>
    </message>
    <message>
        <source>Evidence blocks returned at most.</source>
        <translation>最多返回的证据块数。</translation>
    </message>
    <message>
        <source>Automatic lets the L0 query hints choose a category filter; a category forces the filtered attempt; no filter searches everything at once.</source>
        <translation>“自动”由 L0 查询提示选择类别过滤；指定类别则强制进行过滤检索尝试；“不过滤”则一次性搜索全部内容。</translation>
    </message>
    <message>
        <source>Automatic (L0 hints)</source>
        <translation>自动（L0 提示）</translation>
    </message>
    <message>
        <source>No filter</source>
        <translation>不过滤</translation>
    </message>
    <message>
        <source>Override thresholds</source>
        <translation>覆盖阈值</translation>
    </message>
    <message>
        <source>Experiment with thresholds in this console without changing the ones stored with the knowledge base.</source>
        <translation>在此控制台中试验阈值，而不更改随知识库存储的阈值。</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <source>Top-k:</source>
        <translation>Top-k：</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>类别：</translation>
    </message>
    <message>
        <source>An attempt is usable when its best quality reaches this; otherwise the unfiltered retry runs.</source>
        <translation>检索尝试的最佳质量达到此值时即为可用；否则运行不带过滤的重试。</translation>
    </message>
    <message>
        <source>Candidates under this quality are dropped.</source>
        <translation>低于此质量的候选将被丢弃。</translation>
    </message>
    <message>
        <source>Relevance is PRECISE when the best quality reaches this.</source>
        <translation>最佳质量达到此值时，相关性为 PRECISE。</translation>
    </message>
    <message>
        <source>Relevance is REFERENCE when the best quality reaches this.</source>
        <translation>最佳质量达到此值时，相关性为 REFERENCE。</translation>
    </message>
    <message>
        <source> chars</source>
        <translation> 字符</translation>
    </message>
    <message>
        <source>Character budget of the context pack.</source>
        <translation>上下文包的字符预算。</translation>
    </message>
    <message>
        <source>Reset to KB settings</source>
        <translation>重置为知识库设置</translation>
    </message>
    <message>
        <source>Min usable:</source>
        <translation>最低可用：</translation>
    </message>
    <message>
        <source>Min evidence:</source>
        <translation>最低证据：</translation>
    </message>
    <message>
        <source>PRECISE at:</source>
        <translation>PRECISE 阈值：</translation>
    </message>
    <message>
        <source>REFERENCE at:</source>
        <translation>REFERENCE 阈值：</translation>
    </message>
    <message>
        <source>Context budget:</source>
        <translation>上下文预算：</translation>
    </message>
    <message>
        <source>Thresholds from the knowledge base: usable ≥ %1 · evidence ≥ %2 · PRECISE ≥ %3 · REFERENCE ≥ %4 · context pack %5 chars</source>
        <translation>知识库中的阈值：可用 ≥ %1 · 证据 ≥ %2 · PRECISE ≥ %3 · REFERENCE ≥ %4 · 上下文包 %5 字符</translation>
    </message>
</context>
<context>
    <name>raglens::ui::LookupResultView</name>
    <message>
        <source>Evidence blocks</source>
        <translation>证据块</translation>
    </message>
    <message>
        <source>Context pack</source>
        <translation>上下文包</translation>
    </message>
    <message>
        <source>Query hints (L0)</source>
        <translation>查询提示（L0）</translation>
    </message>
    <message>
        <source>LookupResult JSON</source>
        <translation>LookupResult JSON</translation>
    </message>
    <message>
        <source>&lt;b&gt;Query:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;查询：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>domains</source>
        <translation>领域</translation>
    </message>
    <message>
        <source>matched keywords</source>
        <translation>匹配的关键词</translation>
    </message>
    <message>
        <source>entities</source>
        <translation>实体</translation>
    </message>
    <message>
        <source>L0 match count</source>
        <translation>L0 匹配数</translation>
    </message>
    <message>
        <source>category filter</source>
        <translation>类别过滤</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>domain confidence</source>
        <translation>领域置信度</translation>
    </message>
    <message>
        <source>rewritten query</source>
        <translation>改写后的查询</translation>
    </message>
    <message>
        <source>(not rewritten)</source>
        <translation>（未改写）</translation>
    </message>
    <message>
        <source>completeness hint</source>
        <translation>完整性提示</translation>
    </message>
    <message>
        <source>The stored LookupResult could not be read completely: %1</source>
        <translation>无法完整读取存储的 LookupResult：%1</translation>
    </message>
    <message>
        <source>%1 ← %2 (weight %3)</source>
        <translation>%1 ← %2（权重 %3）</translation>
    </message>
    <message>
        <source>translated terms</source>
        <translation>翻译添加的词项</translation>
    </message>
    <message>
        <source>%1 ← %2 (weight %3, for the order only)</source>
        <translation>%1 ← %2（权重 %3，只影响排序）</translation>
    </message>
</context>
<context>
    <name>raglens::ui::MainWindow</name>
    <message>
        <source>RagLens</source>
        <translation>RagLens</translation>
    </message>
    <message>
        <source>Cannot read the database</source>
        <translation>无法读取数据库</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Database…</source>
        <translation>打开数据库(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>重新加载(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Close Database</source>
        <translation>关闭数据库(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Filter Sessions</source>
        <translation>筛选会话(&amp;F)</translation>
    </message>
    <message>
        <source>Show Only &amp;Fallback Runs</source>
        <translation>仅显示回退运行(&amp;F)</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>C&amp;lear Filters</source>
        <translation>清除筛选(&amp;L)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+X</source>
        <translation>Ctrl+Shift+X</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <source>Next &amp;FALLBACK Run</source>
        <translation>下一个 FALLBACK 运行(&amp;F)</translation>
    </message>
    <message>
        <source>Previous FALLBACK Run</source>
        <translation>上一个 FALLBACK 运行</translation>
    </message>
    <message>
        <source>Next &amp;NO_EVIDENCE Invocation</source>
        <translation>下一个 NO_EVIDENCE 调用(&amp;N)</translation>
    </message>
    <message>
        <source>Previous NO_EVIDENCE Invocation</source>
        <translation>上一个 NO_EVIDENCE 调用</translation>
    </message>
    <message>
        <source>Next &amp;Retry Invocation</source>
        <translation>下一个重试调用(&amp;R)</translation>
    </message>
    <message>
        <source>Previous Retry Invocation</source>
        <translation>上一个重试调用</translation>
    </message>
    <message>
        <source>Nothing matches among the loaded sessions.</source>
        <translation>已加载的会话中没有匹配项。</translation>
    </message>
    <message>
        <source>Focus Session &amp;Tree</source>
        <translation>聚焦会话树(&amp;T)</translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation>Ctrl+1</translation>
    </message>
    <message>
        <source>Focus &amp;Run View</source>
        <translation>聚焦运行视图(&amp;R)</translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation>Ctrl+2</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About RagLens</source>
        <translation>关于 RagLens(&amp;A)</translation>
    </message>
    <message>
        <source>No recent databases</source>
        <translation>没有最近打开的数据库</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <source>Open Workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The language changes the next time RagLens starts.</source>
        <translation>语言将在下次启动 RagLens 时更改。</translation>
    </message>
    <message>
        <source>Cannot open database</source>
        <translation>无法打开数据库</translation>
    </message>
    <message>
        <source>Cannot open workspace</source>
        <translation>无法打开工作区</translation>
    </message>
    <message>
        <source>%1 holds no audit database (audit.db). Create the demo workspace there with `raglens-cli demo --workspace %1`.</source>
        <translation>%1 中没有审计数据库（audit.db）。可通过 `raglens-cli demo --workspace %1` 在此创建演示工作区。</translation>
    </message>
    <message>
        <source>Not an audit database</source>
        <translation>不是审计数据库</translation>
    </message>
    <message>
        <source>%1 is a database, but it holds no diagnosis_run and tool_invocation tables, so it is not an agent audit database.</source>
        <translation>%1 是数据库，但其中没有 diagnosis_run 和 tool_invocation 表，因此不是智能体审计数据库。</translation>
    </message>
    <message>
        <source>%1 — RagLens</source>
        <translation>%1 — RagLens</translation>
    </message>
    <message>
        <source>Creating the demo workspace…</source>
        <translation>正在创建演示工作区…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>First Start</source>
        <translation>首次启动</translation>
    </message>
    <message>
        <source>Cannot create the demo workspace</source>
        <translation>无法创建演示工作区</translation>
    </message>
    <message>
        <source>No database open</source>
        <translation>未打开数据库</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>writable</source>
        <translation>可写</translation>
    </message>
    <message>
        <source>Not created by RagLens: opened read-only, never changed</source>
        <translation>非 RagLens 创建：以只读方式打开，不会做任何更改</translation>
    </message>
    <message>
        <source>Created by RagLens: writable</source>
        <translation>由 RagLens 创建：可写</translation>
    </message>
    <message>
        <source>counting…</source>
        <translation>正在统计…</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>健康度</translation>
    </message>
    <message>
        <source>Lookup Console</source>
        <translation>检索控制台</translation>
    </message>
    <message>
        <source>Knowledge Base</source>
        <translation>知识库</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>&amp;Invocation</source>
        <translation>调用(&amp;I)</translation>
    </message>
    <message numerus="yes">
        <source> · %n schema note(s)</source>
        <translation>
            <numerusform> · %n 条表结构提示</numerusform>
        </translation>
    </message>
    <message>
        <source>corrupt</source>
        <translation>已损坏</translation>
    </message>
    <message>
        <source>cannot count: %1</source>
        <translation>无法统计：%1</translation>
    </message>
    <message>
        <source>Stop building the facts index; RagLens reads the database directly, which is slower on large databases.</source>
        <translation>停止构建事实索引；RagLens 将直接读取数据库，在大型数据库上会更慢。</translation>
    </message>
    <message>
        <source>Indexing facts… %1%</source>
        <translation>正在索引事实… %1%</translation>
    </message>
    <message>
        <source>Indexed %1 of %2 calls into RagLens&apos;s own facts index (the database itself is never written).</source>
        <translation>已将 %1 / %2 次调用写入 RagLens 自有的事实索引（从不写入数据库本身）。</translation>
    </message>
    <message>
        <source>facts index</source>
        <translation>事实索引</translation>
    </message>
    <message>
        <source>Lists, filters, counts and health are read from RagLens&apos;s facts index of this database (%1 calls, %2).
%3</source>
        <translation>列表、筛选、计数和健康状况均读取自该数据库的 RagLens 事实索引（%1 次调用，%2）。
%3</translation>
    </message>
    <message>
        <source>built in %1 ms</source>
        <translation>构建用时 %1 毫秒</translation>
    </message>
    <message>
        <source>refreshed in %1 ms</source>
        <translation>刷新用时 %1 毫秒</translation>
    </message>
    <message>
        <source>no facts index</source>
        <translation>无事实索引</translation>
    </message>
    <message>
        <source>The facts index is not used (%1). RagLens reads the database directly.</source>
        <translation>未使用事实索引（%1）。RagLens 直接读取数据库。</translation>
    </message>
    <message>
        <source>Indexing facts…</source>
        <translation>正在索引事实…</translation>
    </message>
    <message>
        <source>Refreshing facts…</source>
        <translation>正在刷新事实…</translation>
    </message>
    <message>
        <source>Audit Check</source>
        <translation>审计检查</translation>
    </message>
    <message>
        <source>Open Trace &amp;API…</source>
        <translation>打开 Trace API(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Serve Trace API…</source>
        <translation>提供 Trace API 服务(&amp;S)…</translation>
    </message>
    <message>
        <source>Nothing to serve</source>
        <translation>没有可提供的内容</translation>
    </message>
    <message>
        <source>Open a database first: the Trace API serves the open database.</source>
        <translation>请先打开数据库：Trace API 提供的是当前打开的数据库。</translation>
    </message>
    <message>
        <source>Cannot serve the Trace API</source>
        <translation>无法提供 Trace API 服务</translation>
    </message>
    <message>
        <source>Serving the Trace API on %1</source>
        <translation>正在 %1 上提供 Trace API</translation>
    </message>
    <message>
        <source>Stop &amp;Serving Trace API</source>
        <translation>停止提供 Trace API 服务(&amp;S)</translation>
    </message>
    <message>
        <source>Serving %1</source>
        <translation>正在服务 %1</translation>
    </message>
    <message>
        <source>The Trace API is served on %1, read-only: GET %1/api lists the endpoints.</source>
        <translation>Trace API 以只读方式在 %1 上提供：GET %1/api 列出所有端点。</translation>
    </message>
    <message>
        <source>Cannot open the trace</source>
        <translation>无法打开追踪</translation>
    </message>
    <message>
        <source>No temporary folder for the local copy: %1</source>
        <translation>没有可用于本地副本的临时文件夹：%1</translation>
    </message>
    <message>
        <source>Fetching %1 from %2…</source>
        <translation>正在从 %2 获取 %1…</translation>
    </message>
    <message>
        <source>%1 from %2 — RagLens</source>
        <translation>%1（来自 %2）— RagLens</translation>
    </message>
    <message>
        <source>fetched copy</source>
        <translation>获取的副本</translation>
    </message>
    <message>
        <source>A local copy of a trace fetched from a Trace API; nothing is sent back</source>
        <translation>从 Trace API 获取的追踪的本地副本；不会回传任何内容</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1（来自 %2）</translation>
    </message>
    <message>
        <source>Fetched %1</source>
        <translation>已获取 %1</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Saved &amp;Views</source>
        <translation>已保存的视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Save Current Filters as View…</source>
        <translation>将当前筛选保存为视图(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Paste View…</source>
        <translation>粘贴视图(&amp;P)…</translation>
    </message>
    <message>
        <source>Add a view a colleague shared as a line of text (raglens-view:?…)</source>
        <translation>添加同事以一行文本分享的视图（raglens-view:?…）</translation>
    </message>
    <message>
        <source>No saved views</source>
        <translation>没有已保存的视图</translation>
    </message>
    <message>
        <source>&amp;Copy View as Text</source>
        <translation>将视图复制为文本(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Delete View</source>
        <translation>删除视图(&amp;D)</translation>
    </message>
    <message>
        <source>Copied the view &quot;%1&quot; as text.</source>
        <translation>已将视图“%1”复制为文本。</translation>
    </message>
    <message>
        <source>Save View</source>
        <translation>保存视图</translation>
    </message>
    <message>
        <source>Name of the view:</source>
        <translation>视图名称：</translation>
    </message>
    <message>
        <source>Cannot save the view</source>
        <translation>无法保存视图</translation>
    </message>
    <message>
        <source>Saved the view &quot;%1&quot;.</source>
        <translation>已保存视图“%1”。</translation>
    </message>
    <message>
        <source>Paste View</source>
        <translation>粘贴视图</translation>
    </message>
    <message>
        <source>View text (raglens-view:?…):</source>
        <translation>视图文本（raglens-view:?…）：</translation>
    </message>
    <message>
        <source>Cannot paste the view</source>
        <translation>无法粘贴视图</translation>
    </message>
    <message>
        <source>View &quot;%1&quot;</source>
        <translation>视图“%1”</translation>
    </message>
    <message>
        <source>View &quot;%1&quot;: the filter bar cannot show %2; use raglens-cli sessions --view for them.</source>
        <translation>视图“%1”：筛选栏无法显示 %2；请用 raglens-cli sessions --view 应用它们。</translation>
    </message>
    <message>
        <source>&amp;Follow New Sessions</source>
        <translation>跟踪新会话(&amp;F)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation>Ctrl+Shift+F</translation>
    </message>
    <message>
        <source>Show new sessions, runs and calls as the agent writes them, without moving the selection</source>
        <translation>在代理写入时显示新的会话、运行和调用，不移动当前选择</translation>
    </message>
    <message>
        <source>Follow &amp;Interval</source>
        <translation>跟踪间隔(&amp;I)</translation>
    </message>
    <message numerus="yes">
        <source>Every %n second(s)</source>
        <translation>
            <numerusform>每 %n 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>Reopened %1 so that what other processes write is shown</source>
        <translation>已重新打开 %1，以便显示其他进程写入的内容</translation>
    </message>
    <message numerus="yes">
        <source>Following: the database is read every %n second(s).</source>
        <translation>
            <numerusform>跟踪中：每 %n 秒读取一次数据库。</numerusform>
        </translation>
    </message>
    <message>
        <source>Last read at %1.</source>
        <translation>上次读取于 %1。</translation>
    </message>
    <message>
        <source>Following: reading failed</source>
        <translation>跟踪中：读取失败</translation>
    </message>
    <message>
        <source>The last read failed; the next one tries again: %1</source>
        <translation>上次读取失败，下次会重试：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n new session(s)</source>
        <translation>
            <numerusform>%n 个新会话</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to go to them, at the top of the list.</source>
        <translation>点击跳转到列表顶部的新会话。</translation>
    </message>
    <message numerus="yes">
        <source>Following · every %n s</source>
        <translation>
            <numerusform>跟踪中 · 每 %n 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln session(s)</source>
        <translation>
            <numerusform>%Ln 个会话</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s) (%1 FALLBACK)</source>
        <translation>
            <numerusform>%Ln 次运行（%1 次 FALLBACK）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln invocation(s)</source>
        <translation>
            <numerusform>%Ln 次调用</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing facts… deriving</source>
        <translation>正在索引事实… 推导中</translation>
    </message>
    <message>
        <source>All %1 calls are read; RagLens derives each run&apos;s facts, health and the search index from them (the database itself is never written).</source>
        <translation>%1 次调用已全部读取；RagLens 正据此推导每次运行的事实、健康状况和搜索索引（数据库本身从不被写入）。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::MetricsSummaryWidget</name>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>No case in the set checks this.</source>
        <translation>评估集中没有用例检查此项。</translation>
    </message>
    <message>
        <source>same as baseline</source>
        <translation>与基线相同</translation>
    </message>
    <message>
        <source>%1%2 ms vs. baseline</source>
        <translation>较基线 %1%2 ms</translation>
    </message>
    <message>
        <source>%1%2 vs. baseline</source>
        <translation>较基线 %1%2</translation>
    </message>
</context>
<context>
    <name>raglens::ui::OpenDatabaseDialog</name>
    <message>
        <source>Open Audit Database</source>
        <translation>打开审计数据库</translation>
    </message>
    <message>
        <source>/path/to/audit.db or postgresql://user@host:5432/db</source>
        <translation>/path/to/audit.db 或 postgresql://user@host:5432/db</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>from RAGLENS_DB_PASSWORD when left empty</source>
        <translation>留空时取自 RAGLENS_DB_PASSWORD</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>数据库：</translation>
    </message>
    <message>
        <source>Recent:</source>
        <translation>最近：</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation>SQLite 数据库 (*.db *.sqlite *.sqlite3);;所有文件 (*)</translation>
    </message>
    <message>
        <source>An SQLite file, or a server URL: postgresql://user@host:port/db or mysql://user@host:port/db, with ?schema=NAME or ?sslmode=require (PostgreSQL), ?ssl-ca=FILE (MySQL) when the server needs them. Databases RagLens did not create are opened read-only.</source>
        <translation>SQLite 文件，或服务器 URL：postgresql://user@host:port/db 或 mysql://user@host:port/db；服务器需要时可加 ?schema=名称 或 ?sslmode=require（PostgreSQL）、?ssl-ca=文件（MySQL）。非 RagLens 创建的数据库以只读方式打开。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::OpenTraceApiDialog</name>
    <message>
        <source>Open Trace API</source>
        <translation>打开 Trace API</translation>
    </message>
    <message>
        <source>optional; a file only you can read (chmod 600)</source>
        <translation>可选；只有你能读取的文件（chmod 600）</translation>
    </message>
    <message>
        <source>&amp;List Sessions</source>
        <translation>列出会话(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>Token &amp;variable:</source>
        <translation>令牌变量(&amp;V)：</translation>
    </message>
    <message>
        <source>Token &amp;file:</source>
        <translation>令牌文件(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Session:</source>
        <translation>会话(&amp;S)：</translation>
    </message>
    <message>
        <source>Type a session id, or list the sessions the server offers.</source>
        <translation>输入会话 ID，或列出服务器提供的会话。</translation>
    </message>
    <message>
        <source>&amp;Open Trace</source>
        <translation>打开追踪(&amp;O)</translation>
    </message>
    <message>
        <source>Asking %1 for its sessions…</source>
        <translation>正在向 %1 请求会话列表…</translation>
    </message>
    <message>
        <source>This server does not list sessions; type a session id.</source>
        <translation>此服务器不提供会话列表；请输入会话 ID。</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message numerus="yes">
        <source>%n session(s) listed, newest first.</source>
        <translation>
            <numerusform>已列出 %n 个会话，最新的在前。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>raglens::ui::ProblemRunsModel</name>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Why listed</source>
        <translation>列出原因</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
</context>
<context>
    <name>raglens::ui::RelevanceChart</name>
    <message numerus="yes">
        <source>Relevance of %n lookups</source>
        <translation>
            <numerusform>%n 次检索的相关性</numerusform>
        </translation>
    </message>
    <message>
        <source>No lookups in this window</source>
        <translation>此时间窗口内没有检索</translation>
    </message>
    <message>
        <source>no level</source>
        <translation>无级别</translation>
    </message>
    <message>
        <source>Lookups without a relevance level: empty retrievals, evidence under the reference bar, and legacy rows</source>
        <translation>没有相关性级别的检索：空检索、证据低于 REFERENCE 阈值的检索，以及旧版数据行</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Relevance of the window&apos;s lookups</source>
        <translation>此时间窗口内检索的相关性</translation>
    </message>
</context>
<context>
    <name>raglens::ui::ReplayDialog</name>
    <message>
        <source>Replay against local knowledge base</source>
        <translation>针对本地知识库重放</translation>
    </message>
    <message>
        <source>Replay against local KB</source>
        <translation>针对本地知识库重放</translation>
    </message>
    <message>
        <source>Look the recorded query up again with today&apos;s index and thresholds, and compare with what was recorded.</source>
        <translation>使用当前的索引和阈值再次检索已记录的查询，并与记录结果比较。</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>变化之处</translation>
    </message>
    <message>
        <source>Replayed lookup</source>
        <translation>重放的检索</translation>
    </message>
    <message>
        <source>Invocation &lt;b&gt;%1&lt;/b&gt; (%2) of run %3 — query: &lt;i&gt;%4&lt;/i&gt;</source>
        <translation>运行 %3 的调用 &lt;b&gt;%1&lt;/b&gt;（%2）— 查询：&lt;i&gt;%4&lt;/i&gt;</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>Select a lookup_knowledge invocation to replay.</source>
        <translation>选择一个 lookup_knowledge 调用进行重放。</translation>
    </message>
    <message>
        <source>Open a knowledge base to replay against.</source>
        <translation>打开一个知识库作为重放目标。</translation>
    </message>
    <message>
        <source>Ready to replay against %1.</source>
        <translation>已准备好针对 %1 重放。</translation>
    </message>
    <message>
        <source>Replaying…</source>
        <translation>正在重放…</translation>
    </message>
    <message>
        <source>Replay failed: %1</source>
        <translation>重放失败：%1</translation>
    </message>
    <message>
        <source>Replayed against %1 in %2 ms.</source>
        <translation>已针对 %1 重放，用时 %2 ms。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::ReplayDiffView</name>
    <message>
        <source>Decision</source>
        <translation>决策</translation>
    </message>
    <message>
        <source>Recorded</source>
        <translation>记录值</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>重放值</translation>
    </message>
    <message>
        <source>Evidence key</source>
        <translation>证据键</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Recorded rank</source>
        <translation>记录的排名</translation>
    </message>
    <message>
        <source>Replayed rank</source>
        <translation>重放的排名</translation>
    </message>
    <message>
        <source>Δ rank</source>
        <translation>Δ 排名</translation>
    </message>
    <message>
        <source>Recorded quality</source>
        <translation>记录的质量</translation>
    </message>
    <message>
        <source>Replayed quality</source>
        <translation>重放的质量</translation>
    </message>
    <message>
        <source>Δ quality</source>
        <translation>Δ 质量</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>检索尝试</translation>
    </message>
    <message>
        <source>Recorded top similarity</source>
        <translation>记录的最高相似度</translation>
    </message>
    <message>
        <source>Replayed top similarity</source>
        <translation>重放的最高相似度</translation>
    </message>
    <message>
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>Usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>决策</translation>
    </message>
    <message>
        <source>Evidence keys</source>
        <translation>证据键</translation>
    </message>
    <message>
        <source>Attempt ladder</source>
        <translation>检索尝试序列</translation>
    </message>
    <message>
        <source>No replay yet.</source>
        <translation>尚未重放。</translation>
    </message>
    <message>
        <source>selected attempt changed</source>
        <translation>选中的检索尝试已变化</translation>
    </message>
    <message>
        <source>relevance changed</source>
        <translation>相关性已变化</translation>
    </message>
    <message>
        <source>evidence status changed</source>
        <translation>证据状态已变化</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) gained</source>
        <translation>
            <numerusform>新增 %n 个键</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) lost</source>
        <translation>
            <numerusform>丢失 %n 个键</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rank change(s)</source>
        <translation>
            <numerusform>%n 处排名变化</numerusform>
        </translation>
    </message>
    <message>
        <source>compared with the recorded full trace</source>
        <translation>与记录的完整追踪比较</translation>
    </message>
    <message>
        <source>compared with the audit row (rag_lookup_v1)</source>
        <translation>与审计行（rag_lookup_v1）比较</translation>
    </message>
    <message>
        <source>&lt;b&gt;The replay differs:&lt;/b&gt; %1 — %2.</source>
        <translation>&lt;b&gt;重放结果不同：&lt;/b&gt;%1 — %2。</translation>
    </message>
    <message>
        <source>&lt;b&gt;No change:&lt;/b&gt; the replay made the same decisions and returned the same evidence in the same order — %1.</source>
        <translation>&lt;b&gt;无变化：&lt;/b&gt;重放做出了相同的决策，并以相同顺序返回了相同的证据 — %1。</translation>
    </message>
    <message>
        <source>Selected attempt</source>
        <translation>选中的检索尝试</translation>
    </message>
    <message>
        <source>Relevance level</source>
        <translation>相关性级别</translation>
    </message>
    <message>
        <source>Evidence status</source>
        <translation>证据状态</translation>
    </message>
    <message>
        <source>Search mode</source>
        <translation>搜索模式</translation>
    </message>
    <message>
        <source>Category filter</source>
        <translation>类别过滤</translation>
    </message>
    <message>
        <source>Best quality</source>
        <translation>最佳质量</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>gained</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>丢失</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>移动</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>retry reason changed</source>
        <translation>重试原因已变化</translation>
    </message>
    <message>
        <source>Retry reason</source>
        <translation>重试原因</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>A rank</source>
        <translation>A 排名</translation>
    </message>
    <message>
        <source>B rank</source>
        <translation>B 排名</translation>
    </message>
    <message>
        <source>A quality</source>
        <translation>A 质量</translation>
    </message>
    <message>
        <source>B quality</source>
        <translation>B 质量</translation>
    </message>
    <message>
        <source>A top similarity</source>
        <translation>A 最高相似度</translation>
    </message>
    <message>
        <source>B top similarity</source>
        <translation>B 最高相似度</translation>
    </message>
    <message>
        <source>Select a pair of lookups.</source>
        <translation>请选择一对检索。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The lookups differ:&lt;/b&gt; %1.</source>
        <translation>&lt;b&gt;两次检索不同：&lt;/b&gt;%1。</translation>
    </message>
    <message>
        <source>&lt;b&gt;No difference:&lt;/b&gt; both lookups made the same decisions and returned the same evidence in the same order.</source>
        <translation>&lt;b&gt;没有差异：&lt;/b&gt;两次检索做出了相同的决策，并以相同顺序返回了相同的证据。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::RunFeedbackDialog</name>
    <message>
        <source>Rate Run %1</source>
        <translation>评价运行 %1</translation>
    </message>
    <message>
        <source>Did this run help the person who asked?</source>
        <translation>这次运行对提问的人有帮助吗？</translation>
    </message>
    <message>
        <source>&amp;Helpful</source>
        <translation>有帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Not helpful</source>
        <translation>没有帮助(&amp;N)</translation>
    </message>
    <message>
        <source>Comment (optional):</source>
        <translation>评论（可选）：</translation>
    </message>
    <message>
        <source>What was missing or wrong, for whoever reviews it</source>
        <translation>缺少了什么或哪里不对，供审阅者参考</translation>
    </message>
    <message>
        <source>The rating is written to the audit database&apos;s run_feedback table.</source>
        <translation>评价会写入审计数据库的 run_feedback 表。</translation>
    </message>
    <message>
        <source>Save Rating</source>
        <translation>保存评价</translation>
    </message>
</context>
<context>
    <name>raglens::ui::RunGanttWidget</name>
    <message>
        <source>Select a run to see its steps on a time axis</source>
        <translation>选择一个运行以在时间轴上查看其步骤</translation>
    </message>
</context>
<context>
    <name>raglens::ui::RunRatingAction</name>
    <message>
        <source>Rate &amp;Run…</source>
        <translation>评价运行(&amp;R)…</translation>
    </message>
    <message>
        <source>Say whether the selected run helped, with a comment (writes run_feedback)</source>
        <translation>说明所选运行是否有帮助，并附上评论（写入 run_feedback）</translation>
    </message>
    <message>
        <source>Open an audit database first.</source>
        <translation>请先打开审计数据库。</translation>
    </message>
    <message>
        <source>This database is open read-only (RagLens did not create it), so ratings cannot be written from the window; raglens-cli rate --write can write one.</source>
        <translation>此数据库以只读方式打开（不是 RagLens 创建的），因此无法在窗口中写入评价；可以用 raglens-cli rate --write 写入。</translation>
    </message>
    <message>
        <source>Select a run to rate it.</source>
        <translation>请选择一个运行来评价。</translation>
    </message>
    <message>
        <source>Cannot save the rating</source>
        <translation>无法保存评价</translation>
    </message>
    <message>
        <source>Rating of run %1 saved.</source>
        <translation>运行 %1 的评价已保存。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::RunView</name>
    <message>
        <source>Run %1 · %2 · %3 · %4</source>
        <translation>运行 %1 · %2 · %3 · %4</translation>
    </message>
    <message>
        <source>No run selected</source>
        <translation>未选择运行</translation>
    </message>
    <message>
        <source> · fallback cause: %1</source>
        <translation> · 回退原因：%1</translation>
    </message>
    <message>
        <source> (recorded as %1)</source>
        <translation>（记录为 %1）</translation>
    </message>
    <message>
        <source> · recorded fallback reason: %1</source>
        <translation> · 记录的回退原因：%1</translation>
    </message>
    <message>
        <source>Rate Run…</source>
        <translation>评价运行…</translation>
    </message>
    <message>
        <source>No one has rated this run yet.</source>
        <translation>还没有人评价这次运行。</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>评论</translation>
    </message>
    <message>
        <source>Rated helpful</source>
        <translation>评为有帮助</translation>
    </message>
    <message>
        <source>Rated not helpful</source>
        <translation>评为没有帮助</translation>
    </message>
    <message>
        <source> · %1</source>
        <translation> · %1</translation>
    </message>
    <message>
        <source>: %1</source>
        <translation>：%1</translation>
    </message>
    <message>
        <source>Say whether this run helped, with a comment; written to the run_feedback table</source>
        <translation>说明这次运行是否有帮助，并附上评论；写入 run_feedback 表</translation>
    </message>
</context>
<context>
    <name>raglens::ui::ServeTraceApiDialog</name>
    <message>
        <source>Serve Trace API</source>
        <translation>提供 Trace API 服务</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>任意空闲端口</translation>
    </message>
    <message>
        <source>needed for any address other than 127.0.0.1</source>
        <translation>绑定到 127.0.0.1 以外的地址时需要</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Token File</source>
        <translation>令牌文件</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Token file:</source>
        <translation>令牌文件(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Start Serving</source>
        <translation>开始服务(&amp;S)</translation>
    </message>
    <message>
        <source>Serve the open database&apos;s traces, read-only, to scripts and dashboards written against the Trace API.</source>
        <translation>以只读方式将当前数据库的追踪提供给基于 Trace API 编写的脚本和仪表板。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an IP address.</source>
        <translation>“%1”不是 IP 地址。</translation>
    </message>
    <message>
        <source>Give an IP address, such as 127.0.0.1.</source>
        <translation>请给出 IP 地址，例如 127.0.0.1。</translation>
    </message>
    <message>
        <source>Other machines could reach this address: choose a token file (one line, readable only by you) that clients must present.</source>
        <translation>其他机器可以访问此地址：请选择客户端必须出示的令牌文件（一行，只有你能读取）。</translation>
    </message>
    <message>
        <source>Only programs on this computer can connect.</source>
        <translation>只有本机上的程序可以连接。</translation>
    </message>
    <message>
        <source>Clients must send the token as &apos;Authorization: Bearer …&apos;.</source>
        <translation>客户端必须以“Authorization: Bearer …”发送令牌。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::SessionFilterBar</name>
    <message>
        <source>Fallback runs</source>
        <translation>回退运行</translation>
    </message>
    <message>
        <source>Show only runs whose release outcome is FALLBACK</source>
        <translation>仅显示发布结果为 FALLBACK 的运行</translation>
    </message>
    <message>
        <source>Any outcome</source>
        <translation>任意结果</translation>
    </message>
    <message>
        <source>Release outcome of the run</source>
        <translation>运行的发布结果</translation>
    </message>
    <message>
        <source>Any evidence</source>
        <translation>任意证据</translation>
    </message>
    <message>
        <source>Any relevance</source>
        <translation>任意相关性</translation>
    </message>
    <message>
        <source>Sessions with a lookup of this relevance level</source>
        <translation>包含此相关性级别检索的会话</translation>
    </message>
    <message>
        <source>No level</source>
        <translation>无级别</translation>
    </message>
    <message>
        <source>Any attempt</source>
        <translation>任意检索尝试</translation>
    </message>
    <message>
        <source>Sessions with an invocation of this tool</source>
        <translation>包含此工具调用的会话</translation>
    </message>
    <message>
        <source>Any tool</source>
        <translation>任意工具</translation>
    </message>
    <message>
        <source>When the runs started</source>
        <translation>运行的开始时间</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>任意时间</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>最近 1 小时</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>最近 24 小时</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation>自定义范围</translation>
    </message>
    <message>
        <source>Runs started at or after</source>
        <translation>运行开始于此时间或之后</translation>
    </message>
    <message>
        <source>Runs started before</source>
        <translation>运行开始于此时间之前</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Remove every filter</source>
        <translation>移除所有筛选条件</translation>
    </message>
    <message>
        <source>Counting…</source>
        <translation>正在统计…</translation>
    </message>
    <message>
        <source>1 session</source>
        <translation>1 个会话</translation>
    </message>
    <message>
        <source>%1 sessions</source>
        <translation>%1 个会话</translation>
    </message>
    <message>
        <source>%1 of %2 sessions match</source>
        <translation>%2 个会话中有 %1 个匹配</translation>
    </message>
    <message>
        <source>Sessions with a lookup of this effective evidence status, or a call of this failure kind</source>
        <translation>包含此有效证据状态检索或此失败类型调用的会话</translation>
    </message>
    <message>
        <source>failed tool call</source>
        <translation>失败的工具调用</translation>
    </message>
    <message>
        <source>lookup error</source>
        <translation>检索错误</translation>
    </message>
    <message>
        <source>Selected attempt or retry reason of a lookup</source>
        <translation>检索的选定尝试或重试原因</translation>
    </message>
    <message>
        <source>retry reason: %1</source>
        <translation>重试原因：%1</translation>
    </message>
    <message>
        <source>Count failed</source>
        <translation>计数失败</translation>
    </message>
    <message>
        <source>Search session id, user, question or call parameters (Ctrl+F)</source>
        <translation>搜索会话 ID、用户、问题或调用参数（Ctrl+F）</translation>
    </message>
</context>
<context>
    <name>raglens::ui::SessionListNote</name>
    <message>
        <source>The sessions could not be read: %1</source>
        <translation>无法读取会话：%1</translation>
    </message>
    <message>
        <source>This database holds no session yet.</source>
        <translation>此数据库中还没有会话。</translation>
    </message>
    <message>
        <source>No session matches these filters. Clear shows every session.</source>
        <translation>没有符合这些筛选条件的会话。点击“清除”可显示所有会话。</translation>
    </message>
</context>
<context>
    <name>raglens::ui::SessionTreeModel</name>
    <message>
        <source>Session / run / step / invocation</source>
        <translation>会话 / 运行 / 步骤 / 调用</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Tool calls (sessions: invocations)</source>
        <translation>工具调用（会话：调用次数）</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Relevance</source>
        <translation>相关性</translation>
    </message>
    <message>
        <source>Selected attempt</source>
        <translation>选中的检索尝试</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>legacy: %1</source>
        <translation>旧版：%1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 no evidence</source>
        <translation>%1 次无证据</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 次运行</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 次运行</translation>
    </message>
    <message>
        <source>#%1 · %2</source>
        <translation>#%1 · %2</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Invocation %1, tool call %2</source>
        <translation>调用 %1，工具调用 %2</translation>
    </message>
    <message>
        <source>Legacy row: relevance_level held the evidence status %1.</source>
        <translation>旧版数据行：relevance_level 中存放的是证据状态 %1。</translation>
    </message>
    <message>
        <source>retrieval_details is malformed: %1</source>
        <translation>retrieval_details 格式错误：%1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Session %1
User: %2
Outcome: %3
Last question: %4</source>
        <translation>会话 %1
用户：%2
结果：%3
最近的问题：%4</translation>
    </message>
    <message>
        <source>Run %1
Question: %2
Status: %3, outcome: %4</source>
        <translation>运行 %1
问题：%2
状态：%3，结果：%4</translation>
    </message>
    <message>
        <source>Fallback cause: %1</source>
        <translation>回退原因：%1</translation>
    </message>
    <message>
        <source>Fallback cause (recorded): %1</source>
        <translation>回退原因（记录值）：%1</translation>
    </message>
    <message>
        <source>Retry reason: %1</source>
        <translation>重试原因：%1</translation>
    </message>
    <message>
        <source>%1 · orphan: its calls have no diagnosis_run row</source>
        <translation>%1 · 孤立：其调用没有 diagnosis_run 行</translation>
    </message>
    <message>
        <source>Its rows could not be read: %1</source>
        <translation>无法读取其下级行：%1</translation>
    </message>
    <message>
        <source>(no run id) · calls recorded without a run id</source>
        <translation>（无运行 id）· 记录时没有运行 id 的调用</translation>
    </message>
    <message>
        <source>Step %1 (id %2), agent %3</source>
        <translation>步骤 %1（id %2），代理 %3</translation>
    </message>
</context>
<context>
    <name>raglens::ui::SessionsPage</name>
    <message>
        <source>Select a session, run or invocation in the tree.</source>
        <translation>在树中选择一个会话、运行或调用。</translation>
    </message>
    <message>
        <source>Lookup</source>
        <translation>检索</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Trace JSON</source>
        <translation>追踪 JSON</translation>
    </message>
    <message>
        <source>&lt;h2&gt;No audit database open&lt;/h2&gt;&lt;p&gt;Open one with &lt;b&gt;File → Open Database…&lt;/b&gt; (Ctrl+O), drop an SQLite file on this window, or start &lt;code&gt;raglens path/to/audit.db&lt;/code&gt;.&lt;/p&gt;&lt;p&gt;A database of a running agent can also be opened by URL: &lt;code&gt;postgresql://user@host:5432/db&lt;/code&gt;.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;未打开审计数据库&lt;/h2&gt;&lt;p&gt;可通过&lt;b&gt;文件 → 打开数据库…&lt;/b&gt;（Ctrl+O）打开，也可将 SQLite 文件拖放到此窗口，或运行 &lt;code&gt;raglens path/to/audit.db&lt;/code&gt;。&lt;/p&gt;&lt;p&gt;正在运行的智能体的数据库也可以通过 URL 打开：&lt;code&gt;postgresql://user@host:5432/db&lt;/code&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Database…</source>
        <translation>打开数据库…</translation>
    </message>
    <message>
        <source>Loading more sessions…</source>
        <translation>正在加载更多会话…</translation>
    </message>
    <message>
        <source>Continued from the top.</source>
        <translation>已从顶部继续。</translation>
    </message>
    <message>
        <source>Continued from the bottom.</source>
        <translation>已从底部继续。</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Showing session %1</source>
        <translation>正在显示会话 %1</translation>
    </message>
    <message>
        <source>Session %1 is not in this database.</source>
        <translation>此数据库中没有会话 %1。</translation>
    </message>
    <message>
        <source>The runs of this session could not be read:
%1</source>
        <translation>无法读取此会话的运行：
%1</translation>
    </message>
    <message>
        <source>The steps and calls of this run could not be read:
%1</source>
        <translation>无法读取此运行的步骤和调用：
%1</translation>
    </message>
    <message>
        <source>File → Reload (F5) reads the database again.</source>
        <translation>文件 → 重新加载（F5）会再次读取数据库。</translation>
    </message>
    <message>
        <source>Reading the trace…</source>
        <translation>正在读取追踪…</translation>
    </message>
</context>
<context>
    <name>raglens::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Move through the session tree</source>
        <translation>在会话树中移动</translation>
    </message>
    <message>
        <source>Up, Down, Page Up, Page Down, Home, End</source>
        <translation>↑、↓、Page Up、Page Down、Home、End</translation>
    </message>
    <message>
        <source>Expand / collapse (loads runs, steps and invocations)</source>
        <translation>展开 / 折叠（加载运行、步骤和调用）</translation>
    </message>
    <message>
        <source>Right, Left</source>
        <translation>→、←</translation>
    </message>
    <message>
        <source>Leave the filter text for the tree</source>
        <translation>离开筛选文本，回到树</translation>
    </message>
    <message>
        <source>Esc, Down</source>
        <translation>Esc、↓</translation>
    </message>
    <message>
        <source>Previous / next step or invocation in the run view</source>
        <translation>在运行视图中切换到上一个 / 下一个步骤或调用</translation>
    </message>
    <message>
        <source>Up, Down</source>
        <translation>↑、↓</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
</context>
<context>
    <name>raglens::ui::SummaryCard</name>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Evidence status</source>
        <translation>证据状态</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Search mode</source>
        <translation>搜索模式</translation>
    </message>
    <message>
        <source>Selected attempt</source>
        <translation>选中的检索尝试</translation>
    </message>
    <message>
        <source>Candidates / blocks</source>
        <translation>候选 / 证据块</translation>
    </message>
    <message>
        <source>Relevance level</source>
        <translation>相关性级别</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>none (no retry)</source>
        <translation>无（未重试）</translation>
    </message>
    <message>
        <source>%1 candidates / %2 blocks</source>
        <translation>%1 个候选 / %2 个证据块</translation>
    </message>
    <message>
        <source>none (legacy row)</source>
        <translation>无（旧版数据行）</translation>
    </message>
    <message>
        <source>returned: %1</source>
        <translation>返回：%1</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Legacy row: relevance_level holds the evidence status “%1” (written by an older agent). The relevance level is read as none.</source>
        <translation>旧版数据行：relevance_level 中存放的是证据状态“%1”（由旧版智能体写入）。相关性级别按无处理。</translation>
    </message>
    <message>
        <source>retrieval_details is not valid JSON: %1 — the raw text is shown below.</source>
        <translation>retrieval_details 不是有效的 JSON：%1 — 下方显示原始文本。</translation>
    </message>
    <message>
        <source>Retry reason</source>
        <translation>重试原因</translation>
    </message>
    <message>
        <source>Truncation / returned</source>
        <translation>截断 / 返回</translation>
    </message>
    <message>
        <source>not a lookup</source>
        <translation>不是检索</translation>
    </message>
</context>
</TS>
