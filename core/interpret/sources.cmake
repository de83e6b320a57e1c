target_sources(raglens_core PRIVATE
  interpret/invocation_facts.h interpret/invocation_facts.cpp
  interpret/run_facts.h interpret/run_facts.cpp
  interpret/trace_interpretation.h interpret/trace_interpretation.cpp
  interpret/verdict.h interpret/verdict.cpp
)
