#include "memory/TermStats.h"

#include <cmath>
#include <unordered_set>

namespace grove::memory {

void TermStats::addDocument(const std::vector<std::string>& tokens) {
  std::unordered_set<std::string_view> seen;
  for (const auto& t : tokens)
    if (seen.insert(t).second) ++df_[t];
  ++documents_;
}

void TermStats::removeDocument(const std::vector<std::string>& tokens) {
  std::unordered_set<std::string_view> seen;
  for (const auto& t : tokens) {
    if (!seen.insert(t).second) continue;
    auto it = df_.find(t);
    if (it == df_.end()) continue;
    if (--it->second == 0) df_.erase(it);
  }
  if (documents_ > 0) --documents_;
}

size_t TermStats::documentFrequency(std::string_view term) const {
  auto it = df_.find(term);
  return it == df_.end() ? 0 : it->second;
}

double TermStats::idf(std::string_view term) const {
  return std::log((1.0 + double(documents_)) / (1.0 + double(documentFrequency(term)))) + 1.0;
}

text::HashedVector::TermWeight TermStats::weight() const {
  return [this](std::string_view term) { return idf(term); };
}

}  // namespace grove::memory
