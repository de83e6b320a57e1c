#pragma once
// The translation context of every message a trace import gives (one for its files).

#include <QCoreApplication>

namespace raglens {

struct TraceImportText
{
    Q_DECLARE_TR_FUNCTIONS(TraceImporter)
};

} // namespace raglens
