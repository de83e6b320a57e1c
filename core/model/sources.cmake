target_sources(raglens_core PRIVATE
  model/vocabulary.h
  model/lookup_settings.h model/lookup_settings.cpp
  model/lookup_result.h model/lookup_result.cpp
  model/rag_tool_result.h model/rag_tool_result.cpp
  model/retrieval_details.h model/retrieval_details.cpp
  model/diagnosis_trace.h model/diagnosis_trace.cpp
)
