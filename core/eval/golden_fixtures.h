#pragma once
// Frozen fixtures: saved LookupResult JSON files checked against golden expectations,
// without a knowledge base, so a recorded lookup behaviour can be pinned in CI.
//
// Golden file: JSON Lines, one object per fixture:
//   {"fixture": "decoy-retry.json",            // file name relative to the fixtures folder
//    "expect": {"evidence_status": "EVIDENCE_FOUND",
//               "selected_attempt": "UNFILTERED_VECTOR_RETRY",
//               "fallback_reason": "filtered_vector_low_quality",   // null = no retry
//               "relevance_level": "REFERENCE",                      // null = neither level
//               "search_mode": "hybrid",
//               "evidence_keys_include": ["mysql/x#chunk-0"],
//               "evidence_keys_exclude": ["pool-tuning-legacy/y#chunk-0"],
//               "sources_include": ["mysql/x"],
//               "min_top_quality": 0.5, "max_top_quality": 0.9,
//               "min_evidence_count": 1, "max_evidence_count": 5,
//               "truncated": false}}
// Every key of "expect" is optional; a key that is present is checked exactly (null too).

#include "common/error.h"
#include "common/json_qt.h"
#include "eval/eval_case.h"
#include "model/lookup_result.h"

#include <vector>

namespace raglens {

struct GoldenExpectation
{
    QString fixture;
    nlohmann::json expect; ///< validated object
    int line = 0;
};

struct GoldenSet
{
    QString path;
    std::vector<GoldenExpectation> entries;
    std::vector<EvalSetLineError> errors;
};

struct FixtureMismatch
{
    QString field;
    nlohmann::json expected;
    nlohmann::json actual;
};

struct FixtureCheck
{
    QString fixture;
    bool loaded = false;
    QString loadError; ///< the fixture file was missing or not a LookupResult
    std::vector<FixtureMismatch> mismatches;

    bool passed() const { return loaded && mismatches.empty(); }
};

/// Known "expect" keys, for validation and the docs.
QStringList goldenExpectationKeys();

GoldenSet parseGoldenSet(const QByteArray& text, const QString& path = {});
Expected<GoldenSet> loadGoldenSet(const QString& path);

/// Checks one result against one "expect" object.
std::vector<FixtureMismatch> checkAgainstGolden(const LookupResult& result,
                                                const nlohmann::json& expect);

/// Loads every fixture named in golden from fixturesDir and checks it.
std::vector<FixtureCheck> checkFixtures(const QString& fixturesDir, const GoldenSet& golden);

void to_json(nlohmann::json& j, const FixtureMismatch& m);
void to_json(nlohmann::json& j, const FixtureCheck& c);

} // namespace raglens
