// VectorIndex: flat in-memory nearest-neighbour index (cosine on unit vectors =
// dot product), exact in its final order. A scan of 100,000 x 256 floats reads
// 100 MB and is bound by memory bandwidth (10-20 ms here), so each row also has
// an 8-bit copy (one scale per row): the first pass scores the 8-bit query
// against those 25 MB, keeps the best max(4k, 64) candidates in a heap, and
// exact float dot products then rank the candidates. 8-bit rounding moves a
// score by a few thousandths, far less than the gap between rank k and rank 4k
// in practice (the tests compare against brute force). The 8-bit codes are
// also kept a dimension at a time (one column per dimension, 25 MB more for
// 100,000 rows): a hashed query of a few words is zero in all but a handful
// of its dimensions, and reading just those columns takes a fraction of the
// row scan (a search box query: about 2.6 -> 1 ms at 100,000 rows). A query with many
// dimensions (a memolet's own vector, a provider embedding) scans the rows.
// topKMany serves several queries per scan.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace grove::memory {

struct VectorHit {
  std::string id;
  double score = 0.0;
};

class VectorIndex {
public:
  explicit VectorIndex(int dims = 256) : dims_(dims) {}

  /// Inserts or replaces. Values are stored as given (pass unit vectors for
  /// cosine); a vector of the wrong size is rejected (returns false).
  /// `group` tags the row (a project) for topKInGroup.
  bool upsert(const std::string& id, const std::vector<float>& values, uint32_t group = 0);
  /// Removes; true when it was there. O(1) (the last row moves into the hole).
  bool remove(const std::string& id);
  bool contains(const std::string& id) const { return rows_.count(id) != 0; }
  void clear();
  size_t size() const { return ids_.size(); }
  int dims() const { return dims_; }

  /// Only rows whose id passes are considered (e.g. a project or sandbox scope).
  using Filter = std::function<bool(const std::string& id)>;

  /// The k highest dot products, best first (ties by id). Empty when the query
  /// has the wrong size.
  std::vector<VectorHit> topK(const std::vector<float>& query, size_t k,
                              const Filter& filter = {}) const;

  /// topK for several queries in one pass over the rows (query expansion: the
  /// scan is bound by memory bandwidth, so n queries cost little more than one).
  /// Same results as calling topK per query; a query of the wrong size gets none.
  std::vector<std::vector<VectorHit>> topKMany(const std::vector<std::vector<float>>& queries,
                                               size_t k, const Filter& filter = {}) const;

  /// topKMany over the rows tagged `group` only, scored exactly: a scope of a
  /// few thousand rows (one project) costs what it holds (plus a pass over
  /// the 4-byte tags), not a scan of the whole index.
  std::vector<std::vector<VectorHit>> topKInGroup(const std::vector<std::vector<float>>& queries,
                                                  size_t k, uint32_t group,
                                                  const Filter& filter = {}) const;

private:
  int dims_;
  std::vector<float> data_;                   // size() * dims_ floats, row-major
  std::vector<signed char> codes_;            // size() * dims_ 8-bit codes, row-major
  // The same codes a dimension at a time: column i holds columnCapacity_
  // codes from columns_[i * columnCapacity_], the first size() of them used.
  std::vector<signed char> columns_;
  size_t columnCapacity_ = 0;
  signed char* column(size_t dim) { return columns_.data() + dim * columnCapacity_; }
  const signed char* column(size_t dim) const { return columns_.data() + dim * columnCapacity_; }
  /// Room for `rows` rows in every column, keeping the size() rows there.
  void reserveColumns(size_t rows);
  std::vector<float> scales_;                 // per row: value = code * scale
  std::vector<uint32_t> groups_;              // per row: its group tag
  std::vector<std::string> ids_;              // row -> id
  std::unordered_map<std::string, size_t> rows_;  // id -> row
};

}  // namespace grove::memory
