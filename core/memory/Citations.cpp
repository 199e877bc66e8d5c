#include "memory/Citations.h"

#include <cctype>
#include <unordered_set>

namespace grove::memory {
namespace {

bool idChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
}

void skipSpaces(std::string_view s, size_t& i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
}

// Tries to read one mark starting at the '[' at `start`.
bool readMark(std::string_view s, size_t start, CitationMark& mark) {
  size_t i = start;
  int open = 0;
  while (i < s.size() && s[i] == '[' && open < 2) {
    ++open;
    ++i;
    skipSpaces(s, i);
  }
  static constexpr std::string_view kWord = "citation";
  if (s.size() - i < kWord.size()) return false;
  for (size_t j = 0; j < kWord.size(); ++j)
    if (std::tolower(static_cast<unsigned char>(s[i + j])) != kWord[j]) return false;
  i += kWord.size();
  skipSpaces(s, i);
  if (i >= s.size() || s[i] != ':') return false;
  ++i;
  mark.ids.clear();
  while (true) {
    skipSpaces(s, i);
    size_t b = i;
    while (i < s.size() && idChar(s[i])) ++i;
    if (i == b || i - b > 40) return false;
    mark.ids.emplace_back(s.substr(b, i - b));
    skipSpaces(s, i);
    if (i < s.size() && (s[i] == ',' || s[i] == ';')) {
      ++i;
      continue;
    }
    break;
  }
  for (int c = 0; c < open; ++c) {
    skipSpaces(s, i);
    if (i >= s.size() || s[i] != ']') {
      // "[[citation:x]" : accept one closing bracket for a doubled opening.
      if (c == 0) return false;
      break;
    }
    ++i;
  }
  mark.offset = start;
  mark.length = i - start;
  return true;
}

}  // namespace

bool isMemoletId(std::string_view id) {
  if (id.empty() || id.size() > 40) return false;
  for (char c : id)
    if (!idChar(c)) return false;
  return true;
}

std::vector<CitationMark> findCitationMarks(std::string_view answer) {
  std::vector<CitationMark> out;
  size_t i = 0;
  while (i < answer.size()) {
    if (answer[i] != '[') {
      ++i;
      continue;
    }
    CitationMark mark;
    if (readMark(answer, i, mark)) {
      i += mark.length;
      out.push_back(std::move(mark));
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<std::string> parseCitations(std::string_view answer) {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (auto& mark : findCitationMarks(answer))
    for (auto& id : mark.ids)
      if (seen.insert(id).second) out.push_back(id);
  return out;
}

}  // namespace grove::memory
