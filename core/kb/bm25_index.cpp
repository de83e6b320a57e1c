#include "kb/bm25_index.h"

#include "kb/porter_stemmer.h"
#include "kb/text_tokenizer.h"

#include <QCoreApplication>
#include <QDataStream>
#include <QIODevice>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace raglens {

namespace {
constexpr quint32 kMagic = 0x524c424d; // "RLBM"

inline bool isAllowed(const std::vector<uint8_t>* allowed, int id)
{
    return !allowed || ((*allowed)[size_t(id) >> 3] >> (id & 7)) & 1;
}
} // namespace

QString Bm25Index::termFormName(TermForm form)
{
    return form == TermForm::PorterStems ? QStringLiteral("porter") : QStringLiteral("words");
}

std::optional<Bm25Index::TermForm> Bm25Index::termFormFromName(const QString& name)
{
    if (name == QLatin1String("porter"))
        return TermForm::PorterStems;
    if (name.isEmpty() || name == QLatin1String("words"))
        return TermForm::Words;
    return std::nullopt;
}

QString Bm25Index::term(const QString& token) const
{
    return m_form == TermForm::PorterStems ? porterStem(token) : token;
}

int Bm25Index::documentFrequency(const QString& token) const
{
    const auto it = m_terms.constFind(term(token));
    return it == m_terms.cend() ? 0 : int(m_postings[size_t(it.value())].size());
}

void Bm25Index::build(const std::vector<QStringList>& tokenizedChunks)
{
    m_terms.clear();
    m_postings.clear();
    m_docLength.assign(tokenizedChunks.size(), 0);
    double total = 0;
    std::vector<int> termIds;
    for (size_t id = 0; id < tokenizedChunks.size(); ++id) {
        const QStringList& tokens = tokenizedChunks[id];
        m_docLength[id] = quint16(std::min<qsizetype>(tokens.size(), 65535));
        total += m_docLength[id];
        // Term ids, sorted, so term frequencies are runs: cheaper than a hash per chunk.
        termIds.clear();
        for (const QString& token : tokens) {
            const QString t = term(token);
            auto found = m_terms.constFind(t);
            if (found == m_terms.cend()) {
                found = m_terms.insert(t, int(m_postings.size()));
                m_postings.emplace_back();
            }
            termIds.push_back(found.value());
        }
        std::sort(termIds.begin(), termIds.end());
        for (size_t i = 0; i < termIds.size();) {
            size_t j = i;
            while (j < termIds.size() && termIds[j] == termIds[i])
                ++j;
            m_postings[size_t(termIds[i])].push_back(
                {qint32(id), quint16(std::min<size_t>(j - i, 65535))});
            i = j;
        }
    }
    m_avgLength = tokenizedChunks.empty() ? 1.0f : float(total / double(tokenizedChunks.size()));
    if (m_avgLength <= 0)
        m_avgLength = 1;
}

float Bm25Index::idf(int df) const
{
    const double n = double(m_docLength.size());
    return float(std::log(1.0 + (n - df + 0.5) / (df + 0.5)));
}

void Bm25Index::addPostings(Scores& s, int termIndex, float weight) const
{
    for (const Posting& p : m_postings[size_t(termIndex)]) {
        const float tf = p.tf;
        const float norm = kK1 * (1.0f - kB + kB * m_docLength[size_t(p.id)] / m_avgLength);
        float& slot = s.score[size_t(p.id)];
        if (slot == 0.0f)
            s.touched.push_back(p.id);
        slot += weight * tf * (kK1 + 1.0f) / (tf + norm);
    }
}

Bm25Index::Scores Bm25Index::score(const QStringList& queryTokens,
                                   const std::vector<ExtraTerm>& extra) const
{
    Scores s;
    s.score.assign(m_docLength.size(), 0.0f);
    QSet<QString> seen;
    for (const QString& token : queryTokens) {
        const QString t = term(token);
        if (seen.contains(t))
            continue;
        seen.insert(t);
        auto it = m_terms.constFind(t);
        const int df = it == m_terms.cend() ? 0 : int(m_postings[size_t(it.value())].size());
        const float w = idf(df);
        // Reference score: every query term once in a chunk of average length (w each).
        // Normalising by it makes "all terms present" ≈ 1 and unknown terms pull it down.
        // CJK bigrams the KB never saw are mostly artefacts spanning two words ("里的",
        // "塞地"); they count, but less than an unknown Latin word.
        const bool cjkArtefact = df == 0 && TextTokenizer::isCjk(t.at(0));
        s.maxPossible += cjkArtefact ? kUnknownCjkWeight * w : w;
        if (df == 0)
            continue;
        ++s.matchedTerms;
        addPostings(s, it.value(), w);
    }
    for (const ExtraTerm& e : extra) {
        const QString t = term(e.token);
        if (seen.contains(t))
            continue;
        seen.insert(t);
        const auto it = m_terms.constFind(t);
        if (it != m_terms.cend())
            addPostings(s, it.value(), e.weight * idf(int(m_postings[size_t(it.value())].size())));
    }
    return s;
}

std::vector<std::pair<int, float>> Bm25Index::top(const Scores& scores, int k,
                                                  const std::vector<uint8_t>* allowed) const
{
    std::vector<std::pair<int, float>> out;
    out.reserve(scores.touched.size());
    for (int id : scores.touched)
        if (isAllowed(allowed, id))
            out.emplace_back(id, scores.score[size_t(id)]);
    auto better = [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    };
    if (int(out.size()) > k) {
        std::nth_element(out.begin(), out.begin() + k, out.end(), better);
        out.resize(size_t(k));
    }
    std::sort(out.begin(), out.end(), better);
    return out;
}

QByteArray Bm25Index::save() const
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_4);
    out << kMagic << quint32(1) << quint32(m_docLength.size()) << m_avgLength;
    out.writeRawData(reinterpret_cast<const char*>(m_docLength.data()),
                     int(m_docLength.size() * sizeof(quint16)));
    out << quint32(m_terms.size());
    for (auto it = m_terms.cbegin(); it != m_terms.cend(); ++it) {
        const auto& postings = m_postings[size_t(it.value())];
        out << it.key() << quint32(postings.size());
        for (const Posting& p : postings)
            out << p.id << p.tf;
    }
    return bytes;
}

Status Bm25Index::restore(const QByteArray& bytes)
{
    const Error corrupt{QCoreApplication::translate("KnowledgeBase",
                                                    "the BM25 index file is corrupt or truncated")};
    QDataStream in(bytes);
    in.setVersion(QDataStream::Qt_6_4);
    quint32 magic = 0, version = 0, docs = 0, terms = 0;
    in >> magic >> version >> docs >> m_avgLength;
    if (in.status() != QDataStream::Ok || magic != kMagic || version != 1 ||
        qint64(docs) * 2 > bytes.size())
        return corrupt;
    m_docLength.assign(docs, 0);
    if (in.readRawData(reinterpret_cast<char*>(m_docLength.data()), int(docs * 2)) != int(docs * 2))
        return corrupt;
    in >> terms;
    if (in.status() != QDataStream::Ok || qint64(terms) > bytes.size())
        return corrupt;
    m_terms.clear();
    m_terms.reserve(terms);
    m_postings.assign(terms, {});
    for (quint32 t = 0; t < terms; ++t) {
        QString term;
        quint32 count = 0;
        in >> term >> count;
        if (in.status() != QDataStream::Ok || qint64(count) * 6 > bytes.size())
            return corrupt;
        auto& postings = m_postings[t];
        postings.resize(count);
        for (quint32 i = 0; i < count; ++i) {
            in >> postings[i].id >> postings[i].tf;
            if (postings[i].id < 0 || quint32(postings[i].id) >= docs)
                return corrupt;
        }
        m_terms.insert(term, int(t));
    }
    if (in.status() != QDataStream::Ok)
        return corrupt;
    return ok();
}

} // namespace raglens
