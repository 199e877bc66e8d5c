#include "knowledge/Phrases.h"

#include <algorithm>
#include <cctype>

#include "memory/Summary.h"

namespace grove::knowledge {

namespace {

constexpr size_t kMaxTitleChars = 60;
constexpr size_t kMaxTitleWords = 8;
constexpr size_t kMaxDetailsChars = 240;

std::string trim(const std::string& s) {
  const char* blank = " \t\r\n";
  size_t a = s.find_first_not_of(blank);
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(blank) - a + 1);
}

}  // namespace

std::string plainPhrase(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == '*' || c == '`' || c == '_'; }), s.end());
  s = trim(s);
  while (!s.empty() && (s.back() == ':' || s.back() == '.')) s.pop_back();
  return trim(s);
}

bool titleLike(const std::string& s) {
  if (s.size() < 2 || s.size() > kMaxTitleChars) return false;
  if (std::none_of(s.begin(), s.end(), [](unsigned char c) { return std::isalpha(c); })) return false;
  size_t words = 1 + std::count(s.begin(), s.end(), ' ');
  return words <= kMaxTitleWords;
}

std::string clipDetails(std::string s) {
  s = trim(s);
  if (s.size() > kMaxDetailsChars) s = s.substr(0, kMaxDetailsChars) + "…";
  return s;
}

std::string firstSentence(const std::string& text) {
  for (const auto& s : memory::splitSentences(text))
    if (!s.empty() && s[0] != '#') return clipDetails(s);
  return "";
}

std::vector<std::string> textLines(const std::string& text) {
  std::vector<std::string> out;
  size_t from = 0;
  while (from <= text.size()) {
    size_t end = text.find('\n', from);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(from, end - from));
    from = end + 1;
  }
  return out;
}

std::optional<std::pair<std::string, std::string>> listItemLead(const std::string& line) {
  std::string t = trim(line);
  size_t start = 0;
  if (t.rfind("- ", 0) == 0 || t.rfind("* ", 0) == 0) {
    start = 2;
  } else {
    size_t digits = 0;
    while (digits < t.size() && std::isdigit(static_cast<unsigned char>(t[digits]))) ++digits;
    if (digits == 0 || digits + 1 >= t.size() || t[digits] != '.' || t[digits + 1] != ' ') return std::nullopt;
    start = digits + 2;
  }
  std::string body = t.substr(start);
  for (const std::string sep : {": ", " — ", " – ", " - "}) {
    size_t at = body.find(sep);
    if (at == std::string::npos) continue;
    std::string lead = plainPhrase(body.substr(0, at));
    if (titleLike(lead)) return std::make_pair(lead, clipDetails(body.substr(at + sep.size())));
  }
  // A bold lead with no separator ("- **Undo log** keeps one entry per call").
  if (body.rfind("**", 0) == 0) {
    size_t end = body.find("**", 2);
    if (end != std::string::npos) {
      std::string lead = plainPhrase(body.substr(2, end - 2));
      if (titleLike(lead)) return std::make_pair(lead, clipDetails(plainPhrase(body)));
    }
  }
  return std::nullopt;
}

}  // namespace grove::knowledge
