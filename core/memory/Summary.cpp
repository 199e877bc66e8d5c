#include "memory/Summary.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "text/Tokenizer.h"

namespace grove::memory {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool isListItem(std::string_view line) {
  line = trim(line);
  if (line.size() >= 2 && (line[0] == '-' || line[0] == '*' || line[0] == '+') && line[1] == ' ')
    return true;
  size_t i = 0;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
  return i > 0 && i + 1 < line.size() && (line[i] == '.' || line[i] == ')') && line[i + 1] == ' ';
}

// Splits a paragraph of prose at . ! ? followed by whitespace and then a
// capital, a digit, a backtick or the end ("e.g. this" stays whole).
void splitProse(std::string_view para, std::vector<std::string>& out) {
  size_t start = 0;
  for (size_t i = 0; i < para.size(); ++i) {
    char c = para[i];
    if (c != '.' && c != '!' && c != '?') continue;
    size_t j = i + 1;
    if (j < para.size() && !std::isspace(static_cast<unsigned char>(para[j]))) continue;
    while (j < para.size() && std::isspace(static_cast<unsigned char>(para[j]))) ++j;
    if (j < para.size()) {
      unsigned char n = static_cast<unsigned char>(para[j]);
      if (!std::isupper(n) && !std::isdigit(n) && n != '`' && n != '"') continue;
    }
    auto s = trim(para.substr(start, i + 1 - start));
    if (!s.empty()) out.emplace_back(s);
    start = j;
    i = j == 0 ? 0 : j - 1;
  }
  auto rest = trim(para.substr(std::min(start, para.size())));
  if (!rest.empty()) out.emplace_back(rest);
}

struct Piece {
  std::string text;
  bool code = false;
};

std::vector<Piece> pieces(std::string_view text) {
  std::vector<Piece> out;
  std::string para;
  std::string code;
  bool inCode = false;
  auto flushPara = [&] {
    std::vector<std::string> s;
    splitProse(para, s);
    for (auto& x : s) out.push_back({std::move(x), false});
    para.clear();
  };
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    bool fence = trim(line).substr(0, 3) == "```";
    if (inCode) {
      if (fence) {
        auto c = trim(code);
        if (!c.empty()) out.push_back({std::string(c), true});
        code.clear();
        inCode = false;
      } else {
        code.append(line).push_back('\n');
      }
    } else if (fence) {
      flushPara();
      inCode = true;
    } else if (trim(line).empty()) {
      flushPara();
    } else {
      if (isListItem(line)) flushPara();
      if (!para.empty()) para.push_back(' ');
      para.append(trim(line));
    }
    if (nl == text.size()) break;
  }
  if (inCode) {
    auto c = trim(code);
    if (!c.empty()) out.push_back({std::string(c), true});
  }
  flushPara();
  return out;
}

}  // namespace

std::vector<std::string> splitSentences(std::string_view text) {
  std::vector<std::string> out;
  for (auto& p : pieces(text)) out.push_back(std::move(p.text));
  return out;
}

std::string extractiveSummary(std::string_view text, size_t n) {
  auto all = pieces(text);
  std::vector<size_t> candidates;
  for (size_t i = 0; i < all.size(); ++i)
    if (!all[i].code) candidates.push_back(i);
  if (candidates.empty())
    for (size_t i = 0; i < all.size(); ++i) candidates.push_back(i);
  if (candidates.empty() || n == 0) return {};

  // Centrality: a sentence scores by how frequent its distinct terms are in
  // the whole text, damped by its length so long sentences do not win alone.
  std::unordered_map<std::string, double> freq;
  for (auto& t : text::tokenize(text)) freq[t] += 1.0;
  std::vector<std::pair<double, size_t>> scored;
  for (size_t rank = 0; rank < candidates.size(); ++rank) {
    size_t i = candidates[rank];
    auto toks = text::tokenize(all[i].text);
    std::unordered_set<std::string> uniq(toks.begin(), toks.end());
    double s = 0.0;
    for (auto& t : uniq) s += freq[t];
    s /= std::sqrt(1.0 + static_cast<double>(toks.size()));
    if (rank == 0) s *= 1.5;  // the opening sentence usually states the topic
    scored.push_back({s, i});
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](auto& a, auto& b) { return a.first > b.first; });
  if (scored.size() > n) scored.resize(n);
  std::sort(scored.begin(), scored.end(), [](auto& a, auto& b) { return a.second < b.second; });
  std::string out;
  for (auto& [s, i] : scored) {
    std::string sentence = all[i].text;
    if (sentence.size() > 240) {
      size_t cut = 237;
      while (cut > 0 && (static_cast<unsigned char>(sentence[cut]) & 0xC0) == 0x80) --cut;
      sentence = sentence.substr(0, cut) + "...";
    }
    if (!out.empty()) out.push_back(' ');
    out += sentence;
  }
  return out;
}

std::vector<std::string> matchingSentences(std::string_view text, std::string_view query, size_t n) {
  // Sorted distinct terms rather than hash sets: this runs for every search
  // hit, on every sentence of its memolet.
  auto distinct = [](std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  };
  // A query token in either spelling: "apply" meets "applied" ("appli").
  const auto qs = distinct(text::withOtherSpellings(text::tokenize(query)));
  // A sentence can hold a query token only if its text, lowercased and
  // without apostrophes, holds the token but its last byte (a token is a
  // lowercased part of a word with apostrophes dropped, stemmed by cutting a
  // suffix or by "ies" -> "y"). Checking that first spares tokenizing most
  // sentences of a long memolet; the choice is the same.
  std::vector<std::string> needles;
  for (const auto& q : qs) needles.push_back(q.substr(0, q.size() - 1));
  std::string folded;
  auto mayShare = [&](const std::string& sentence) {
    folded.clear();
    for (char c : sentence)
      if (c != '\'') folded.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c);
    for (const auto& needle : needles)
      if (folded.find(needle) != std::string::npos) return true;
    return false;
  };
  auto all = splitSentences(text);
  std::vector<std::pair<double, size_t>> scored;
  for (size_t i = 0; i < all.size(); ++i) {
    if (!mayShare(all[i])) continue;
    const auto uniq = distinct(text::tokenize(all[i]));
    size_t shared = 0;
    for (const auto& t : uniq) shared += std::binary_search(qs.begin(), qs.end(), t);
    if (shared == 0) continue;
    // More shared terms first; among equals the denser (shorter) sentence.
    double s = static_cast<double>(shared) + static_cast<double>(shared) / (1.0 + uniq.size());
    scored.push_back({s, i});
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](auto& a, auto& b) { return a.first > b.first; });
  std::vector<std::string> out;
  for (size_t j = 0; j < scored.size() && j < n; ++j) out.push_back(all[scored[j].second]);
  return out;
}

}  // namespace grove::memory
