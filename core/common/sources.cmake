target_sources(raglens_core PRIVATE
  common/error.h
  common/atomic_file.h common/atomic_file.cpp
  common/input_guard.h common/input_guard.cpp
  common/secret_policy.h common/secret_policy.cpp
  common/json_qt.h
  common/logging.h common/logging.cpp
  common/time_text.h common/time_text.cpp
)
target_sources(raglens_core PRIVATE
  common/translators.h common/translators.cpp
)
