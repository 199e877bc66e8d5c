// RedoLog: acknowledged writes kept in a file of their own until SQLite
// commits them, so an append is durable after one small write() instead of a
// commit (which wrote every page the append touched to the WAL: 36 KB and
// 200-300 µs for a 1 KB unit).
//
// A carried transaction's write statements are recorded exactly as they ran
// (the SQL text and its bound values, not rendered as literals: doubles keep
// every bit, text keeps embedded NULs). Each acknowledged commit appends one
// record: magic, sequence number, length, checksum, statements. The store
// commits what it carries every few dozen milliseconds and then empties the
// log (its next records go at the start of the file, over the committed
// ones); `redo_state.applied` (committed in that same transaction) says which
// records the database already holds, so a crash between the commit and the
// emptying replays nothing twice. At open, records after `applied` are run
// again in order in one transaction: the database is then as it was when the
// last acknowledged commit returned. A record cut short by a crash fails its
// checksum and is dropped with everything after it: it was never
// acknowledged (the reply waits for the write).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace grove::sqlite {

/// One value bound to a statement's parameter, as the recorder keeps it.
struct BoundValue {
  enum class Type : uint8_t { Null = 0, Integer = 1, Real = 2, Text = 3, Blob = 4 };
  int index = 0;
  Type type = Type::Null;
  int64_t integer = 0;
  double real = 0;
  std::string bytes;  // text or blob
};

/// The write statements of the transaction running now, with their values.
/// (SQLite has no API that reads a bound value back, and
/// sqlite3_expanded_sql renders doubles to 15 digits and text up to a NUL,
/// so Stmt keeps what it binds while a recorder listens.)
class RedoRecorder {
public:
  /// A write statement is about to run with these values.
  void add(std::string_view sql, const std::vector<BoundValue>& values);
  /// Savepoints: what a rolled-back level recorded is forgotten.
  void mark() { marks_.push_back(buf_.size()); }
  void release() { marks_.pop_back(); }
  void rollbackToMark() {
    buf_.resize(marks_.back());
    marks_.pop_back();
  }
  void clear() {
    buf_.clear();
    marks_.clear();
  }
  bool empty() const { return buf_.empty(); }
  size_t size() const { return buf_.size(); }
  void truncate(size_t size) { buf_.resize(size); }
  const std::string& statements() const { return buf_; }

private:
  std::string buf_;
  std::vector<size_t> marks_;
};

/// Runs a record's statements on `db` (inside the caller's transaction).
/// Throws Error::storage when one fails or the record is malformed.
void replayStatements(sqlite3* db, std::string_view statements);

/// The last record `db` holds (redo_state.applied; 0 when none).
int64_t appliedRedo(sqlite3* db);
void setAppliedRedo(sqlite3* db, int64_t seq);

class RedoLog {
public:
  struct Record {
    int64_t seq = 0;
    std::string statements;  // as RedoRecorder::statements() had them
  };

  /// Opens (creating, owner-only) the file beside the store.
  explicit RedoLog(std::string path, bool fullSync);
  ~RedoLog();
  RedoLog(const RedoLog&) = delete;
  RedoLog& operator=(const RedoLog&) = delete;

  /// The whole records in the file, in order; stops at the first torn one.
  std::vector<Record> read() const;
  /// The same for a file this process does not write (a backup reading the
  /// log of a running core): none when there is no file.
  static std::vector<Record> readFile(const std::string& path);
  /// Appends one record and returns when write() has (fdatasync too, with
  /// fullSync). Throws Error::storage (a full disk) having written nothing
  /// that a later read would accept.
  /// A statement's SQL text is written once per file, the first time it
  /// is used; later records name it by number (an append's three
  /// statements are 800 bytes of SQL, a third of its record).
  void append(int64_t seq, const std::string& statements);
  /// Empties the log (its records are in the database) and forgets which
  /// statements it named. The next record is written at the start of the
  /// file, over the old ones; a file above kKeepBytes is truncated.
  void clear();
  /// Empties the log and cuts the file to nothing: at close, so that the
  /// next open has nothing to read.
  void truncate();
  const std::string& path() const { return path_; }
  /// The bytes of the records since the log was last emptied.
  uint64_t size() const { return size_; }

  /// A log is reused up to this size (the store commits at 4 MB of records).
  static constexpr uint64_t kKeepBytes = 8ull << 20;

private:
  void cutBack();

  std::string path_;
  bool fullSync_;
  int fd_ = -1;
  uint64_t size_ = 0;      // where the next record goes: the end of the live ones
  uint64_t fileSize_ = 0;  // the file's length, stale records included
  /// The SQL texts this writer's generation of the file named, by number,
  /// and the generation (its first record's sequence number).
  struct TextHash {
    using is_transparent = void;  // looked up by string_view, no copy per statement
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, uint32_t, TextHash, std::equal_to<>> named_;
  int64_t generation_ = 0;
};

/// Runs the records after `db`'s applied one in one transaction and moves
/// the mark; returns the last record it holds then.
int64_t replayAfter(sqlite3* db, const std::vector<RedoLog::Record>& records);

}  // namespace grove::sqlite
