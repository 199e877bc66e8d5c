#include "memory/ContextyScore.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "text/Tokenizer.h"

namespace grove::memory {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

ContextyScore contextyScore(std::string_view query, std::string_view memoryText,
                            const std::vector<std::string>& tags, double ageDays) {
  ContextyScore s;
  auto q = text::tokenize(query);
  std::set<std::string> qs(q.begin(), q.end());
  if (!qs.empty()) {
    auto m = text::tokenize(memoryText);
    std::set<std::string> ms(m.begin(), m.end());
    size_t shared = 0;
    for (const auto& t : qs) shared += ms.count(t);
    s.overlap = static_cast<double>(shared) / static_cast<double>(qs.size());
  }
  // Case-insensitive, as people type queries; an empty tag matches nothing.
  std::string ql = lower(query);
  if (std::any_of(tags.begin(), tags.end(),
                  [&](const std::string& t) { return !t.empty() && ql.find(lower(t)) != std::string::npos; }))
    s.tag = 0.2;
  s.recency = 0.15 * std::max(0.0, 1.0 - std::max(0.0, ageDays) / 30.0);
  s.total = s.overlap + s.tag + s.recency;
  return s;
}

}  // namespace grove::memory
