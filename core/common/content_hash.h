#pragma once
// A fast 64-bit checksum of a file's bytes, to notice a knowledge-base file that changed
// after it was written (a flipped bit, a half-restored backup) before its contents are
// trusted. Not cryptographic: it guards against accidents, not against an attacker who can
// also rewrite the manifest.

#include "common/error.h"

#include <QString>

#include <cstdint>
#include <string_view>

namespace raglens::content_hash {

/// Accumulates bytes in any split; the digest depends only on the whole sequence.
class Hasher
{
public:
    void add(std::string_view bytes);
    /// The checksum as 16 lower-case hex digits.
    QString hex() const;

private:
    void mixBlock(const unsigned char* block);

    uint64_t m_lanes[4] = {0x9e3779b97f4a7c15ULL, 0xc2b2ae3d27d4eb4fULL, 0x165667b19e3779f9ULL,
                           0x27d4eb2f165667c5ULL};
    unsigned char m_pending[32] = {};
    size_t m_pendingSize = 0;
    uint64_t m_total = 0;
};

/// The checksum of bytes in memory.
QString ofBytes(std::string_view bytes);
/// The checksum of a file, read in pieces; an error when it cannot be read.
Expected<QString> ofFile(const QString& path);

} // namespace raglens::content_hash
