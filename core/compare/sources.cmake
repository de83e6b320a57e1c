target_sources(raglens_core PRIVATE
  compare/run_comparison.h compare/run_comparison.cpp
)
