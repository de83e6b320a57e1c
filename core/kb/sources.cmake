target_sources(raglens_core PRIVATE
  kb/knowledge_base.h kb/knowledge_base.cpp
  kb/kb_data.h kb/kb_data.cpp
  kb/kb_storage.h kb/kb_storage.cpp
  kb/kb_ingest.cpp
  kb/source_scanner.h kb/source_scanner.cpp
  kb/markdown_chunker.h kb/markdown_chunker.cpp
  kb/text_tokenizer.h kb/text_tokenizer.cpp
  kb/embedder.h kb/hashing_embedder.h kb/hashing_embedder.cpp
  kb/embeddings_client.h kb/embeddings_client.cpp
  kb/remote_embedder.h kb/remote_embedder.cpp
  kb/vector_index.h kb/vector_index.cpp
  kb/bm25_index.h kb/bm25_index.cpp
  kb/porter_stemmer.h kb/porter_stemmer.cpp
  kb/bilingual_dictionary.h kb/bilingual_dictionary.cpp
  kb/domain_dictionary.h kb/domain_dictionary.cpp
)
