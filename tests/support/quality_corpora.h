#pragma once
// Public corpora for the retrieval quality harness (raglens-bench --quality), with queries
// taken from each corpus's own structure, never written to fit an engine:
// - git-doc: a manual page's NAME line ("git-add - Add file contents to the index") is the
//   question, the page the answer; the line is removed from the indexed page.
// - debian-reference (en and zh-cn, the same book in two languages): a section heading is
//   the question, the section the answer; sections are indexed without their heading.
//   Sections share their numbers across the languages, so a Chinese heading whose answer
//   is the English section (and the reverse) is a cross-lingual question.
// Every query falls in the calibration or the report half by a hash of its id, so tuning
// on one half and reporting on the other is reproducible.

#include <QString>
#include <QStringList>

#include <vector>

namespace raglens::test {

struct QualityQuery
{
    QString id; ///< stable: corpus-specific (page name, section number)
    QString query;
    QStringList expected; ///< answer document names
    QString set;          ///< e.g. "descriptions", "headings en→en", "headings zh→en"
    bool report = false;  ///< false: calibration half
};

struct QualityDocument
{
    QString name; ///< unique in its corpus; ingested as NAME.txt, so its chunks' source
    QString text;
};

struct QualityCorpus
{
    QString name;    ///< "git-doc", "debian-reference-en", …
    QString package; ///< the Debian package it comes from
    QString method;  ///< how its queries were made, one sentence
    std::vector<QualityDocument> documents;
    std::vector<QualityQuery> queries;
};

/// True for the report half: a stable hash of the id, so both halves are fixed.
bool inReportHalf(const QString& id);

/// One numbered section of a debian-reference plain-text edition.
struct BookSection
{
    QString id;    ///< "1.2.3"; preface sections "P1"; a chapter's lead text "1-intro"
    QString title; ///< the heading without its number
    QString body;  ///< text up to the next heading
};

/// Splits a debian-reference .txt edition into its sections. A heading is a line at the
/// left margin ("1.2.3. Title", "Chapter 1. Title", "第 1 章 Title") with a blank line
/// before and after it: the table of contents and list of tables have neither.
std::vector<BookSection> splitBookSections(const QString& text);

/// The two debian-reference corpora (en, zh-cn) from DIR (/usr/share/debian-reference),
/// each with its monolingual heading queries and the other language's headings as
/// cross-lingual ones. Empty with `error` set when the files are missing.
std::vector<QualityCorpus> debianReferenceCorpora(const QString& dir, QString* error);

/// git-doc's manual pages from DIR (/usr/share/doc/git-doc), NAME lines as queries,
/// plus the hand-written task queries of tests/quality/git-doc-queries.jsonl.
QualityCorpus gitDocCorpus(const QString& dir, const QString& taskQueriesFile, QString* error);

} // namespace raglens::test
