// Documents given to ingest (Markdown or plain text) and questions typed by users: the
// chunker, the tokenizer and the L0 hint and entity extraction that read them.
#include "fuzz_input.h"

#include "kb/domain_dictionary.h"
#include "kb/markdown_chunker.h"
#include "kb/text_tokenizer.h"
#include "lookup/entity_extractor.h"
#include "lookup/query_hint_extractor.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace raglens;
    if (size == 0)
        return 0;
    const bool markdown = data[0] & 1;
    const QString text = fuzz::text(data + 1, size - 1);
    MarkdownChunker chunker;
    (void)chunker.parse(text, markdown);
    (void)TextTokenizer::tokenizeAll(text);
    (void)TextTokenizer::effectiveLength(text);
    (void)EntityExtractor::extract(text);
    static const DomainDictionary dictionary = DomainDictionary::fromJson(nlohmann::json::parse(
        R"({"categories":[{"category":"database","aliases":["db","数据库"],
            "description":"connection pool","distinctiveTerms":["pool","timeout"]}]})"));
    (void)QueryHintExtractor::extract(text, dictionary, 0.3);
    return 0;
}
