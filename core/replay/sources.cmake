target_sources(raglens_core PRIVATE
  replay/empty_cause_check.h replay/empty_cause_check.cpp
  replay/recorded_lookup.h replay/recorded_lookup.cpp
  replay/replay_diff.h replay/replay_diff.cpp
  replay/replay_runner.h replay/replay_runner.cpp
)
