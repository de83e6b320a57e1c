target_sources(raglens_core PRIVATE
  trace/audit_browser.h trace/audit_browser.cpp trace/audit_browser_sessions.cpp
  trace/audit_rows.h trace/audit_rows.cpp
  trace/fact_sql.h trace/fact_sql.cpp
  trace/schema_notes.h trace/schema_notes.cpp
  trace/session_query.h trace/session_query.cpp
  trace/trace_service.h trace/trace_service.cpp
  trace/trace_validation.h trace/trace_validation.cpp
  trace/trace_redaction.h trace/trace_redaction.cpp
  trace/trace_importer.h trace/trace_importer.cpp
  trace/trace_import_writer.h trace/trace_import_writer.cpp
  trace/otlp_exporter.h trace/otlp_exporter.cpp
  trace/session_filter_params.h trace/session_filter_params.cpp
  trace/saved_view.h trace/saved_view.cpp
  trace/session_follower.h trace/session_follower.cpp
)
