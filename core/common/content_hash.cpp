#include "common/content_hash.h"

#include <QCoreApplication>
#include <QFile>

#include <cstring>

namespace raglens::content_hash {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(ContentHash)
};

constexpr uint64_t kPrime1 = 0x9e3779b185ebca87ULL;
constexpr uint64_t kPrime2 = 0xc2b2ae3d27d4eb4fULL;

uint64_t rotl(uint64_t x, int r)
{
    return (x << r) | (x >> (64 - r));
}

uint64_t load64(const unsigned char* p)
{
    uint64_t v;
    std::memcpy(&v, p, sizeof v); // little-endian machines only write and read these files
    return v;
}

/// Four independent lanes of multiply-rotate keep the CPU's multipliers busy: several GB/s,
/// so checking a 300 MB vector index costs a small part of reading it.
uint64_t round(uint64_t lane, uint64_t input)
{
    lane += input * kPrime2;
    lane = rotl(lane, 31);
    return lane * kPrime1;
}

uint64_t finalMix(uint64_t h)
{
    h ^= h >> 33;
    h *= kPrime2;
    h ^= h >> 29;
    h *= kPrime1;
    h ^= h >> 32;
    return h;
}

} // namespace

void Hasher::mixBlock(const unsigned char* block)
{
    for (int lane = 0; lane < 4; ++lane)
        m_lanes[lane] = round(m_lanes[lane], load64(block + 8 * lane));
}

void Hasher::add(std::string_view bytes)
{
    auto p = reinterpret_cast<const unsigned char*>(bytes.data());
    size_t n = bytes.size();
    m_total += n;
    if (m_pendingSize > 0) {
        const size_t take = std::min(n, sizeof m_pending - m_pendingSize);
        std::memcpy(m_pending + m_pendingSize, p, take);
        m_pendingSize += take;
        p += take;
        n -= take;
        if (m_pendingSize < sizeof m_pending)
            return;
        mixBlock(m_pending);
        m_pendingSize = 0;
    }
    for (; n >= sizeof m_pending; p += sizeof m_pending, n -= sizeof m_pending)
        mixBlock(p);
    std::memcpy(m_pending, p, n);
    m_pendingSize = n;
}

QString Hasher::hex() const
{
    uint64_t h = rotl(m_lanes[0], 1) + rotl(m_lanes[1], 7) + rotl(m_lanes[2], 12) +
                 rotl(m_lanes[3], 18) + m_total;
    // The tail, a byte at a time.
    for (size_t i = 0; i < m_pendingSize; ++i)
        h = rotl(h ^ (uint64_t(m_pending[i]) * kPrime1), 11) * kPrime2;
    return QStringLiteral("%1").arg(finalMix(h), 16, 16, QLatin1Char('0'));
}

QString ofBytes(std::string_view bytes)
{
    Hasher h;
    h.add(bytes);
    return h.hex();
}

Expected<QString> ofFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{Tr::tr("cannot read %1: %2").arg(path, f.errorString())};
    Hasher h;
    QByteArray piece(1 << 20, Qt::Uninitialized);
    for (;;) {
        const qint64 n = f.read(piece.data(), piece.size());
        if (n < 0)
            return Error{Tr::tr("cannot read %1: %2").arg(path, f.errorString())};
        if (n == 0)
            break;
        h.add(std::string_view(piece.constData(), size_t(n)));
    }
    return h.hex();
}

} // namespace raglens::content_hash
