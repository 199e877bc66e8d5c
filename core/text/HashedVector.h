// HashedVector: a dense, L2-normalised bag-of-words vector built by feature
// hashing (the "hashing trick"), so similarity needs no vocabulary, no model
// and no network. Offline stand-in for provider embeddings.
//
// Features are token unigrams and adjacent bigrams (bigrams at half weight),
// hashed with a sign bit so collisions cancel rather than pile up. Term
// frequency is sublinear (1 + ln tf); an optional IDF callback weights rare
// terms up. Cosine similarity is then a dot product.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace grove::text {

class HashedVector {
public:
  static constexpr int kDefaultDims = 256;

  HashedVector() = default;
  explicit HashedVector(int dims) : v_(static_cast<size_t>(dims), 0.0f) {}

  /// Weight of a term (e.g. an IDF); absent means 1 for every term.
  using TermWeight = std::function<double(std::string_view term)>;

  /// From already-tokenised text (text::tokenize).
  static HashedVector fromTokens(const std::vector<std::string>& tokens, int dims = kDefaultDims,
                                 const TermWeight& weight = {});
  /// Tokenises `text` first.
  static HashedVector fromText(std::string_view text, int dims = kDefaultDims,
                               const TermWeight& weight = {});
  /// Wraps stored or provider values (normalises them).
  static HashedVector fromValues(std::vector<float> values);

  /// Cosine similarity in [-1, 1]; 0 when either is empty or dims differ.
  double cosine(const HashedVector& other) const;
  /// this += w * other (then call normalize() for a centroid).
  void add(const HashedVector& other, double w = 1.0);
  void normalize();
  bool empty() const;

  int dims() const { return static_cast<int>(v_.size()); }
  const std::vector<float>& values() const { return v_; }

  /// Storage form: little-endian float32s (provider embeddings, sums).
  std::string toBlob() const;
  /// Half the bytes, for a unit vector kept as it is (a memolet's hashed
  /// vector): a 'h' and little-endian halves (text/HalfFloat), an odd
  /// length where float32s are a multiple of four.
  std::string toCompactBlob() const;
  /// Reads either form.
  static HashedVector fromBlob(std::string_view blob);

private:
  std::vector<float> v_;
};

/// The stable 64-bit hash feature hashing uses (FNV-1a).
uint64_t featureHash(std::string_view s);

}  // namespace grove::text
