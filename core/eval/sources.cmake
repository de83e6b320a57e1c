target_sources(raglens_core PRIVATE
  eval/eval_case.h eval/eval_case.cpp
  eval/eval_metrics.h eval/eval_metrics.cpp
  eval/eval_report.h eval/eval_report.cpp
  eval/eval_baseline.h eval/eval_baseline.cpp
  eval/eval_runner.h eval/eval_runner.cpp
  eval/golden_fixtures.h eval/golden_fixtures.cpp
  eval/problem_query.h eval/problem_query.cpp
  eval/eval_set_writer.h eval/eval_set_writer.cpp
  eval/problem_library.h eval/problem_library.cpp
)
