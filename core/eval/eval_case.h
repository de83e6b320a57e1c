#pragma once
// EvalCase / EvalSet: one line of an eval set (DESIGN §6) and a whole JSON Lines file.
// Parsing collects every malformed line with its 1-based line number instead of stopping
// at the first, so a person fixing a set sees all problems at once.

#include "common/error.h"
#include "common/json_qt.h"

#include <optional>
#include <vector>

namespace raglens {

struct EvalCase
{
    QString id;
    QString query;
    QString category; ///< explicit category filter; empty = the engine decides
    QStringList expectedEvidenceKeys;
    QStringList expectedSources;
    QString expectedRelevance;       ///< PRECISE / REFERENCE / empty = not checked
    QString expectedSelectedAttempt; ///< empty = not checked
    bool expectNoEvidence = false;
    QStringList tags;
    int line = 0; ///< 1-based line in the file it came from; 0 when built in code

    /// Evidence keys are more specific than sources, so they win when both are given.
    bool usesEvidenceKeys() const { return !expectedEvidenceKeys.isEmpty(); }
    const QStringList& expectedItems() const
    {
        return usesEvidenceKeys() ? expectedEvidenceKeys : expectedSources;
    }
};

struct EvalSetLineError
{
    int line = 0;
    QString message;
};

struct EvalSet
{
    QString path;
    std::vector<EvalCase> cases;
    std::vector<EvalSetLineError> errors;

    bool isValid() const { return errors.empty(); }
    /// "line 3: …" lines joined for a message box or stderr.
    QString errorSummary(int maxLines = 20) const;
};

/// Writes the case as one eval-set line (snake_case keys; optional fields only when set).
void to_json(nlohmann::json& j, const EvalCase& c);

/// Validates one parsed line; returns the case or a translated reason it is unusable.
Expected<EvalCase> evalCaseFromJson(const nlohmann::json& j);

/// Parses JSON Lines text. Blank lines are skipped; every other line must be a valid case.
EvalSet parseEvalSet(const QByteArray& text, const QString& path = {});

/// Reads and parses a file; an unreadable file is an error, malformed lines are in errors.
Expected<EvalSet> loadEvalSet(const QString& path);

} // namespace raglens
