target_sources(raglens_core PRIVATE
  check/audit_check.h check/audit_check.cpp
  check/batch_checker.h check/batch_checker.cpp
  check/checker_pool.h check/checker_pool.cpp
  check/run_batch.cpp
  check/check_config.h check/check_config.cpp
  check/check_report.h check/check_report.cpp
  check/check_rules.h check/json_fields.h
  check/rule_call_identity.cpp
  check/rule_input_params.cpp
  check/rule_lookup_shape.cpp
  check/rule_run_consistency.cpp
  check/rule_secrets.cpp
  check/rule_step_binding.cpp
)
