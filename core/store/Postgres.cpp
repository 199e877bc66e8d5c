#include "store/Postgres.h"

#include <libpq-fe.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <vector>

#include "support/Error.h"

namespace grove::pg {

std::string renumberParameters(const char* sql, int& count) {
  std::string out;
  count = 0;
  char quote = 0;  // inside '...' or "..."
  for (const char* p = sql; *p; ++p) {
    char c = *p;
    if (quote) {
      out += c;
      if (c == quote) quote = 0;  // a doubled quote closes and reopens: same result
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      out += c;
      continue;
    }
    if (c != '?') {
      out += c;
      continue;
    }
    int n = 0;
    const char* q = p + 1;
    while (std::isdigit(static_cast<unsigned char>(*q))) n = n * 10 + (*q++ - '0');
    if (q == p + 1) n = count + 1;  // a bare ? is numbered after the highest so far
    p = q - 1;
    if (n > count) count = n;
    out += '$';
    out += std::to_string(n);
  }
  return out;
}

std::string redactedAddress(const std::string& conninfo) {
  std::string s = conninfo;
  // URL form: scheme://user:password@host...
  auto scheme = s.find("://");
  if (scheme != std::string::npos) {
    auto at = s.find('@', scheme + 3);
    auto slash = s.find('/', scheme + 3);
    if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
      auto colon = s.find(':', scheme + 3);
      if (colon != std::string::npos && colon < at) s.erase(colon, at - colon);
    }
  }
  // password=... as a key=value pair or a URL parameter.
  for (size_t at = 0; (at = s.find("password=", at)) != std::string::npos;) {
    size_t end = at + 9;
    while (end < s.size() && s[end] != ' ' && s[end] != '&') ++end;
    s.replace(at + 9, end - at - 9, "***");
    at += 12;
  }
  return s;
}

namespace {

// PostgreSQL's text cannot hold NUL, which a JSON string can (\u0000) and
// SQLite stores. Text is stored with \x01 as an escape: \x01 0 for NUL and
// \x01 1 for \x01 itself, so every text comes back byte for byte and text
// without either (nearly all) is stored as it is.
constexpr char kEscape = '\x01';

bool needsEscape(std::string_view v) {
  return v.find('\0') != std::string_view::npos || v.find(kEscape) != std::string_view::npos;
}

std::string escapeText(std::string_view v) {
  std::string out;
  out.reserve(v.size() + 8);
  for (char c : v) {
    if (c == '\0' || c == kEscape) {
      out += kEscape;
      out += c == '\0' ? '0' : '1';
    } else {
      out += c;
    }
  }
  return out;
}

std::string unescapeText(std::string_view v) {
  std::string out;
  out.reserve(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] == kEscape && i + 1 < v.size() && (v[i + 1] == '0' || v[i + 1] == '1')) {
      out += v[i + 1] == '0' ? '\0' : kEscape;
      ++i;
    } else {
      out += v[i];
    }
  }
  return out;
}

// What a person can do about a failure, by its SQLSTATE class.
std::string advice(const char* state) {
  if (!state) return "";
  if (std::strncmp(state, "08", 2) == 0 || std::strcmp(state, "57P01") == 0)
    return " (the connection to PostgreSQL was lost: check that the server is running; restart Grove to reconnect)";
  if (std::strcmp(state, "53100") == 0) return " (the database server's disk is full)";
  if (std::strncmp(state, "40", 2) == 0) return " (the transaction met another one; retry)";
  if (std::strncmp(state, "3D", 2) == 0 || std::strncmp(state, "28", 2) == 0)
    return " (check the database name, the user and its password in --db)";
  return "";
}

// One prepared statement's run: its values, then its whole result.
class Statement final : public sql::Cursor {
public:
  Statement(Db& db, const Db::Prepared& p)
      : db_(db), name_(p.name), values_(p.params), isNull_(p.params, 1), binary_(p.params, 0) {}
  ~Statement() override { clearResult(); }

  void reset() override {
    clearResult();
    for (size_t i = 0; i < values_.size(); ++i) {
      values_[i].clear();
      isNull_[i] = 1;
      binary_[i] = 0;
    }
  }
  void bindText(int i, std::string_view v) override {
    set(i, needsEscape(v) ? escapeText(v) : std::string(v), false);
  }
  void bindInteger(int i, int64_t v) override { set(i, std::to_string(v), false); }
  void bindReal(int i, double v) override {
    if (std::isnan(v)) return set(i, "NaN", false);
    if (std::isinf(v)) return set(i, v > 0 ? "Infinity" : "-Infinity", false);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    set(i, buf, false);
  }
  void bindBlob(int i, std::string_view bytes) override { set(i, std::string(bytes), true); }
  void bindNull(int i) override {
    if (i >= 1 && size_t(i) <= values_.size()) isNull_[i - 1] = 1;
  }

  bool step() override {
    if (!result_) {
      const int n = static_cast<int>(values_.size());
      std::vector<const char*> values;
      std::vector<int> lengths;
      arguments(values, lengths);
      PGresult* r = db_.execPrepared(name_, n, values.data(), lengths.data(), binary_.data());
      result_ = r;
      row_ = -1;
      rows_ = PQntuples(r);
    }
    unescaped_.clear();
    if (row_ + 1 >= rows_) {
      row_ = rows_;
      return false;
    }
    ++row_;
    return true;
  }

  // Nobody reads the rows: inside a transaction, queued with what follows.
  void run() override {
    if (!db_.pipelining()) {
      while (step()) {}
      return;
    }
    clearResult();
    std::vector<const char*> values;
    std::vector<int> lengths;
    arguments(values, lengths);
    db_.queuePrepared(name_, static_cast<int>(values_.size()), values.data(), lengths.data(), binary_.data());
  }

  std::string_view view(int col) const override {
    if (!onRow()) return {};
    std::string_view raw(PQgetvalue(result_, row_, col), PQgetlength(result_, row_, col));
    if (raw.find(kEscape) == std::string_view::npos) return raw;
    // Kept until the next step or reset, as a view of the row would be.
    return unescaped_.emplace_back(unescapeText(raw));
  }
  bool isNull(int col) const override { return !onRow() || PQgetisnull(result_, row_, col); }
  int64_t integer(int col) const override {
    if (isNull(col)) return 0;
    const char* v = PQgetvalue(result_, row_, col);
    if (*v == 't') return 1;  // a boolean
    if (*v == 'f') return 0;
    return std::strtoll(v, nullptr, 10);
  }
  double real(int col) const override {
    if (isNull(col)) return 0;
    return std::strtod(PQgetvalue(result_, row_, col), nullptr);
  }
  std::string blob(int col) const override {
    if (isNull(col)) return {};
    // bytea in text form: \x and two hex digits a byte.
    std::string_view hex = view(col);
    if (hex.size() < 2 || hex[0] != '\\' || hex[1] != 'x') return std::string(hex);
    std::string out;
    out.reserve((hex.size() - 2) / 2);
    auto digit = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
    for (size_t i = 2; i + 1 < hex.size(); i += 2)
      out += static_cast<char>(digit(hex[i]) * 16 + digit(hex[i + 1]));
    return out;
  }

private:
  bool onRow() const { return result_ && row_ >= 0 && row_ < rows_; }
  void arguments(std::vector<const char*>& values, std::vector<int>& lengths) const {
    values.resize(values_.size());
    lengths.resize(values_.size());
    for (size_t i = 0; i < values_.size(); ++i) {
      values[i] = isNull_[i] ? nullptr : values_[i].data();
      lengths[i] = static_cast<int>(values_[i].size());
    }
  }
  void set(int i, std::string v, bool binary) {
    if (i < 1 || size_t(i) > values_.size()) return;  // as SQLite: out of range is ignored
    values_[i - 1] = std::move(v);
    isNull_[i - 1] = 0;
    binary_[i - 1] = binary ? 1 : 0;
  }
  void clearResult() {
    unescaped_.clear();
    if (result_) PQclear(result_);
    result_ = nullptr;
    row_ = -1;
    rows_ = 0;
  }

  Db& db_;
  std::string name_;
  std::vector<std::string> values_;
  std::vector<char> isNull_;
  std::vector<int> binary_;
  PGresult* result_ = nullptr;
  int row_ = -1, rows_ = 0;
  mutable std::deque<std::string> unescaped_;  // texts read on this result that held escapes
};

void ignoreNotice(void*, const char*) {}

constexpr int kMaxQueued = 256;

}  // namespace

Db::Db(const std::string& conninfo, const std::string& schema)
    : address_(redactedAddress(conninfo)) {
  conn_ = PQconnectdb(conninfo.c_str());
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    std::string msg = conn_ ? PQerrorMessage(conn_) : "out of memory";
    while (!msg.empty() && std::isspace(static_cast<unsigned char>(msg.back()))) msg.pop_back();
    PQfinish(conn_);
    conn_ = nullptr;
    throw Error::storage("cannot connect to the PostgreSQL store " + address_ + ": " + msg +
                         " (check that the server is running and that --db names it)");
  }
  // Notices (an IF NOT EXISTS that found the table) are not the user's business.
  PQsetNoticeProcessor(conn_, ignoreNotice, nullptr);
  exec("SET client_min_messages = warning");
  if (!schema.empty()) {
    char* quoted = PQescapeIdentifier(conn_, schema.c_str(), schema.size());
    std::string id = quoted ? quoted : "";
    PQfreemem(quoted);
    // Cores starting together race on IF NOT EXISTS (both see no schema,
    // one insert fails): a lock for the whole database serialises them.
    exec(("BEGIN; SELECT pg_advisory_xact_lock(hashtext('grove-create-schema')); "
          "CREATE SCHEMA IF NOT EXISTS " + id + "; COMMIT; SET search_path TO " + id)
             .c_str());
  }
}

Db::~Db() { PQfinish(conn_); }

void Db::fail(const char* what, PGresult* result) const {
  std::string msg = result ? PQresultErrorMessage(result) : "";
  if (msg.empty()) msg = PQerrorMessage(conn_);
  while (!msg.empty() && std::isspace(static_cast<unsigned char>(msg.back()))) msg.pop_back();
  std::string state = result && PQresultErrorField(result, PG_DIAG_SQLSTATE)
                          ? PQresultErrorField(result, PG_DIAG_SQLSTATE)
                          : (PQstatus(conn_) == CONNECTION_OK ? "" : "08000");
  PQclear(result);
  if (state == "25006")
    throw Error::invalidOp("readOnlyStore", "the store " + address_ +
                                                " is read-only for this account: reads work, changes are refused");
  if (state == "53100")
    throw Error::storage("store " + address_ + ": the disk holding the database is full (" + msg +
                         "); nothing of this request was kept; free some space and retry");
  throw Error::storage("store " + address_ + ": " + what + ": " + msg + advice(state.c_str()));
}

void Db::exec(const char* sql) {
  flush();  // PQexec is refused in pipeline mode
  PGresult* r = PQexec(conn_, sql);
  auto status = PQresultStatus(r);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail("exec", r);
  PQclear(r);
}

const Db::Prepared& Db::prepared(const char* sql) {
  auto found = prepared_.find(sql);
  if (found != prepared_.end()) return found->second;
  flush();  // PQprepare is refused in pipeline mode
  Prepared p;
  p.name = "g" + std::to_string(prepared_.size() + 1);
  std::string text = renumberParameters(sql, p.params);
  PGresult* r = PQprepare(conn_, p.name.c_str(), text.c_str(), 0, nullptr);
  if (PQresultStatus(r) != PGRES_COMMAND_OK) fail("prepare", r);
  PQclear(r);
  return prepared_.emplace(sql, std::move(p)).first->second;
}

void Db::enterPipeline() {
  if (queued_ == 0 && PQenterPipelineMode(conn_) != 1) fail("pipeline", nullptr);
}

void Db::queue(const char* sql) {
  enterPipeline();
  if (PQsendQueryParams(conn_, sql, 0, nullptr, nullptr, nullptr, nullptr, 0) != 1) fail("send", nullptr);
  ++queued_;
}

void Db::queuePrepared(const std::string& name, int n, const char* const* values, const int* lengths,
                       const int* formats) {
  // A client that only writes while the server's replies pile up unread
  // would block both (libpq's warning about blocking pipelines): read them
  // now and then.
  if (queued_ >= kMaxQueued) flush();
  enterPipeline();
  if (PQsendQueryPrepared(conn_, name.c_str(), n, values, lengths, formats, 0) != 1) fail("send", nullptr);
  ++queued_;
}

PGresult* Db::execPrepared(const std::string& name, int n, const char* const* values, const int* lengths,
                           const int* formats) {
  if (queued_ == 0) {
    PGresult* r = PQexecPrepared(conn_, name.c_str(), n, values, lengths, formats, 0);
    auto status = PQresultStatus(r);
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) fail("step", r);
    return r;
  }
  queuePrepared(name, n, values, lengths, formats);
  return sync(true, false);
}

void Db::flush() {
  if (queued_ > 0) sync(false, false);
}

void Db::discardQueued() {
  if (queued_ > 0) sync(false, true);
}

PGresult* Db::sync(bool keepLast, bool quiet) {
  const int count = queued_;
  queued_ = 0;
  if (PQpipelineSync(conn_) != 1) fail("sync", nullptr);
  PGresult* failure = nullptr;  // the first; the statements after it were skipped
  PGresult* last = nullptr;
  bool lost = false;
  for (int i = 0; i < count && !lost; ++i) {
    PGresult* r = PQgetResult(conn_);
    if (!r) {  // the connection went away mid-pipeline
      lost = true;
      break;
    }
    auto status = PQresultStatus(r);
    bool ok = status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK;
    if (!ok && status != PGRES_PIPELINE_ABORTED && !failure)
      failure = r;
    else if (ok && keepLast && i == count - 1)
      last = r;
    else
      PQclear(r);
    // Each statement's results end with a null.
    while (PGresult* more = PQgetResult(conn_)) PQclear(more);
  }
  // Then the Sync's own result, after which the pipeline is empty.
  if (!lost) {
    PGresult* s = PQgetResult(conn_);
    if (!s) lost = true;
    PQclear(s);
  }
  if (PQexitPipelineMode(conn_) != 1) lost = true;
  if (quiet) {
    PQclear(failure);
    PQclear(last);
    return nullptr;
  }
  if (failure) {
    PQclear(last);
    fail("step", failure);
  }
  if (lost || (keepLast && !last)) {
    PQclear(last);
    fail("step", nullptr);
  }
  return last;
}

std::unique_ptr<sql::Cursor> Db::prepare(const char* sql) {
  return std::make_unique<Statement>(*this, prepared(sql));
}

}  // namespace grove::pg
