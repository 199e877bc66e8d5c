// What the row code needs of a database, whichever it is: a connection that
// runs statements and prepares them, and a prepared statement that binds
// values, steps through rows and reads columns. SQLite (store/Sqlite) and
// PostgreSQL (store/Postgres) implement it, so every table's rows are
// written once (store/SqlStore and the *Rows files) and run on both.
//
// Statements are written in the SQL both databases accept: numbered
// parameters `?1` or `?` (PostgreSQL's connection renumbers them as `$n`),
// upserts with ON CONFLICT, RETURNING for generated keys, and a parameter
// tested for NULL is cast (`CAST(?2 AS TEXT) IS NULL`): PostgreSQL must
// know every parameter's type when it prepares. Where they differ
// (full-text search, planner hints) the row code asks `dialect()`.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grove::sql {

enum class Dialect { Sqlite, Postgres };

/// One prepared statement of a backend. Columns and parameters count as
/// SQLite counts them: parameters from 1, columns from 0.
class Cursor {
public:
  virtual ~Cursor() = default;
  virtual void reset() = 0;
  virtual void bindText(int i, std::string_view v) = 0;
  virtual void bindInteger(int i, int64_t v) = 0;
  virtual void bindReal(int i, double v) = 0;
  virtual void bindBlob(int i, std::string_view bytes) = 0;
  virtual void bindNull(int i) = 0;
  /// True when a row is available.
  virtual bool step() = 0;
  /// Runs a statement whose rows nobody reads. A backend may send it with
  /// what follows (see pg::Db); its failure is then thrown by a later call
  /// in the same transaction, never lost.
  virtual void run() {
    while (step()) {}
  }
  /// A text column without a copy: valid until the next step or reset.
  virtual std::string_view view(int col) const = 0;
  virtual bool isNull(int col) const = 0;
  virtual int64_t integer(int col) const = 0;
  virtual double real(int col) const = 0;
  virtual std::string blob(int col) const = 0;
};

class Db {
public:
  virtual ~Db() = default;
  virtual Dialect dialect() const = 0;
  /// Runs one or more statements that return no rows.
  virtual void exec(const char* sql) = 0;
  virtual std::unique_ptr<Cursor> prepare(const char* sql) = 0;
  /// What the user knows the store by in messages (a file, or a database
  /// address without its password).
  virtual const std::string& path() const = 0;
  virtual bool readOnly() const { return false; }
  /// Ends every read still between rows (see sqlite::Db); a backend that
  /// reads whole results at once has none.
  virtual void finishReads() {}
};

/// A prepared statement of any backend; the row code's only handle on one.
class Stmt {
public:
  Stmt() = default;
  Stmt(Db& db, const char* sql) : c_(db.prepare(sql)) {}
  Stmt(Db& db, const std::string& sql) : Stmt(db, sql.c_str()) {}

  /// Resets the statement and clears its bindings, ready for reuse.
  Stmt& reset() { c_->reset(); return *this; }
  Stmt& bind(int i, std::string_view v) { c_->bindText(i, v); return *this; }
  Stmt& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
  Stmt& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
  Stmt& bind(int i, int64_t v) { c_->bindInteger(i, v); return *this; }
  Stmt& bind(int i, const std::optional<std::string>& v) { return v ? bind(i, std::string_view(*v)) : bindNull(i); }
  Stmt& bind(int i, const std::optional<int64_t>& v) { return v ? bind(i, *v) : bindNull(i); }
  Stmt& bindNull(int i) { c_->bindNull(i); return *this; }
  /// A REAL (its own name: an overload would make integer literals ambiguous).
  Stmt& bindReal(int i, double v) { c_->bindReal(i, v); return *this; }
  /// Binary data (vectors); an empty blob binds as a zero-length blob.
  Stmt& bindBlob(int i, std::string_view bytes) { c_->bindBlob(i, bytes); return *this; }

  /// Steps once: true when a row is available.
  bool step() { return c_->step(); }
  /// Runs a statement whose rows are not read, from its start (never to
  /// finish one already stepped: PostgreSQL's would run again).
  void run() { c_->run(); }

  std::string text(int col) const { return std::string(c_->view(col)); }
  std::optional<std::string> optText(int col) const {
    if (c_->isNull(col)) return std::nullopt;
    return text(col);
  }
  std::string_view view(int col) const { return c_->view(col); }
  bool isNull(int col) const { return c_->isNull(col); }
  int64_t integer(int col) const { return c_->integer(col); }
  std::optional<int64_t> optInteger(int col) const {
    if (c_->isNull(col)) return std::nullopt;
    return integer(col);
  }
  double real(int col) const { return c_->real(col); }
  /// A BLOB column's bytes (empty for NULL).
  std::string blob(int col) const { return c_->blob(col); }

  Cursor& cursor() { return *c_; }

private:
  std::unique_ptr<Cursor> c_;
};

/// SQLite's planner hint "INDEXED BY index " (without statistics it would
/// walk a whole log by primary key instead of a small partial index); empty
/// on PostgreSQL, which has statistics and no such hint.
inline std::string indexedBy(const Db& db, const char* index) {
  return db.dialect() == Dialect::Sqlite ? std::string("INDEXED BY ") + index + " " : std::string();
}

/// " FOR UPDATE" on PostgreSQL, where a read inside a transaction locks
/// the rows it returns until the transaction ends (cores on one database
/// take turns on a board or a map); empty on SQLite, whose one writer
/// already has them to itself.
inline const char* forUpdate(const Db& db) { return db.dialect() == Dialect::Postgres ? " FOR UPDATE" : ""; }

/// "INSERT INTO table(columns) VALUES (?, ...) ON CONFLICT(keys) DO UPDATE
/// SET" every other column: an insert-or-replace both backends take, which
/// (unlike SQLite's INSERT OR REPLACE) never deletes the row, so nothing
/// cascades. `columns` and `keys` are comma-separated.
std::string upsert(const std::string& table, const std::string& columns, const std::string& keys);

/// FTS5's match expression as the row code writes it (quoted terms, `*` for
/// a prefix, OR, AND, NOT; memory::ftsMatchTokens) as a PostgreSQL tsquery:
/// the same terms, each quoted as a lexeme, with `:*`, `|`, `&` and `& !`.
std::string tsquery(std::string_view ftsMatch);

/// A match expression written for FTS5 as this database's search takes it:
/// itself on SQLite, tsquery(ftsMatch) on PostgreSQL.
inline std::string searchMatch(const Db& db, const std::string& ftsMatch) {
  return db.dialect() == Dialect::Postgres ? tsquery(ftsMatch) : ftsMatch;
}

/// One term as a tsquery that matches it exactly.
std::string tsqueryTerm(std::string_view term);

}  // namespace grove::sql
