#include "audit/token_estimate.h"

namespace raglens {

qint64 estimateTokens(const QString& text)
{
    qint64 cjk = 0;
    qint64 other = 0;
    for (const QChar c : text) {
        const ushort u = c.unicode();
        if ((u >= 0x3400 && u <= 0x9FFF) || (u >= 0xF900 && u <= 0xFAFF) ||
            (u >= 0x3000 && u <= 0x303F) || (u >= 0xFF00 && u <= 0xFFEF))
            ++cjk;
        else
            ++other;
    }
    return cjk + (other + 3) / 4;
}

qint64 estimateTokens(const nlohmann::json& j)
{
    if (j.is_null())
        return 0;
    return estimateTokens(
        QString::fromStdString(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
}

} // namespace raglens
