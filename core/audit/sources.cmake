target_sources(raglens_core PRIVATE
  audit/run_feedback.h audit/run_feedback.cpp
)
target_sources(raglens_core PRIVATE
  audit/audit_clock.h
  audit/audit_sink.h
  audit/input_params_sanitizer.h audit/input_params_sanitizer.cpp
  audit/tool_invocation_audit_event.h audit/tool_invocation_audit_event.cpp
  audit/tool_invocation_record.h audit/tool_invocation_record.cpp
  audit/rag_lookup_audit_enricher.h audit/rag_lookup_audit_enricher.cpp
  audit/trace_sampling.h audit/trace_sampling.cpp
  audit/sql_audit_sink.h audit/sql_audit_sink.cpp
  audit/step_tracker.h audit/step_tracker.cpp
  audit/run_recorder.h audit/run_recorder.cpp
  audit/tool_boundary.h audit/tool_boundary.cpp
)
target_sources(raglens_core PRIVATE
  audit/token_estimate.h audit/token_estimate.cpp
  audit/run_outcome.h audit/run_outcome.cpp
  audit/lookup_knowledge_tool.h audit/lookup_knowledge_tool.cpp
  audit/local_lookup_recorder.h audit/local_lookup_recorder.cpp
)
