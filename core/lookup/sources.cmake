target_sources(raglens_core PRIVATE
  lookup/lookup_engine.h lookup/lookup_engine.cpp
  lookup/query_hint_extractor.h lookup/query_hint_extractor.cpp
  lookup/entity_extractor.h lookup/entity_extractor.cpp
  lookup/candidate_scorer.h lookup/candidate_scorer.cpp
  lookup/evidence_post_processor.h lookup/evidence_post_processor.cpp
  lookup/rag_result_projector.h lookup/rag_result_projector.cpp
)
