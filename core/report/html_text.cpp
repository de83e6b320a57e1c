#include "report/html_text.h"

namespace raglens::report {

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

QString element(const QString& tag, const QString& text, const QString& cls)
{
    const QString open = cls.isEmpty() ? QStringLiteral("<%1>").arg(tag)
                                       : QStringLiteral("<%1 class=\"%2\">").arg(tag, esc(cls));
    return open + esc(text) + QStringLiteral("</%1>").arg(tag);
}

QString badge(const QString& text, const QString& tone)
{
    return element(QStringLiteral("span"), text, QStringLiteral("badge ") + tone);
}

QString toneOf(const QString& word)
{
    static const QStringList good = {QStringLiteral("SUCCESS"), QStringLiteral("EVIDENCE_FOUND"),
                                     QStringLiteral("PRECISE")};
    static const QStringList bad = {QStringLiteral("FALLBACK"), QStringLiteral("NO_EVIDENCE"),
                                    QStringLiteral("ERROR"), QStringLiteral("CRITICAL")};
    static const QStringList warn = {QStringLiteral("REFERENCE"), QStringLiteral("WARNING"),
                                     QStringLiteral("UNKNOWN")};
    if (good.contains(word))
        return QStringLiteral("good");
    if (bad.contains(word))
        return QStringLiteral("bad");
    if (warn.contains(word))
        return QStringLiteral("warn");
    return QStringLiteral("plain");
}

QString number(std::optional<double> value, int decimals)
{
    return value ? QString::number(*value, 'f', decimals) : QStringLiteral("—");
}

QString count(std::optional<int> value)
{
    return value ? QString::number(*value) : QStringLiteral("—");
}

} // namespace raglens::report
