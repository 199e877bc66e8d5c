#include "memory/References.h"

#include <unordered_set>

#include "memory/Citations.h"

namespace grove::memory {
namespace {

bool readReference(std::string_view s, size_t at, Reference& ref) {
  size_t i = at + 1;
  if (i >= s.size() || s[i] != '[') return false;
  ++i;
  size_t titleStart = i;
  while (i < s.size() && s[i] != ']' && s[i] != '[' && s[i] != '\n' && s[i] != '\r') ++i;
  if (i >= s.size() || s[i] != ']') return false;
  size_t titleEnd = i++;
  static constexpr std::string_view kScheme = "(memolet:";
  if (s.substr(i, kScheme.size()) != kScheme) return false;
  i += kScheme.size();
  size_t idStart = i;
  while (i < s.size() && s[i] != ')' && i - idStart <= 40) ++i;
  if (i >= s.size() || s[i] != ')') return false;
  std::string_view id = s.substr(idStart, i - idStart);
  if (!isMemoletId(id)) return false;
  ref.title = std::string(s.substr(titleStart, titleEnd - titleStart));
  ref.id = std::string(id);
  ref.offset = at;
  ref.length = i + 1 - at;
  return true;
}

}  // namespace

std::vector<Reference> parseReferences(std::string_view text) {
  std::vector<Reference> out;
  size_t i = 0;
  while ((i = text.find('@', i)) != std::string_view::npos) {
    Reference ref;
    if (readReference(text, i, ref)) {
      i += ref.length;
      out.push_back(std::move(ref));
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<std::string> referencedIds(std::string_view text) {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (auto& r : parseReferences(text))
    if (seen.insert(r.id).second) out.push_back(r.id);
  return out;
}

std::string formatReference(std::string_view title, std::string_view id) {
  std::string t;
  t.reserve(title.size());
  for (char c : title) {
    if (c == '[') t.push_back('(');
    else if (c == ']') t.push_back(')');
    else if (c == '\n' || c == '\r') t.push_back(' ');
    else t.push_back(c);
  }
  return "@[" + t + "](memolet:" + std::string(id) + ")";
}

std::string withTitles(std::string_view text) {
  std::string out;
  size_t at = 0;
  for (const auto& r : parseReferences(text)) {
    out.append(text.substr(at, r.offset - at));
    out += r.title;
    at = r.offset + r.length;
  }
  out.append(text.substr(at));
  return out;
}

}  // namespace grove::memory
