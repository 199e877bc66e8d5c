#include "structure/Terms.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "text/Tokenizer.h"

namespace grove::structure {
namespace {

bool wordByte(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

}  // namespace

Terms termsOf(std::string_view text, bool surfaces) {
  Terms out;
  if (!surfaces) {
    out.tokens = text::tokenize(text);
    out.set.insert(out.tokens.begin(), out.tokens.end());
    return out;
  }
  size_t i = 0;
  // Word by word, so each token remembers the word it came from; tokenize()
  // splits at non-word bytes anyway, so the tokens are the same as for the
  // whole text.
  while (i < text.size()) {
    if (!wordByte(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() &&
           (wordByte(static_cast<unsigned char>(text[j])) ||
            (text[j] == '\'' && j + 1 < text.size() && std::isalpha(static_cast<unsigned char>(text[j + 1])))))
      ++j;
    std::string_view word = text.substr(i, j - i);
    i = j;
    for (auto& tok : text::tokenize(word)) {
      if (out.set.insert(tok).second) {
        out.surface.emplace(tok, std::string(word));
      }
      out.tokens.push_back(std::move(tok));
    }
  }
  return out;
}

bool isGenericWord(std::string_view token) {
  // Written as words; compared as the stems the tokenizer produces.
  static const std::unordered_set<std::string> generic = [] {
    std::unordered_set<std::string> out;
    for (const char* w :
         {"question", "questions", "different", "difference", "problem", "issue", "work", "works", "worked",
          "fix", "fixed", "good", "best", "right", "idea", "approach", "help", "find", "try", "start", "set",
          "add", "write", "run", "call", "new", "old", "first", "last", "next", "time", "step", "part", "case",
          "stuff", "better", "faster", "slow", "fast", "explain", "understand", "mean", "happen", "happens",
          "sometimes", "always", "never", "every", "without", "instead", "another", "unrelated", "side",
          "quick", "topic", "back", "main", "thread", "clear", "yeah", "yep", "perfect", "awesome", "fine",
          "sounds", "plan", "going", "look", "seems", "keep", "wrong", "today", "yesterday", "sense",
          "exactly", "correct", "option", "recommend", "separate", "switching", "gears", "totally", "random",
          "anyway", "somehow", "ask", "wonder", "curious", "tangent", "detour", "change", "idiomatic", "clean",
          "cleanest", "simple", "simplest", "easy", "easiest", "again", "done", "finish", "lol", "hmm",
          "thing", "things", "everything", "lets", "ok", "okay", "alright", "got", "great", "cool", "nice",
          "understood", "works", "helps", "needed", "needs", "one", "two", "last", "quickly", "std", "per",
          "lately", "via", "etc", "whats", "hows", "theres", "heres", "able", "using", "used", "getting", "really", "bunch", "whole"})
      out.insert(text::stem(w));
    return out;
  }();
  return generic.count(std::string(token)) != 0;
}

void ConversationIdf::addDocument(const Terms& doc) {
  docs_ += 1;
  for (const auto& t : doc.set) df_[t] += 1;
}

double ConversationIdf::weight(const std::string& token) const {
  auto it = df_.find(token);
  int df = it == df_.end() ? 1 : std::max(1, it->second);
  double w = std::log(1.0 + static_cast<double>(std::max(docs_, 1)) / df);
  return isGenericWord(token) ? 0.25 * w : w;
}

void TopicBag::add(const Terms& t, double w, const ConversationIdf& idf) {
  for (const auto& tok : t.set) {
    double& cur = weight[tok];
    cur = std::max(cur, w);
    units[tok] += 1;
    surface.emplace(tok, t.surface.count(tok) ? t.surface.at(tok) : tok);
  }
  if (t.tokens.empty()) return;
  auto v = text::HashedVector::fromTokens(t.tokens, text::HashedVector::kDefaultDims,
                                          [&](std::string_view s) { return idf.weight(std::string(s)); });
  vector.add(v, w);
}

double TopicBag::strength(const std::string& token) const {
  auto it = weight.find(token);
  return it == weight.end() ? 0.0 : it->second;
}

double coverage(const Terms& message, const TopicBag& bag, const ConversationIdf& idf) {
  double total = 0, covered = 0;
  for (const auto& t : message.set) {
    double w = idf.weight(t);
    total += w;
    covered += w * bag.strength(t);
  }
  return total > 0 ? covered / total : 0.0;
}

double hashedCosine(const Terms& message, const TopicBag& bag, const ConversationIdf& idf) {
  if (message.tokens.empty() || bag.vector.empty()) return 0.0;
  auto m = text::HashedVector::fromTokens(message.tokens, text::HashedVector::kDefaultDims,
                                          [&](std::string_view s) { return idf.weight(std::string(s)); });
  text::HashedVector c = bag.vector;
  c.normalize();
  return std::max(0.0, m.cosine(c));
}

namespace {

// Names, identifiers and acronyms ("SFINAE", "parse_config", "Qt") say more
// about a topic than plain words of the same rarity.
double salience(const std::string& word) {
  bool marked = std::any_of(word.begin(), word.end(), [](unsigned char c) {
    return std::isupper(c) || std::isdigit(c) || c == '_';
  });
  return (marked ? 1.5 : 1.0) * (1.0 + 0.04 * static_cast<double>(std::min<size_t>(word.size(), 12)));
}

std::string surfaceOf(const std::string& tok, const std::unordered_map<std::string, std::string>& surface) {
  auto it = surface.find(tok);
  return it == surface.end() ? tok : it->second;
}

std::vector<std::string> readable(std::vector<std::pair<double, std::string>> scored,
                                  const std::unordered_map<std::string, std::string>& surface, size_t n) {
  // Highest weight first; ties by token so the order is deterministic.
  std::sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  std::vector<std::string> out;
  for (const auto& [w, tok] : scored) {
    if (out.size() >= n) break;
    std::string word = surfaceOf(tok, surface);
    if (std::find(out.begin(), out.end(), word) == out.end()) out.push_back(std::move(word));
  }
  return out;
}

}  // namespace

std::vector<std::string> keyTerms(const Terms& message, const TopicBag& bag, const ConversationIdf& idf,
                                  bool present, size_t n) {
  std::vector<std::pair<double, std::string>> scored;
  for (const auto& t : message.set) {
    if (isGenericWord(t)) continue;
    bool inBag = bag.strength(t) > 0;
    if (inBag == present) scored.emplace_back(idf.weight(t) * salience(surfaceOf(t, message.surface)), t);
  }
  return readable(std::move(scored), message.surface, n);
}

std::vector<std::string> topTerms(const TopicBag& bag, const ConversationIdf& idf, size_t n) {
  std::vector<std::pair<double, std::string>> scored;
  for (const auto& [t, s] : bag.weight)
    if (!isGenericWord(t)) scored.emplace_back(s * bag.units.at(t) * salience(surfaceOf(t, bag.surface)), t);
  return readable(std::move(scored), bag.surface, n);
}

}  // namespace grove::structure
