// One retrieval_details cell of a foreign tool_invocation row: guarded parse, the tolerant
// rag_lookup_v1 reader, the interpretation and the verdict sentence every view prints.
#include "fuzz_input.h"

#include "common/input_guard.h"
#include "interpret/invocation_facts.h"
#include "interpret/verdict.h"
#include "model/diagnosis_trace.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace raglens;
    QString note;
    auto parsed = input_guard::parseJson(fuzz::view(data, size), {}, &note);
    TraceInvocation inv;
    inv.toolName = QStringLiteral("lookup_knowledge");
    inv.setRetrievalDetails(parsed ? std::move(*parsed) : nlohmann::json());
    (void)nlohmann::json(inv.details).dump();
    const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
    (void)nlohmann::json(facts).dump();
    (void)interpret::verdictSentence(facts);
    return 0;
}
