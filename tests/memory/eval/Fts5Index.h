// Fts5Index: BM25 over an in-memory SQLite FTS5 table, the way production
// ranks memolets lexically. Test/bench support only (grove_memory itself has
// no SQLite): documents go in as memory::ftsDocument text.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace grove::memory::eval {

class Fts5Index {
public:
  Fts5Index();
  ~Fts5Index();
  Fts5Index(const Fts5Index&) = delete;
  Fts5Index& operator=(const Fts5Index&) = delete;

  /// Inserts or replaces the document for `id` (raw text; tokenised here).
  void upsert(const std::string& id, const std::string& text);
  void remove(const std::string& id);
  /// Ids by BM25, best first; empty for a match expression without terms.
  std::vector<std::string> search(const std::string& matchExpression, int limit) const;
  void begin();
  void commit();

private:
  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_ = nullptr;
  sqlite3_stmt* remove_ = nullptr;
  sqlite3_stmt* search_ = nullptr;
  // Rows are keyed by rowid (as the store does); the id lives in these maps.
  std::unordered_map<std::string, int64_t> rowOf_;
  std::unordered_map<int64_t, std::string> idOf_;
  int64_t nextRow_ = 1;
};

}  // namespace grove::memory::eval
