#include "eval/Fts5Index.h"

#include <sqlite3.h>

#include <stdexcept>

#include "memory/FtsText.h"

namespace grove::memory::eval {
namespace {

void check(sqlite3* db, int rc, const char* what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
    throw std::runtime_error(std::string(what) + ": " + sqlite3_errmsg(db));
}

}  // namespace

Fts5Index::Fts5Index() {
  check(db_, sqlite3_open(":memory:", &db_), "open");
  check(db_,
        sqlite3_exec(db_, "CREATE VIRTUAL TABLE m USING fts5(body, tokenize='unicode61');",
                     nullptr, nullptr, nullptr),
        "create");
  check(db_, sqlite3_prepare_v2(db_, "INSERT INTO m(rowid, body) VALUES(?1, ?2)", -1, &insert_, nullptr),
        "prepare insert");
  check(db_, sqlite3_prepare_v2(db_, "DELETE FROM m WHERE rowid = ?1", -1, &remove_, nullptr),
        "prepare delete");
  check(db_,
        sqlite3_prepare_v2(db_, "SELECT rowid FROM m WHERE m MATCH ?1 ORDER BY bm25(m) LIMIT ?2", -1,
                           &search_, nullptr),
        "prepare search");
}

Fts5Index::~Fts5Index() {
  sqlite3_finalize(insert_);
  sqlite3_finalize(remove_);
  sqlite3_finalize(search_);
  sqlite3_close(db_);
}

void Fts5Index::upsert(const std::string& id, const std::string& text) {
  remove(id);
  std::string body = ftsDocument(text);
  int64_t row = nextRow_++;
  rowOf_[id] = row;
  idOf_[row] = id;
  sqlite3_bind_int64(insert_, 1, row);
  sqlite3_bind_text(insert_, 2, body.data(), static_cast<int>(body.size()), SQLITE_TRANSIENT);
  check(db_, sqlite3_step(insert_), "insert");
  sqlite3_reset(insert_);
}

void Fts5Index::remove(const std::string& id) {
  auto it = rowOf_.find(id);
  if (it == rowOf_.end()) return;
  sqlite3_bind_int64(remove_, 1, it->second);
  idOf_.erase(it->second);
  rowOf_.erase(it);
  check(db_, sqlite3_step(remove_), "delete");
  sqlite3_reset(remove_);
}

std::vector<std::string> Fts5Index::search(const std::string& match, int limit) const {
  std::vector<std::string> out;
  if (match.empty()) return out;
  sqlite3_bind_text(search_, 1, match.data(), static_cast<int>(match.size()), SQLITE_TRANSIENT);
  sqlite3_bind_int(search_, 2, limit);
  while (sqlite3_step(search_) == SQLITE_ROW)
    out.push_back(idOf_.at(sqlite3_column_int64(search_, 0)));
  sqlite3_reset(search_);
  return out;
}

void Fts5Index::begin() { sqlite3_exec(db_, "BEGIN", nullptr, nullptr, nullptr); }
void Fts5Index::commit() { sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr); }

}  // namespace grove::memory::eval
