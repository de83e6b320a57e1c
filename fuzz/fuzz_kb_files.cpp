// The files of a knowledge base folder, which may be truncated, half-copied or edited:
// the first byte chooses the file, the rest is its content.
#include "fuzz_input.h"

#include "common/input_guard.h"
#include "kb/bm25_index.h"
#include "kb/domain_dictionary.h"
#include "kb/hashing_embedder.h"
#include "kb/kb_storage.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace raglens;
    if (size == 0)
        return 0;
    const QByteArray content = fuzz::bytes(data + 1, size - 1);
    KbData kb;
    switch (data[0] % 6) {
    case 0:
        (void)kb_storage::parseManifest(content, QStringLiteral("manifest.json"));
        break;
    case 1:
        (void)kb_storage::parseDocs(content, kb);
        break;
    case 2:
        // chunks.bin refers to documents by index: give it a few to point at.
        kb.docs.resize(3);
        (void)kb_storage::parseChunks(content, kb);
        break;
    case 3: {
        Bm25Index bm25;
        if (bm25.restore(content))
            (void)bm25.documentCount();
        break;
    }
    case 4: {
        HashingEmbedder embedder;
        (void)embedder.restoreState(content);
        break;
    }
    case 5:
        if (auto j = input_guard::parseJson(fuzz::view(data + 1, size - 1)))
            (void)DomainDictionary::fromJson(*j).toJson().dump();
        break;
    }
    return 0;
}
