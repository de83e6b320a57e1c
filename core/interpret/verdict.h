#pragma once
// The one-line verdicts support staff read first: why a lookup ended the way it did, and
// why a run fell back. Written here once, so the card, the CLI (`diagnose`, `trace`) and
// HTTP print the same sentence.

#include <QCoreApplication>
#include <QString>

namespace raglens::interpret {

struct InvocationFacts;

/// Empty for a call that is not a lookup and did not fail.
QString verdictSentence(const InvocationFacts& facts);

/// Translation context of every verdict sentence (lupdate sees Q_DECLARE_TR_FUNCTIONS).
class Verdict
{
    Q_DECLARE_TR_FUNCTIONS(Verdict)
};

/// A fixed-precision similarity or threshold ("0.42").
QString similarityText(double v);

} // namespace raglens::interpret
