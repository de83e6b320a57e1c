#pragma once
// The Porter (1980) suffix-stripping stemmer for English words: "connections",
// "connected" and "connecting" all become "connect", so a question and a passage that
// use different forms of a word still share a BM25 term. Only lower-case ASCII words of
// three letters or more are stemmed; anything else (CJK bigrams, identifiers with digits
// or underscores, other scripts) is returned as it is.

#include <QString>

namespace raglens {

QString porterStem(const QString& word);

} // namespace raglens
