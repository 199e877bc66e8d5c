#include "text/HashedVector.h"

#include <cmath>
#include <cstring>
#include <unordered_map>

#include "text/HalfFloat.h"
#include "text/Tokenizer.h"

namespace grove::text {

uint64_t featureHash(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  // FNV's low bits mix poorly for short keys; fold the high half in.
  return h ^ (h >> 29);
}

HashedVector HashedVector::fromTokens(const std::vector<std::string>& tokens, int dims,
                                      const TermWeight& weight) {
  HashedVector out(dims);
  if (tokens.empty() || dims <= 0) return out;
  std::unordered_map<std::string, double> tf;
  for (size_t i = 0; i < tokens.size(); ++i) {
    tf[tokens[i]] += 1.0;
    if (i + 1 < tokens.size()) tf[tokens[i] + ' ' + tokens[i + 1]] += 0.5;
  }
  for (const auto& [term, count] : tf) {
    double w = 1.0 + std::log(count < 1.0 ? 1.0 : count);
    if (count < 1.0) w *= count;  // bigrams only: keep their half weight
    if (weight) {
      auto space = term.find(' ');
      w *= space == std::string::npos
               ? weight(term)
               : 0.5 * (weight(std::string_view(term).substr(0, space)) +
                        weight(std::string_view(term).substr(space + 1)));
    }
    uint64_t h = featureHash(term);
    size_t slot = static_cast<size_t>(h % static_cast<uint64_t>(dims));
    float sign = (h >> 63) ? -1.0f : 1.0f;
    out.v_[slot] += sign * static_cast<float>(w);
  }
  out.normalize();
  return out;
}

HashedVector HashedVector::fromText(std::string_view text, int dims, const TermWeight& weight) {
  return fromTokens(tokenize(text), dims, weight);
}

HashedVector HashedVector::fromValues(std::vector<float> values) {
  HashedVector out;
  out.v_ = std::move(values);
  out.normalize();
  return out;
}

double HashedVector::cosine(const HashedVector& o) const {
  if (v_.size() != o.v_.size() || v_.empty()) return 0.0;
  double dot = 0.0;
  for (size_t i = 0; i < v_.size(); ++i) dot += static_cast<double>(v_[i]) * o.v_[i];
  return dot;  // both are unit length (or zero)
}

void HashedVector::add(const HashedVector& o, double w) {
  if (v_.empty()) v_.assign(o.v_.size(), 0.0f);
  if (o.v_.size() != v_.size()) return;
  for (size_t i = 0; i < v_.size(); ++i) v_[i] += static_cast<float>(w) * o.v_[i];
}

void HashedVector::normalize() {
  double n = 0.0;
  for (float x : v_) n += static_cast<double>(x) * x;
  if (n <= 0.0) return;
  float inv = static_cast<float>(1.0 / std::sqrt(n));
  for (float& x : v_) x *= inv;
}

bool HashedVector::empty() const {
  for (float x : v_)
    if (x != 0.0f) return false;
  return true;
}

std::string HashedVector::toBlob() const {
  std::string out(v_.size() * sizeof(float), '\0');
  if (!v_.empty()) std::memcpy(out.data(), v_.data(), out.size());  // x86/ARM: little-endian
  return out;
}

namespace {
constexpr char kCompactMark = 'h';
}  // namespace

std::string HashedVector::toCompactBlob() const {
  if (v_.empty()) return {};
  std::string out(1 + v_.size() * 2, kCompactMark);
  for (size_t i = 0; i < v_.size(); ++i) {
    const uint16_t h = toHalf(v_[i]);
    out[1 + 2 * i] = static_cast<char>(h & 0xff);
    out[2 + 2 * i] = static_cast<char>(h >> 8);
  }
  return out;
}

HashedVector HashedVector::fromBlob(std::string_view blob) {
  HashedVector out;
  if (blob.size() % 2 == 1 && blob[0] == kCompactMark) {
    out.v_.resize(blob.size() / 2);
    for (size_t i = 0; i < out.v_.size(); ++i) {
      const auto lo = static_cast<unsigned char>(blob[1 + 2 * i]), hi = static_cast<unsigned char>(blob[2 + 2 * i]);
      out.v_[i] = fromHalf(static_cast<uint16_t>(lo | (hi << 8)));
    }
    return out;
  }
  out.v_.resize(blob.size() / sizeof(float));
  if (!out.v_.empty()) std::memcpy(out.v_.data(), blob.data(), out.v_.size() * sizeof(float));
  return out;
}

}  // namespace grove::text
