#include "text/Tokenizer.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <string>
#include <unordered_set>

namespace grove::text {
namespace {

const std::unordered_set<std::string_view>& stopwords() {
  static const std::unordered_set<std::string_view> words = {
      "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as",
      "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by",
      "can", "could", "did", "do", "does", "doing", "done", "down", "during", "each", "else", "etc",
      "few", "for", "from", "further", "get", "got", "had", "has", "have", "having", "he", "her",
      "here", "hers", "him", "his", "how", "however", "i", "if", "in", "into", "is", "it", "its",
      "itself", "just", "let", "like", "may", "me", "might", "more", "most", "much", "must", "my",
      "need", "no", "nor", "not", "now", "of", "off", "ok", "okay", "on", "once", "one", "only",
      "or", "other", "our", "out", "over", "own", "please", "same", "say", "see", "she", "should",
      "so", "some", "still", "such", "sure", "than", "thank", "thanks", "that", "the", "their",
      "them", "then", "there", "these", "they", "thing", "this", "those", "through", "to", "too",
      "under", "until", "up", "us", "use", "using", "very", "want", "was", "way", "we", "well",
      "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with",
      "would", "yes", "yet", "you", "your", "yours", "yourself", "i'm", "it's", "don't", "dont",
      "im", "ive", "id", "youre", "thats", "lets", "cant", "wont", "isnt", "doesnt", "didnt",
      "hi", "hello", "hey", "great", "cool", "nice", "make", "show", "give", "tell", "know",
      "think", "really", "actually", "maybe", "something", "anything", "kind", "bit", "lot"};
  return words;
}

// ASCII classes, as <cctype>'s in the "C" locale Grove runs in (bytes from
// 0x80 are in none), without a locale lookup per byte: tokenizing runs on
// every search hit's sentences.
bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }
bool isUpper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
bool isAlpha(unsigned char c) { return isUpper(c) || (c >= 'a' && c <= 'z'); }
bool isAlnum(unsigned char c) { return isAlpha(c) || isDigit(c); }
char toLower(unsigned char c) { return static_cast<char>(isUpper(c) ? c + ('a' - 'A') : c); }

bool endsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// Splits one alphanumeric run (an identifier or a word) at case changes and
// letter/digit boundaries: "HTTPServer2Config" -> HTTP, Server, 2, Config.
void splitIdentifier(std::string_view run, std::vector<std::string_view>& parts) {
  size_t start = 0;
  auto kind = [](char c) {
    if (isDigit(static_cast<unsigned char>(c))) return 0;
    if (isUpper(static_cast<unsigned char>(c))) return 1;
    return 2;
  };
  for (size_t i = 1; i <= run.size(); ++i) {
    bool cut = i == run.size();
    if (!cut) {
      int prev = kind(run[i - 1]), cur = kind(run[i]);
      if ((prev == 0) != (cur == 0)) cut = true;            // letter <-> digit
      else if (prev == 2 && cur == 1) cut = true;           // fooBar
      else if (prev == 1 && cur == 1 && i + 1 < run.size() && kind(run[i + 1]) == 2)
        cut = true;                                         // HTTPServer: cut before S
    }
    if (cut) {
      parts.emplace_back(run.substr(start, i - start));
      start = i;
    }
  }
}

// Chinese, Japanese and Korean write words without spaces, so a whole
// sentence would be one run and one token, matching nothing. Their characters
// become overlapping bigrams instead (the usual CJK indexing unit): 向量数据库
// -> 向量 量数 数据 据库, so a query with 数据库 meets it.
bool isCjk(uint32_t cp) {
  return (cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
         (cp >= 0xAC00 && cp <= 0xD7AF) || (cp >= 0xF900 && cp <= 0xFAFF);
}

// The code point of the UTF-8 sequence at s[i] and its length (1 for a stray byte).
std::pair<uint32_t, size_t> decode(std::string_view s, size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
  if (i + n > s.size()) return {c, 1};
  uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
  for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return {cp, n};
}

void cjkBigrams(const std::vector<std::string_view>& chars, std::vector<std::string>& out) {
  if (chars.size() == 1) out.emplace_back(chars[0]);
  for (size_t k = 0; k + 1 < chars.size(); ++k) out.push_back(std::string(chars[k]) + std::string(chars[k + 1]));
}

}  // namespace

std::string trimPunctuation(std::string_view token) {
  auto punctuation = [](uint32_t c) {
    return c < 0x80 ? !isAlnum(static_cast<unsigned char>(c))
                    : c == 0xA1 || c == 0xAB || c == 0xBB || c == 0xBF || (c >= 0x2000 && c <= 0x206F) ||
                          (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFF0F) ||
                          (c >= 0xFF1A && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65);
  };
  size_t first = 0;
  while (first < token.size()) {
    auto [cp, n] = decode(token, first);
    if (!punctuation(cp)) break;
    first += n;
  }
  size_t end = first;
  for (size_t i = first; i < token.size();) {
    auto [cp, n] = decode(token, i);
    i += n;
    if (!punctuation(cp)) end = i;
  }
  return std::string(token.substr(first, end - first));
}

bool isStopword(std::string_view w) {
  // Most tokens are longer than any stop word: no hash for them.
  static const size_t longest = [] {
    size_t n = 0;
    for (auto word : stopwords()) n = std::max(n, word.size());
    return n;
  }();
  return w.size() <= longest && stopwords().count(w) != 0;
}

std::string stem(std::string_view w) {
  std::string s(w);
  if (s.size() > 5 && endsWith(s, "ies")) return s.substr(0, s.size() - 3) + "y";
  if (s.size() > 5 && endsWith(s, "ing")) s.resize(s.size() - 3);
  else if (s.size() > 4 && endsWith(s, "ed") && !endsWith(s, "eed")) s.resize(s.size() - 2);
  else if (s.size() > 4 && endsWith(s, "es") &&
           (endsWith(s, "ches") || endsWith(s, "shes") || endsWith(s, "xes") || endsWith(s, "sses")))
    s.resize(s.size() - 2);
  else if (s.size() > 3 && endsWith(s, "s") && !endsWith(s, "ss") && !endsWith(s, "us") &&
           !endsWith(s, "is"))
    s.resize(s.size() - 1);
  // "caching"/"cached" -> "cach"; fold the dropped 'e' so "cache" meets them.
  if (s.size() > 3 && endsWith(s, "e") && !endsWith(s, "ee")) s.resize(s.size() - 1);
  return s;
}

std::string otherSpelling(std::string_view s) {
  auto isVowel = [](char c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u'; };
  // Four bytes at least: "spy"/"spi" or "ski"/"sky" are other words.
  if (s.size() < 4 || isVowel(s[s.size() - 2]) || !isAlpha(static_cast<unsigned char>(s[s.size() - 2])))
    return {};
  std::string out(s);
  if (out.back() == 'y') out.back() = 'i';
  else if (out.back() == 'i') out.back() = 'y';
  else return {};
  return out;
}

std::vector<std::string> withOtherSpellings(const std::vector<std::string>& tokens) {
  std::vector<std::string> out;
  out.reserve(tokens.size() * 2);
  for (const auto& t : tokens) {
    out.push_back(t);
    if (auto other = otherSpelling(t); !other.empty()) out.push_back(std::move(other));
  }
  return out;
}

std::vector<std::string> tokenize(std::string_view text) {
  std::vector<std::string> out;
  // Views into `text`, reused across runs: tokenizing runs on every search
  // hit's sentences, so it allocates only for the tokens it returns.
  std::vector<std::string_view> parts;
  std::vector<std::string_view> cjk;
  size_t i = 0;
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (!isAlnum(c) && c < 0x80) {
      ++i;
      continue;
    }
    size_t j = i;
    // A run is letters/digits plus non-ASCII bytes (kept whole, not split).
    while (j < text.size()) {
      unsigned char d = static_cast<unsigned char>(text[j]);
      if (isAlnum(d) || d >= 0x80 || (d == '\'' && j + 1 < text.size() &&
                                       isAlpha(static_cast<unsigned char>(text[j + 1]))))
        ++j;
      else
        break;
    }
    std::string_view whole = text.substr(i, j - i);
    i = j;
    parts.clear();
    cjk.clear();
    // Cut CJK characters out of the run (as bigrams); the rest splits as identifiers.
    size_t from = 0;
    for (size_t k = 0; k < whole.size();) {
      auto [cp, n] = decode(whole, k);
      if (isCjk(cp)) {
        if (cjk.empty() && k > from) splitIdentifier(whole.substr(from, k - from), parts);
        cjk.push_back(whole.substr(k, n));
        from = k + n;
      } else if (!cjk.empty()) {
        cjkBigrams(cjk, out);
        cjk.clear();
      }
      k += n;
    }
    if (!cjk.empty()) cjkBigrams(cjk, out);
    else if (from < whole.size()) splitIdentifier(whole.substr(from), parts);
    for (std::string_view p : parts) {
      std::string lower;
      lower.reserve(p.size());
      for (char ch : p) {
        if (ch == '\'') continue;
        lower.push_back(toLower(static_cast<unsigned char>(ch)));
      }
      if (lower.size() < 2 || isStopword(lower)) continue;
      bool digits = std::all_of(lower.begin(), lower.end(),
                                [](char ch) { return isDigit(static_cast<unsigned char>(ch)); });
      if (digits && lower.size() < 2) continue;
      out.push_back(digits ? lower : stem(lower));
    }
  }
  return out;
}

}  // namespace grove::text
