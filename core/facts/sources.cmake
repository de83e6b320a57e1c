target_sources(raglens_core PRIVATE
  facts/facts_index.h facts/facts_index.cpp
  facts/facts_store.h facts/facts_store.cpp facts/facts_derive.cpp
  facts/facts_copier.h facts/facts_copier.cpp
  facts/facts_refresh.h facts/facts_refresh.cpp
)
