// TermStats: document frequencies of terms over a growing collection (exchanges
// or memolets), for IDF weights: TF-IDF keywords and IDF-weighted hashed
// vectors, in which shared rare terms ("pipefail", "stampede") count for more
// than shared common ones ("error", "file").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "text/HashedVector.h"

namespace grove::memory {

class TermStats {
public:
  /// Counts each distinct token of one document once.
  void addDocument(const std::vector<std::string>& tokens);
  /// Undoes addDocument for the same tokens (an edited or deleted source).
  void removeDocument(const std::vector<std::string>& tokens);

  size_t documentFrequency(std::string_view term) const;
  size_t documentCount() const { return documents_; }

  /// Smoothed IDF, ln((1 + N) / (1 + df)) + 1: >= 1, and 1 + ln(1 + N) for unseen terms.
  double idf(std::string_view term) const;

  /// idf() as a HashedVector weight (borrows *this: keep it alive while used).
  text::HashedVector::TermWeight weight() const;

private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  std::unordered_map<std::string, size_t, Hash, std::equal_to<>> df_;
  size_t documents_ = 0;
};

}  // namespace grove::memory
