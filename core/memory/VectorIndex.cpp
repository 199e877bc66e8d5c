#include "memory/VectorIndex.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <cmath>

namespace grove::memory {
namespace {

/// A query is scored by columns when at most 1/kSparseShare of its
/// dimensions are not zero (16 of 256): a column costs about 1/40 of the row
/// scan here, so this stays well short of where the rows win.
constexpr size_t kSparseShare = 16;

// GCC/Clang vector extensions: four 4-float lanes of partial sums, so the scan
// runs as SIMD without -ffast-math (a single running sum forces strict scalar
// order) and without target-specific intrinsics.
typedef float V4 __attribute__((vector_size(16)));

inline V4 load4(const float* p) {
  V4 v;
  std::memcpy(&v, p, sizeof v);  // unaligned-safe; compiles to one load
  return v;
}

float dot(const float* a, const float* b, size_t n) {
  V4 s0 = {0, 0, 0, 0}, s1 = s0, s2 = s0, s3 = s0;
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    s0 += load4(a + i) * load4(b + i);
    s1 += load4(a + i + 4) * load4(b + i + 4);
    s2 += load4(a + i + 8) * load4(b + i + 8);
    s3 += load4(a + i + 12) * load4(b + i + 12);
  }
  V4 s = (s0 + s1) + (s2 + s3);
  float out = (s[0] + s[1]) + (s[2] + s[3]);
  for (; i < n; ++i) out += a[i] * b[i];
  return out;
}

// Integer dot products of 8-bit codes over a block of rows, as plain loops
// over widened products that the vectoriser turns into SIMD (-O3 is set for
// this file in CMakeLists.txt). Widening 8-bit lanes is slow in baseline
// x86-64 SSE2, so on x86-64 an AVX2 clone is built as well and picked at load
// time when the CPU has it (4-5x faster there). Not under ThreadSanitizer:
// the clone's resolver runs while the loader relocates the program, before
// TSan's runtime is up, and its instrumented code crashes.
#if defined(__SANITIZE_THREAD__)
#define GROVE_NO_SIMD_CLONES 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define GROVE_NO_SIMD_CLONES 1
#endif
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__APPLE__) && \
    !defined(GROVE_NO_SIMD_CLONES)
#define GROVE_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define GROVE_SIMD_CLONES
#endif

/// A block of rows' scores against a query, a row at a time (rows row-major).
GROVE_SIMD_CLONES
void scoreRows(const signed char* query, const signed char* rows, size_t count, size_t d, int32_t* out) {
  for (size_t r = 0; r < count; ++r) {
    const signed char* row = rows + r * d;
    int32_t s = 0;
    for (size_t i = 0; i < d; ++i) s += int32_t(query[i]) * int32_t(row[i]);
    out[r] = s;
  }
}

/// The same from the query's few non-zero dimensions, a dimension at a time
/// (`columns` points at the block's first row in dimension 0; each dimension's
/// column is `stride` codes after the one before).
GROVE_SIMD_CLONES
void scoreColumns(const std::pair<size_t, int32_t>* dims, size_t dimCount, const signed char* columns, size_t stride,
                  size_t count, int32_t* __restrict out) {
  for (size_t r = 0; r < count; ++r) out[r] = 0;
  for (size_t k = 0; k < dimCount; ++k) {
    const int32_t code = dims[k].second;
    const signed char* __restrict column = columns + dims[k].first * stride;
    for (size_t r = 0; r < count; ++r) out[r] += code * int32_t(column[r]);
  }
}

float quantize(const float* values, size_t n, signed char* codes) {
  float maxAbs = 0.0f;
  for (size_t i = 0; i < n; ++i) maxAbs = std::max(maxAbs, std::abs(values[i]));
  float scale = maxAbs > 0.0f ? maxAbs / 127.0f : 0.0f;
  for (size_t i = 0; i < n; ++i)
    codes[i] = scale > 0.0f ? static_cast<signed char>(std::lround(values[i] / scale)) : 0;
  return scale;
}

}  // namespace

void VectorIndex::reserveColumns(size_t rows) {
  if (rows <= columnCapacity_) return;
  // One block for every column, grown by doubling like a vector: each column
  // moves once per doubling, and the heap sees one allocation, not one per
  // dimension.
  const size_t d = static_cast<size_t>(dims_);
  const size_t capacity = std::max<size_t>({rows, 2 * columnCapacity_, 64});
  std::vector<signed char> grown(d * capacity);
  for (size_t i = 0; i < d && columnCapacity_ > 0; ++i)
    std::memcpy(&grown[i * capacity], &columns_[i * columnCapacity_], ids_.size());
  columns_ = std::move(grown);
  columnCapacity_ = capacity;
}

bool VectorIndex::upsert(const std::string& id, const std::vector<float>& values, uint32_t group) {
  if (values.size() != static_cast<size_t>(dims_)) return false;
  const size_t d = static_cast<size_t>(dims_);
  auto it = rows_.find(id);
  size_t row;
  if (it != rows_.end()) {
    row = it->second;
  } else {
    row = ids_.size();
    reserveColumns(row + 1);
    ids_.push_back(id);
    rows_.emplace(id, row);
    data_.resize(data_.size() + d);
    codes_.resize(codes_.size() + d);
    scales_.push_back(0.0f);
    groups_.push_back(0);
  }
  groups_[row] = group;
  std::memcpy(&data_[row * d], values.data(), d * sizeof(float));
  scales_[row] = quantize(values.data(), d, &codes_[row * d]);
  for (size_t i = 0; i < d; ++i) column(i)[row] = codes_[row * d + i];
  return true;
}

bool VectorIndex::remove(const std::string& id) {
  auto it = rows_.find(id);
  if (it == rows_.end()) return false;
  size_t row = it->second;
  size_t last = ids_.size() - 1;
  const size_t d = static_cast<size_t>(dims_);
  if (row != last) {
    std::memcpy(&data_[row * d], &data_[last * d], d * sizeof(float));
    std::memcpy(&codes_[row * d], &codes_[last * d], d);
    for (size_t i = 0; i < d; ++i) column(i)[row] = column(i)[last];
    scales_[row] = scales_[last];
    groups_[row] = groups_[last];
    ids_[row] = std::move(ids_[last]);
    rows_[ids_[row]] = row;
  }
  rows_.erase(id);
  ids_.pop_back();
  data_.resize(last * d);
  codes_.resize(last * d);
  scales_.pop_back();
  groups_.pop_back();
  return true;
}

void VectorIndex::clear() {
  data_.clear();
  groups_.clear();
  codes_.clear();
  columns_.clear();
  columnCapacity_ = 0;
  scales_.clear();
  ids_.clear();
  rows_.clear();
}

std::vector<VectorHit> VectorIndex::topK(const std::vector<float>& query, size_t k,
                                         const Filter& filter) const {
  auto all = topKMany({query}, k, filter);
  return std::move(all.front());
}

std::vector<std::vector<VectorHit>> VectorIndex::topKInGroup(
    const std::vector<std::vector<float>>& queries, size_t k, uint32_t group,
    const Filter& filter) const {
  std::vector<std::vector<VectorHit>> out(queries.size());
  const size_t d = static_cast<size_t>(dims_);
  if (k == 0) return out;
  std::vector<size_t> rows;
  for (size_t row = 0; row < groups_.size(); ++row)
    if (groups_[row] == group && (!filter || filter(ids_[row]))) rows.push_back(row);
  auto better = [](const VectorHit& a, const VectorHit& b) {
    return a.score != b.score ? a.score > b.score : a.id < b.id;
  };
  for (size_t i = 0; i < queries.size(); ++i) {
    if (queries[i].size() != d) continue;
    // Scores first, ids only for the k kept: no string copies per row.
    std::vector<std::pair<double, size_t>> scored;
    scored.reserve(rows.size());
    for (size_t row : rows) scored.push_back({dot(queries[i].data(), &data_[row * d], d), row});
    size_t keep = std::min(k, scored.size());
    std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(keep), scored.end(),
                      [&](const auto& a, const auto& b) {
                        return a.first != b.first ? a.first > b.first : ids_[a.second] < ids_[b.second];
                      });
    auto& hits = out[i];
    for (size_t r = 0; r < keep; ++r) hits.push_back({ids_[scored[r].second], scored[r].first});
    std::sort(hits.begin(), hits.end(), better);
  }
  return out;
}

std::vector<std::vector<VectorHit>> VectorIndex::topKMany(
    const std::vector<std::vector<float>>& queries, size_t k, const Filter& filter) const {
  std::vector<std::vector<VectorHit>> out(queries.size());
  const size_t d = static_cast<size_t>(dims_);
  if (k == 0 || ids_.empty()) return out;

  // Queries of the right size, quantised like the rows. A query that is zero
  // in all but a few dimensions (a hashed query of a few words) is scored
  // from those dimensions' columns; any other from the rows, whose scan the
  // vectoriser handles far better (a dense query by columns took 8x longer).
  struct Q {
    size_t index;
    std::vector<signed char> codes;
    std::vector<std::pair<size_t, int32_t>> dims;  // dimension, code: set when sparse
    float scale;
  };
  std::vector<Q> qs;
  for (size_t i = 0; i < queries.size(); ++i) {
    if (queries[i].size() != d) continue;
    Q q{i, std::vector<signed char>(d), {}, 0.0f};
    q.scale = quantize(queries[i].data(), d, q.codes.data());
    const size_t nonZero = d - static_cast<size_t>(std::count(q.codes.begin(), q.codes.end(), 0));
    if (nonZero * kSparseShare <= d)
      for (size_t dim = 0; dim < d; ++dim)
        if (q.codes[dim] != 0) q.dims.push_back({dim, q.codes[dim]});
    qs.push_back(std::move(q));
  }
  if (qs.empty()) return out;

  // Pass 1: approximate scores (8-bit query x 8-bit rows) into one worse-first
  // heap per query, each holding the best `candidates` rows.
  const size_t candidates = std::max<size_t>(4 * k, 64);
  using Entry = std::pair<float, size_t>;
  auto worse = [](const Entry& a, const Entry& b) { return a.first > b.first; };
  std::vector<std::vector<Entry>> heaps(qs.size());
  for (auto& h : heaps) h.reserve(candidates + 1);
  constexpr size_t kBlock = 512;  // rows scored per call: stays in L1/L2 across queries
  std::vector<int32_t> block(kBlock);
  for (size_t start = 0; start < ids_.size(); start += kBlock) {
    const size_t count = std::min(kBlock, ids_.size() - start);
    for (size_t j = 0; j < qs.size(); ++j) {
      if (qs[j].dims.empty())
        scoreRows(qs[j].codes.data(), &codes_[start * d], count, d, block.data());
      else
        scoreColumns(qs[j].dims.data(), qs[j].dims.size(), column(0) + start, columnCapacity_, count, block.data());
      auto& heap = heaps[j];
      for (size_t r = 0; r < count; ++r) {
        const size_t row = start + r;
        float s = static_cast<float>(block[r]) * scales_[row] * qs[j].scale;
        if (heap.size() == candidates && s <= heap.front().first) continue;
        if (filter && !filter(ids_[row])) continue;
        heap.push_back({s, row});
        std::push_heap(heap.begin(), heap.end(), worse);
        if (heap.size() > candidates) {
          std::pop_heap(heap.begin(), heap.end(), worse);
          heap.pop_back();
        }
      }
    }
  }

  // Pass 2: exact float scores for each query's candidates, best first, ties by id.
  for (size_t j = 0; j < qs.size(); ++j) {
    auto& hits = out[qs[j].index];
    const float* q = queries[qs[j].index].data();
    hits.reserve(heaps[j].size());
    for (const auto& entry : heaps[j]) hits.push_back({ids_[entry.second], dot(q, &data_[entry.second * d], d)});
    std::sort(hits.begin(), hits.end(), [](const VectorHit& a, const VectorHit& b) {
      return a.score != b.score ? a.score > b.score : a.id < b.id;
    });
    if (hits.size() > k) hits.resize(k);
  }
  return out;
}

}  // namespace grove::memory
