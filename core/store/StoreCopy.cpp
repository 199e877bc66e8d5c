#include "store/StoreCopy.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "support/Error.h"
#include "support/Hash.h"

namespace grove {

const std::vector<std::string>& storeTables() {
  static const std::vector<std::string> tables = {
      "projects", "units", "revisions", "branches", "operations", "suggestions", "capsules",
      "capsule_enabled", "structure_events", "user_model", "initiative", "import_sessions", "import_units",
      "memolets", "memolet_sources", "memolet_segmentation", "memolet_progress", "sandbox_items",
      "sandbox_groups", "sandbox_group_members", "board_items", "board_groups", "board_links", "boards",
      "board_ops", "board_cards", "knowledge_maps", "knowledge_log", "knowledge_turns", "knowledge_documents",
      "knowledge_chunks", "knowledge_state", "knowledge_settings", "access_tokens"};
  return tables;
}

namespace {

enum class Kind { Integer, Real, Text, Blob };

struct Column {
  std::string name;
  Kind kind;
};

Kind kindOf(std::string type) {
  std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::tolower(c); });
  if (type.find("int") != std::string::npos) return Kind::Integer;
  if (type.find("real") != std::string::npos || type.find("double") != std::string::npos) return Kind::Real;
  if (type.find("blob") != std::string::npos || type.find("bytea") != std::string::npos) return Kind::Blob;
  return Kind::Text;
}

bool isSqlite(sql::Db& db) { return db.dialect() == sql::Dialect::Sqlite; }

// The table's columns as its database declares them, generated ones left out.
// PostgreSQL's are read from pg_catalog by the table's oid, not from
// information_schema: that view checks privileges on every column of every
// schema, tens of milliseconds a query on a database of a few hundred
// schemas, and a copy asks for each table's columns several times.
std::vector<Column> columns(sql::Db& db, const std::string& table) {
  sql::Stmt st(db, isSqlite(db) ? "SELECT name, type FROM pragma_table_info(?1)"
                                : "SELECT attname, format_type(atttypid, atttypmod) FROM pg_catalog.pg_attribute "
                                  "WHERE attrelid = to_regclass(quote_ident(current_schema()) || '.' || "
                                  "quote_ident(?1)) AND attnum > 0 AND NOT attisdropped AND attgenerated = '' "
                                  "ORDER BY attnum");
  st.bind(1, table);
  std::vector<Column> out;
  while (st.step()) out.push_back({st.text(0), kindOf(st.text(1))});
  if (out.empty()) throw Error::storage("the store " + db.path() + " has no table " + table);
  return out;
}

// The columns both stores have, typed as PostgreSQL declares them when one
// of them is PostgreSQL (SQLite's declared types are looser).
std::vector<Column> shared(sql::Db& from, sql::Db& to, const std::string& table) {
  std::vector<Column> a = columns(from, table), b = columns(to, table), out;
  for (const auto& c : a) {
    auto other = std::find_if(b.begin(), b.end(), [&](const Column& d) { return d.name == c.name; });
    if (other == b.end()) continue;
    out.push_back({c.name, isSqlite(from) ? other->kind : c.kind});
  }
  return out;
}

// Rows in the order they were made where the source knows it (a unit after
// its parent; ties in listings keep their order).
bool hasRowOrder(sql::Db& db, const std::string& table) {
  for (const auto& c : columns(db, table))
    if (c.name == "rowid") return true;
  if (!isSqlite(db)) return false;
  sql::Stmt st(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1");
  st.bind(1, table);
  return st.step() && st.text(0).find("WITHOUT ROWID") == std::string::npos;
}

std::string list(const std::vector<Column>& cols) {
  std::string out;
  for (const auto& c : cols) out += (out.empty() ? "" : ", ") + c.name;
  return out;
}

// What the source is read as, column by column: a column one dialect
// derives is derived for the other. SQLite keeps a memolet's `terms` empty
// and computes them from its text for its full-text index (migration 18);
// PostgreSQL generates its tsvector from the column, so it must hold them.
std::string selectList(sql::Db& from, sql::Db& to, const std::string& table, const std::vector<Column>& cols) {
  std::string out;
  for (const auto& c : cols) {
    std::string expr = c.name;
    if (table == "memolets" && c.name == "terms" && isSqlite(from) != isSqlite(to))
      expr = isSqlite(from) ? "grove_fts_document(text) AS terms" : "'' AS terms";
    out += (out.empty() ? "" : ", ") + expr;
  }
  return out;
}

// FNV-1a over typed values: a tag, a length, the bytes.
struct RowHash : Fnv1a {
  void tagged(char tag, std::string_view bytes) {
    add(&tag, 1);
    uint64_t n = bytes.size();
    add(&n, sizeof n);
    add(bytes.data(), bytes.size());
  }
};

// One row's hash, and (when `insert` is given) the row bound to it.
uint64_t readRow(sql::Stmt& row, const std::vector<Column>& cols, sql::Stmt* insert) {
  RowHash h;
  for (int i = 0; i < static_cast<int>(cols.size()); ++i) {
    if (row.isNull(i)) {
      h.tagged('N', {});
      if (insert) insert->bindNull(i + 1);
      continue;
    }
    switch (cols[i].kind) {
      case Kind::Integer: {
        int64_t v = row.integer(i);
        h.tagged('I', std::to_string(v));
        if (insert) insert->bind(i + 1, v);
        break;
      }
      case Kind::Real: {
        double v = row.real(i);
        char bits[sizeof v];
        std::memcpy(bits, &v, sizeof v);
        h.tagged('R', std::string_view(bits, sizeof bits));
        if (insert) insert->bindReal(i + 1, v);
        break;
      }
      case Kind::Text: {
        std::string v = row.text(i);
        h.tagged('T', v);
        if (insert) insert->bind(i + 1, v);
        break;
      }
      case Kind::Blob: {
        std::string v = row.blob(i);
        h.tagged('B', v);
        if (insert) insert->bindBlob(i + 1, v);
        break;
      }
    }
  }
  return h.h;
}

TableCopy sum(sql::Db& db, const std::string& table, const std::vector<Column>& cols) {
  TableCopy t{table, 0, 0};
  sql::Stmt st(db, "SELECT " + list(cols) + " FROM " + table);
  while (st.step()) {
    ++t.rows;
    t.checksum += readRow(st, cols, nullptr);
  }
  return t;
}

int64_t count(sql::Db& db, const std::string& table) {
  sql::Stmt st(db, "SELECT count(*) FROM " + table);
  return st.step() ? st.integer(0) : 0;
}

// After rows came with their own keys, PostgreSQL's identity columns must
// go on from the highest, or the next insert collides.
void restartIdentities(sql::Db& to) {
  sql::Stmt ids(to, "SELECT c.relname, a.attname FROM pg_catalog.pg_attribute a "
                    "JOIN pg_catalog.pg_class c ON c.oid = a.attrelid "
                    "WHERE c.relnamespace = to_regnamespace(quote_ident(current_schema())) "
                    "AND c.relkind = 'r' AND a.attidentity <> '' AND NOT a.attisdropped");
  std::vector<std::pair<std::string, std::string>> all;
  while (ids.step()) all.emplace_back(ids.text(0), ids.text(1));
  for (const auto& [table, col] : all) {
    sql::Stmt st(to, "SELECT setval(pg_get_serial_sequence(?1, ?2), GREATEST(COALESCE(MAX(" + col +
                         "), 0), 1), COALESCE(MAX(" + col + "), 0) > 0) FROM " + table);
    st.bind(1, table).bind(2, col).run();
  }
}

}  // namespace

std::vector<TableCopy> copyStore(sql::Db& from, sql::Db& to) {
  for (const char* t : {"projects", "memolets", "boards", "knowledge_maps", "knowledge_documents"})
    if (int64_t n = count(to, t))
      throw Error::invalidOp("destinationNotEmpty", "the destination store " + to.path() + " already holds " +
                                                        std::to_string(n) + " rows of " + t +
                                                        ": migrate into an empty store");
  // One snapshot of the source; one transaction on the destination.
  from.exec(isSqlite(from) ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  to.exec(isSqlite(to) ? "BEGIN IMMEDIATE" : "BEGIN");
  try {
    const auto& tables = storeTables();
    // Rows a new store seeds (the user model's) make way for the source's.
    for (auto t = tables.rbegin(); t != tables.rend(); ++t) to.exec(("DELETE FROM " + *t).c_str());
    std::vector<TableCopy> copied;
    for (const auto& table : tables) {
      std::vector<Column> cols = shared(from, to, table);
      sql::Stmt read(from, "SELECT " + selectList(from, to, table, cols) + " FROM " + table +
                               (hasRowOrder(from, table) ? " ORDER BY rowid" : ""));
      std::string marks;
      for (size_t i = 0; i < cols.size(); ++i) marks += i ? ",?" : "?";
      sql::Stmt insert(to, "INSERT INTO " + table + "(" + list(cols) + ") VALUES (" + marks + ")");
      TableCopy t{table, 0, 0};
      while (read.step()) {
        insert.reset();
        t.checksum += readRow(read, cols, &insert);
        insert.run();
        ++t.rows;
      }
      copied.push_back(t);
    }
    if (isSqlite(to))
      to.exec("UPDATE fts_state SET upto = 0");  // unit search is rebuilt from the rows on first use
    else
      restartIdentities(to);
    // Read it all back before committing.
    for (const auto& t : copied) {
      TableCopy back = sum(to, t.table, shared(from, to, t.table));
      if (back.rows != t.rows || back.checksum != t.checksum)
        throw Error::storage("the copy of " + t.table + " differs from the source (" + std::to_string(t.rows) +
                             " rows read, " + std::to_string(back.rows) + " written): nothing was kept");
    }
    to.exec("COMMIT");
    from.exec("COMMIT");
    return copied;
  } catch (...) {
    try {
      to.exec("ROLLBACK");
      from.exec("ROLLBACK");
    } catch (...) {
    }
    throw;
  }
}

}  // namespace grove
