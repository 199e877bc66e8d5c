#include "structure/Title.h"

#include <cctype>
#include <string>

namespace grove::structure {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Drops `prefix` (case-insensitive, whole words) from the front of `s` with
// the punctuation and spaces after it; true when it did.
bool dropPrefix(std::string& s, std::string_view prefix) {
  if (s.size() < prefix.size() || lower(s.substr(0, prefix.size())) != prefix) return false;
  if (s.size() > prefix.size() && std::isalnum(static_cast<unsigned char>(s[prefix.size()]))) return false;
  size_t i = prefix.size();
  while (i < s.size() && (std::isspace(static_cast<unsigned char>(s[i])) || s[i] == ',' || s[i] == ':' ||
                          s[i] == '-' || s[i] == ';'))
    ++i;
  s.erase(0, i);
  return true;
}

// Announcements after which the new topic starts ("Fixed, it links now.
// Different question: how do I ...").
constexpr std::string_view kShiftPhrases[] = {
    "different question", "unrelated question", "unrelated", "off topic", "off-topic", "switching gears",
    "switching topics", "by the way", "side question", "separate question", "separate thing",
    "different topic", "quick tangent", "totally different topic", "branch this off", "split this off",
    "branch off and"};

// Words after which a title stops being an intent ("My Jupyter kernel keeps
// dying | when I open big notebooks").
bool clauseBreak(std::string_view word) {
  std::string w = lower(word);
  return w == "when" || w == "because" || w == "so" || w == "which" || w == "but" || w == "although" ||
         w == "while" || w == "if" || w == "since";
}

}  // namespace

std::string intentTitle(std::string_view message) {
  std::string s(message);
  std::string low = lower(s);
  for (auto p : kShiftPhrases) {
    size_t at = low.find(p);
    if (at != std::string::npos && at > 0) {
      s.erase(0, at);
      break;
    }
  }
  // Leading cue words and openers, repeatedly ("Also, unrelated: how do I ...").
  static constexpr std::string_view openers[] = {
      "unrelated question", "unrelated", "off topic", "off-topic", "but", "also", "and", "ok", "okay", "so",
      "quick tangent", "quick question", "quick one", "side question", "separate question", "separate thing",
      "different question", "different topic", "totally different topic", "switching gears",
      "switching topics", "by the way", "btw", "let me ask something else", "honestly", "hey", "hi",
      "can you branch this off", "branch this off and", "split this off and", "split this off", "branch off and",
      "let's branch this off and", "let's branch this off", "branch this off",
      "let's branch off and", "let's split this off and", "let's split this off", "can we branch this off and",
      "please", "can you explain", "could you explain", "explain", "can you tell me", "i want to understand",
      "i want to", "i need to", "i'd like to", "what's the", "what is the", "what's", "what is", "what are", "how do i", "how do we", "how can i", "how should i", "how to",
      "is there a way to", "is it worth", "is there", "which", "why is", "why does", "can i", "can we",
      "should i", "should we", "do i need to", "the", "a"};
  for (bool again = true; again;) {
    again = false;
    for (auto p : openers)
      if (dropPrefix(s, p)) {
        again = true;
        break;
      }
  }
  // First clause.
  size_t end = s.size();
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool stop = c == '?' || c == '!' || c == '\n' ||
                ((c == '.' || c == ':' || c == ';') && (i + 1 == s.size() || s[i + 1] == ' '));
    if (stop) {
      end = i;
      break;
    }
  }
  s.resize(end);
  // At most 7 words.
  std::string out;
  int words = 0;
  for (size_t i = 0; i < s.size() && words < 7;) {
    while (i < s.size() && s[i] == ' ') ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) {
      if (words >= 3 && clauseBreak(std::string_view(s).substr(i, j - i))) break;
      if (!out.empty()) out += ' ';
      out.append(s, i, j - i);
      ++words;
    }
    i = j;
  }
  while (!out.empty() && (out.back() == ',' || out.back() == '-' || out.back() == ' ')) out.pop_back();
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

std::string quoted(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? " and " : ", ";
    out += "'" + words[i] + "'";
  }
  return out;
}

}  // namespace grove::structure
