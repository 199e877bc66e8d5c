#include "store/RedoLog.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include "support/Error.h"

namespace grove::sqlite {

namespace {

// "GRD1": a record of statements as the recorder keeps them (SQL text,
// values), written before SQL texts were numbered; still read.
constexpr uint32_t kMagicText = 0x31445247;
// "GRD2": the record's generation (the sequence number of the first record
// its writer put in the file), then entries, each a name (a number for an
// SQL text, the first time the generation uses it) or a statement (that
// number, its values). A number means what its generation named it: a log
// reopened after a crash starts a generation of its own, and a reader never
// takes a name across generations (a backup reading a log that is emptied
// and written again under it).
constexpr uint32_t kMagic = 0x32445247;
constexpr size_t kHeader = 4 + 8 + 4 + 8;  // magic, seq, length, checksum
constexpr uint8_t kNameEntry = 1;
constexpr uint8_t kStatementEntry = 2;

template <class T>
void put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

template <class T>
bool take(std::string_view& in, T& v) {
  if (in.size() < sizeof v) return false;
  std::memcpy(&v, in.data(), sizeof v);
  in.remove_prefix(sizeof v);
  return true;
}

bool takeBytes(std::string_view& in, std::string_view& out) {
  uint32_t n;
  if (!take(in, n) || in.size() < n) return false;
  out = in.substr(0, n);
  in.remove_prefix(n);
  return true;
}

// FNV-1a over the sequence number and the statements: it tells a torn tail
// from a whole record.
uint64_t checksum(std::string_view s, int64_t seq) {
  uint64_t h = 1469598103934665603ull ^ static_cast<uint64_t>(seq);
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

struct Scan {
  std::vector<RedoLog::Record> records;
  uint64_t end = 0;  // where the last whole record ends
};
Scan readRecords(int fd, uint64_t size);

// The length of one statement's values (the recorder's layout) at the front
// of `in`; 0 when they are cut short.
size_t valuesLength(std::string_view in) {
  const std::string_view start = in;
  uint16_t n;
  if (!take(in, n)) return 0;
  for (uint16_t k = 0; k < n; ++k) {
    uint16_t index;
    uint8_t type;
    if (!take(in, index) || !take(in, type)) return 0;
    size_t skip = 0;
    switch (static_cast<BoundValue::Type>(type)) {
      case BoundValue::Type::Null: break;
      case BoundValue::Type::Integer: skip = sizeof(int64_t); break;
      case BoundValue::Type::Real: skip = sizeof(double); break;
      case BoundValue::Type::Text:
      case BoundValue::Type::Blob: {
        std::string_view bytes;
        if (!takeBytes(in, bytes)) return 0;
        break;
      }
      default: return 0;
    }
    if (in.size() < skip) return 0;
    in.remove_prefix(skip);
  }
  return start.size() - in.size();
}

[[noreturn]] void malformed(const char* what) {
  throw Error::storage(std::string("a redo record is malformed (") + what + ")");
}

}  // namespace

void RedoRecorder::add(std::string_view sql, const std::vector<BoundValue>& values) {
  put(buf_, static_cast<uint32_t>(sql.size()));
  buf_.append(sql);
  put(buf_, static_cast<uint16_t>(values.size()));
  for (const BoundValue& v : values) {
    put(buf_, static_cast<uint16_t>(v.index));
    put(buf_, static_cast<uint8_t>(v.type));
    switch (v.type) {
      case BoundValue::Type::Null: break;
      case BoundValue::Type::Integer: put(buf_, v.integer); break;
      case BoundValue::Type::Real: put(buf_, v.real); break;
      case BoundValue::Type::Text:
      case BoundValue::Type::Blob:
        put(buf_, static_cast<uint32_t>(v.bytes.size()));
        buf_.append(v.bytes);
        break;
    }
  }
}

void replayStatements(sqlite3* db, std::string_view in) {
  while (!in.empty()) {
    std::string_view sql;
    uint16_t n;
    if (!takeBytes(in, sql) || !take(in, n)) malformed("statement");
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &st, nullptr) != SQLITE_OK)
      throw Error::storage(std::string("a redo statement does not prepare: ") + sqlite3_errmsg(db));
    auto fail = [&](const std::string& why) {
      sqlite3_finalize(st);
      throw Error::storage(why);
    };
    for (uint16_t k = 0; k < n; ++k) {
      uint16_t index;
      uint8_t type;
      if (!take(in, index) || !take(in, type)) fail("a redo record is malformed (value)");
      int rc = SQLITE_OK;
      switch (static_cast<BoundValue::Type>(type)) {
        case BoundValue::Type::Null: rc = sqlite3_bind_null(st, index); break;
        case BoundValue::Type::Integer: {
          int64_t v;
          if (!take(in, v)) fail("a redo record is malformed (integer)");
          rc = sqlite3_bind_int64(st, index, v);
          break;
        }
        case BoundValue::Type::Real: {
          double v;
          if (!take(in, v)) fail("a redo record is malformed (real)");
          rc = sqlite3_bind_double(st, index, v);
          break;
        }
        case BoundValue::Type::Text:
        case BoundValue::Type::Blob: {
          std::string_view b;
          if (!takeBytes(in, b)) fail("a redo record is malformed (bytes)");
          rc = type == static_cast<uint8_t>(BoundValue::Type::Text)
                   ? sqlite3_bind_text(st, index, b.data(), static_cast<int>(b.size()), SQLITE_TRANSIENT)
                   : sqlite3_bind_blob(st, index, b.data(), static_cast<int>(b.size()), SQLITE_TRANSIENT);
          break;
        }
        default: fail("a redo record is malformed (type)");
      }
      if (rc != SQLITE_OK) fail(std::string("a redo value does not bind: ") + sqlite3_errmsg(db));
    }
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    }
    if (rc != SQLITE_DONE) fail(std::string("a redo statement failed: ") + sqlite3_errmsg(db));
    sqlite3_finalize(st);
  }
}

RedoLog::RedoLog(std::string path, bool fullSync) : path_(std::move(path)), fullSync_(fullSync) {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd_ < 0) throw Error::storage("cannot open " + path_ + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd_, &st) == 0) fileSize_ = static_cast<uint64_t>(st.st_size);
  // Records go on after the last whole one, not at the file's end: an
  // emptied log is written again from the start, over records already
  // committed (see clear()).
  size_ = readRecords(fd_, fileSize_).end;
}

RedoLog::~RedoLog() {
  if (fd_ >= 0) ::close(fd_);
}

std::vector<RedoLog::Record> RedoLog::readFile(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  struct stat st {};
  std::vector<Record> out;
  if (::fstat(fd, &st) == 0) out = readRecords(fd, static_cast<uint64_t>(st.st_size)).records;
  ::close(fd);
  return out;
}

std::vector<RedoLog::Record> RedoLog::read() const { return readRecords(fd_, size_).records; }

int64_t appliedRedo(sqlite3* db) {
  sqlite3_stmt* st = nullptr;
  int64_t applied = 0;
  if (sqlite3_prepare_v2(db, "SELECT applied FROM redo_state WHERE id = 1", -1, &st, nullptr) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    applied = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  return applied;
}

void setAppliedRedo(sqlite3* db, int64_t seq) {
  sqlite3_stmt* st = nullptr;
  int rc = sqlite3_prepare_v2(db,
                              "INSERT INTO redo_state(id, applied) VALUES (1, ?1) "
                              "ON CONFLICT(id) DO UPDATE SET applied = excluded.applied",
                              -1, &st, nullptr);
  if (rc == SQLITE_OK) {
    sqlite3_bind_int64(st, 1, seq);
    rc = sqlite3_step(st);
  }
  sqlite3_finalize(st);
  if (rc != SQLITE_DONE) throw Error::storage(std::string("cannot note the redo log's progress: ") + sqlite3_errmsg(db));
}

int64_t replayAfter(sqlite3* db, const std::vector<RedoLog::Record>& records) {
  int64_t last = appliedRedo(db);
  const int64_t done = last;
  bool any = false;
  for (const auto& r : records) any = any || r.seq > done;
  if (!any) return last;
  auto exec = [db](const char* sql) {
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
      throw Error::storage(std::string("running the redo log: ") + sqlite3_errmsg(db));
  };
  exec("BEGIN IMMEDIATE");
  try {
    for (const auto& r : records) {
      if (r.seq <= done) continue;
      replayStatements(db, r.statements);
      last = r.seq;
    }
    setAppliedRedo(db, last);
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  return last;
}

namespace {

/// The SQL texts a generation of a log named, while reading it.
struct Names {
  int64_t generation = -1;
  std::unordered_map<uint32_t, std::string> sql;
};

// A GRD2 record's statements in the recorder's layout, each number replaced
// by the SQL text its generation named with it; none when the record does
// not read as one (a number its generation never named): the log is read
// no further, as after a torn record.
std::optional<std::string> expand(std::string_view in, Names& names) {
  int64_t generation;
  if (!take(in, generation)) return std::nullopt;
  if (generation != names.generation) {
    names.generation = generation;
    names.sql.clear();
  }
  std::string out;
  while (!in.empty()) {
    uint8_t kind;
    uint32_t number;
    if (!take(in, kind) || !take(in, number)) return std::nullopt;
    if (kind == kNameEntry) {
      std::string_view sql;
      if (!takeBytes(in, sql)) return std::nullopt;
      names.sql[number] = std::string(sql);
      continue;
    }
    auto named = names.sql.find(number);
    const size_t values = valuesLength(in);
    if (kind != kStatementEntry || named == names.sql.end() || values == 0) return std::nullopt;
    put(out, static_cast<uint32_t>(named->second.size()));
    out += named->second;
    out.append(in.substr(0, values));
    in.remove_prefix(values);
  }
  return out;
}

Scan readRecords(int fd, uint64_t size) {
  std::string data(size, '\0');
  size_t got = 0;
  while (got < data.size()) {
    ssize_t n = ::pread(fd, data.data() + got, data.size() - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  data.resize(got);
  Scan out;
  Names names;
  std::string_view in(data);
  while (in.size() >= kHeader) {
    uint32_t magic, len;
    int64_t seq;
    uint64_t sum;
    std::string_view head = in;
    take(head, magic);
    take(head, seq);
    take(head, len);
    take(head, sum);
    if ((magic != kMagic && magic != kMagicText) || head.size() < len) break;
    std::string_view body = head.substr(0, len);
    if (checksum(body, seq) != sum) break;
    // Sequence numbers only grow: a record numbered at or below the one
    // before it was written before the log was last emptied (it is
    // committed), and what follows it is older still.
    if (!out.records.empty() && seq <= out.records.back().seq) break;
    if (magic == kMagicText) {
      out.records.push_back({seq, std::string(body)});
    } else if (auto statements = expand(body, names)) {
      out.records.push_back({seq, std::move(*statements)});
    } else {
      break;
    }
    in = head.substr(len);
    out.end = data.size() - in.size();
  }
  return out;
}

}  // namespace

void RedoLog::append(int64_t seq, const std::string& statements) {
  // The body first, then the header in front of it: its length and
  // checksum are the body's. Numbers given here are kept only once the
  // record is written.
  std::string rec(kHeader, '\0');
  rec.reserve(kHeader + 8 + statements.size());
  if (named_.empty()) generation_ = seq;  // the first record since the file was emptied or opened
  put(rec, generation_);
  std::vector<std::pair<std::string_view, uint32_t>> named;
  std::string_view in(statements);
  while (!in.empty()) {
    std::string_view sql;
    if (!takeBytes(in, sql)) malformed("statement");
    const size_t values = valuesLength(in);
    if (values == 0) malformed("values");
    uint32_t number;
    if (auto known = named_.find(sql); known != named_.end()) {
      number = known->second;
    } else {
      auto here = std::find_if(named.begin(), named.end(), [&](const auto& n) { return n.first == sql; });
      if (here == named.end()) {
        number = static_cast<uint32_t>(named_.size() + named.size());
        named.emplace_back(sql, number);
        put(rec, kNameEntry);
        put(rec, number);
        put(rec, static_cast<uint32_t>(sql.size()));
        rec.append(sql);
      } else {
        number = here->second;
      }
    }
    put(rec, kStatementEntry);
    put(rec, number);
    rec.append(in.substr(0, values));
    in.remove_prefix(values);
  }
  const std::string_view body = std::string_view(rec).substr(kHeader);
  std::string header;
  put(header, kMagic);
  put(header, seq);
  put(header, static_cast<uint32_t>(body.size()));
  put(header, checksum(body, seq));
  rec.replace(0, kHeader, header);
  size_t done = 0;
  while (done < rec.size()) {
    ssize_t n = ::pwrite(fd_, rec.data() + done, rec.size() - done, static_cast<off_t>(size_ + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = n < 0 ? errno : ENOSPC;
      cutBack();  // what was written of it would fail its checksum anyway
      throw Error::storage(err == ENOSPC ? "the disk holding the store is full (cannot write " + path_ + ")"
                                         : "cannot write " + path_ + ": " + std::strerror(err));
    }
    done += static_cast<size_t>(n);
  }
  if (fullSync_ && ::fdatasync(fd_) != 0) {
    int err = errno;
    cutBack();
    throw Error::storage("cannot sync " + path_ + ": " + std::strerror(err));
  }
  size_ += rec.size();
  fileSize_ = std::max(fileSize_, size_);
  for (const auto& [sql, number] : named) named_.emplace(std::string(sql), number);
}

// Cuts off what was written of a record that failed. If even that fails,
// no harm: the next record is written over those bytes (records go at the
// log's known end, size_), and a torn tail fails its checksum.
void RedoLog::cutBack() {
  if (::ftruncate(fd_, static_cast<off_t>(size_)) == 0) fileSize_ = size_;
}

void RedoLog::clear() {
  if (size_ == 0) return;
  // The next records are written from the start, over these, which the
  // database holds (`applied` covers them, so a crash before they are all
  // overwritten replays none of them, and a reader stops at the first whose
  // sequence number does not grow). Not truncated: a file cut to nothing
  // and written again has its pages dirtied and its blocks allocated anew
  // at every group commit, where overwriting pages still in the cache
  // writes each once. Only a log grown past what group commits leave
  // (kKeepBytes, after a long backlog) is cut back.
  if (fileSize_ > kKeepBytes) return truncate();
  size_ = 0;
  named_.clear();
}

void RedoLog::truncate() {
  if (fileSize_ == 0 && size_ == 0) return;
  if (::ftruncate(fd_, 0) != 0) throw Error::storage("cannot empty " + path_ + ": " + std::strerror(errno));
  fileSize_ = 0;
  size_ = 0;
  named_.clear();
}

}  // namespace grove::sqlite
