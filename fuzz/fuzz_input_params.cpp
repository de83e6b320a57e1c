// An agent's input_params and any persisted text: the sanitizer that cuts and masks them
// and the shared secret policy.
#include "fuzz_input.h"

#include "audit/input_params_sanitizer.h"
#include "common/input_guard.h"
#include "common/secret_policy.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace raglens;
    if (auto params = input_guard::parseJson(fuzz::view(data, size))) {
        (void)InputParamsSanitizer::sanitize(*params, QStringLiteral("call-1"), qint64(size), 7)
            .dump();
        (void)secrets::redactJson(*params).dump();
    }
    const QString text = fuzz::text(data, size);
    (void)secrets::redact(text);
    (void)secrets::questionForStorage(text);
    return 0;
}
