#pragma once
// QCOMPARE for nlohmann::json values: compares the dumps, so a failure prints both sides
// as JSON text (QCOMPARE cannot pick an overload for json's implicit conversions).

#include <QString>
#include <QTest>

#include <nlohmann/json.hpp>

#define JCOMPARE(actual, expected)                                                                 \
    QCOMPARE(QString::fromStdString(nlohmann::json(actual).dump()),                                \
             QString::fromStdString(nlohmann::json(expected).dump()))
