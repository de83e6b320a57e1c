#pragma once
// The translation context of every message the facts index writes (one for its files).

#include <QCoreApplication>

namespace raglens {

struct FactsIndexText
{
    Q_DECLARE_TR_FUNCTIONS(FactsIndex)
};

} // namespace raglens
