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
  static constexpr std::string_view kMemolet = "(memolet:", kGroup = "(group:";
  if (s.substr(i, kMemolet.size()) == kMemolet) {
    ref.scheme = Reference::Scheme::Memolet;
    i += kMemolet.size();
  } else if (s.substr(i, kGroup.size()) == kGroup) {
    ref.scheme = Reference::Scheme::Group;
    i += kGroup.size();
  } else {
    return false;
  }
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

namespace {

std::vector<std::string> idsOf(std::string_view text, Reference::Scheme scheme) {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (auto& r : parseReferences(text))
    if (r.scheme == scheme && seen.insert(r.id).second) out.push_back(r.id);
  return out;
}

}  // namespace

std::vector<std::string> referencedIds(std::string_view text) { return idsOf(text, Reference::Scheme::Memolet); }

std::vector<std::string> referencedGroupIds(std::string_view text) {
  return idsOf(text, Reference::Scheme::Group);
}

std::string formatReference(std::string_view title, std::string_view id, Reference::Scheme scheme) {
  std::string t;
  t.reserve(title.size());
  for (char c : title) {
    if (c == '[') t.push_back('(');
    else if (c == ']') t.push_back(')');
    else if (c == '\n' || c == '\r') t.push_back(' ');
    else t.push_back(c);
  }
  return "@[" + t + "](" + (scheme == Reference::Scheme::Group ? "group:" : "memolet:") + std::string(id) + ")";
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
