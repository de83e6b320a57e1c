// Bytes a client sends to `raglens-cli serve`: read by the request parser in pieces of
// every size the input itself picks (its first byte), each whole request answered by the
// Trace API over an audit database with the schema but no rows.
#include "fuzz_input.h"

#include "db/audit_database.h"
#include "serve/http_message.h"
#include "serve/trace_api.h"

#include <QCoreApplication>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace raglens;
    static int argc = 1;
    static char name[] = "fuzz_http_request";
    static char* argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
    static std::unique_ptr<AuditDatabase> db = [] {
        auto opened = AuditDatabase::open(QStringLiteral(":memory:"), AccessMode::Create);
        return opened ? std::move(*opened) : nullptr;
    }();
    static serve::TraceApi api(*db);
    if (size == 0)
        return 0;
    const size_t piece = 1 + data[0] % 64;
    serve::HttpRequestParser parser;
    for (size_t at = 1; at < size; at += piece) {
        auto state = parser.feed(fuzz::bytes(data + at, std::min(piece, size - at)));
        while (state == serve::HttpRequestParser::State::Complete) {
            const serve::HttpRequest request = parser.take();
            (void)api.handle(request).serialize(request.keepAlive, request.method == "HEAD");
            state = parser.resume();
        }
        if (state == serve::HttpRequestParser::State::Failed) {
            (void)serve::HttpResponse::error(parser.errorStatus(), parser.errorMessage())
                .serialize(false, false);
            break;
        }
    }
    return 0;
}
