target_sources(raglens_core PRIVATE
  facts/facts_index.h facts/facts_index.cpp
  facts/facts_store.h facts/facts_store.cpp
)
