#pragma once
// Hand-built LookupResult values and fake tools for the audit tests: they let the write
// path be tested field by field without a knowledge base.

#include "audit/tool_boundary.h"
#include "model/lookup_result.h"

namespace raglens::test {

/// A lookup that tried the decoy category, fell back to the unfiltered retry and found
/// `blocks` evidence blocks (quality descending from `bestQuality`).
LookupResult retryLookup(const QString& query, int blocks = 2, double bestQuality = 0.82);

/// A lookup that found nothing (unfiltered, NO_EVIDENCE).
LookupResult noEvidenceLookup(const QString& query);

/// A tool that returns a canned LookupResult as lookup_knowledge, or fails when told.
class FakeLookupTool : public Tool
{
public:
    explicit FakeLookupTool(LookupResult result) : m_result(std::move(result)) {}
    QString name() const override { return QStringLiteral("lookup_knowledge"); }
    ToolOutput run(const ToolCall& call) override;
    nlohmann::json project(const ToolOutput& output) const override;
    bool fail = false;
    bool throwInstead = false;
    bool failWithResult = false; ///< engine-style failure: ERROR LookupResult, success false
    int calls = 0;

private:
    LookupResult m_result;
};

/// A non-RAG tool (fetch_metrics style) returning fixed JSON.
class FakeHarnessTool : public Tool
{
public:
    explicit FakeHarnessTool(QString name, nlohmann::json result = {{"cpu", 0.93}})
        : m_name(std::move(name)), m_result(std::move(result))
    {}
    QString name() const override { return m_name; }
    ToolOutput run(const ToolCall&) override;
    QString error; ///< non-empty: the call fails with this message

private:
    QString m_name;
    nlohmann::json m_result;
};

} // namespace raglens::test
