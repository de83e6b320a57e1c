// Eval sets and golden fixture files (JSON Lines written by hand or by other tools).
#include "fuzz_input.h"

#include "eval/eval_case.h"
#include "eval/golden_fixtures.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace raglens;
    const QByteArray input = fuzz::bytes(data, size);
    const EvalSet set = parseEvalSet(input, QStringLiteral("fuzz.jsonl"));
    for (const EvalCase& c : set.cases)
        (void)nlohmann::json(c).dump();
    (void)parseGoldenSet(input, QStringLiteral("fuzz.jsonl"));
    return 0;
}
