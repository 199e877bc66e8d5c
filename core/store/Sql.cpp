#include "store/Sql.h"

#include <sstream>

namespace grove::sql {
namespace {

std::vector<std::string> splitColumns(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream in(list);
  for (std::string c; std::getline(in, c, ',');) {
    size_t a = c.find_first_not_of(" \n"), b = c.find_last_not_of(" \n");
    if (a != std::string::npos) out.push_back(c.substr(a, b - a + 1));
  }
  return out;
}

}  // namespace

std::string upsert(const std::string& table, const std::string& columns, const std::string& keys) {
  auto cols = splitColumns(columns);
  auto keyCols = splitColumns(keys);
  std::string sql = "INSERT INTO " + table + "(" + columns + ") VALUES (";
  for (size_t i = 0; i < cols.size(); ++i) sql += i ? ",?" : "?";
  sql += ") ON CONFLICT(" + keys + ") DO ";
  std::string set;
  for (const auto& c : cols) {
    bool key = false;
    for (const auto& k : keyCols) key = key || k == c;
    if (key) continue;
    set += (set.empty() ? "" : ", ") + c + "=excluded." + c;
  }
  return sql + (set.empty() ? "NOTHING" : "UPDATE SET " + set);
}

std::string tsqueryTerm(std::string_view term) {
  // A lexeme in quotes: a quote or backslash inside is escaped by a backslash.
  std::string out = "'";
  for (char c : term) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

std::string tsquery(std::string_view match) {
  // FTS5's subset the row code writes: "quoted" terms (a doubled quote
  // inside), a * after one for a prefix, OR, AND, NOT, and terms side by
  // side meaning AND.
  std::string out;
  bool operand = false;  // the last thing written was a term: the next needs an operator
  auto op = [&](const char* o) {
    if (operand) out += o;
    operand = false;
  };
  for (size_t i = 0; i < match.size();) {
    char c = match[i];
    if (c == '"') {
      std::string term;
      for (++i; i < match.size(); ++i) {
        if (match[i] != '"') {
          term += match[i];
        } else if (i + 1 < match.size() && match[i + 1] == '"') {
          term += '"';
          ++i;
        } else {
          break;
        }
      }
      ++i;  // the closing quote
      bool prefix = i < match.size() && match[i] == '*';
      if (prefix) ++i;
      if (term.empty()) continue;
      if (operand) out += " & ";
      out += tsqueryTerm(term) + (prefix ? ":*" : "");
      operand = true;
    } else if (match.substr(i, 2) == "OR") {
      op(" | ");
      i += 2;
    } else if (match.substr(i, 3) == "AND") {
      op(" & ");
      i += 3;
    } else if (match.substr(i, 3) == "NOT") {
      op(" & !");
      i += 3;
    } else {
      ++i;  // spaces
    }
  }
  return out;
}

}  // namespace grove::sql
