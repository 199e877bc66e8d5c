// What one core tells the others on the same database when it changed a
// project (PostgresStore::announce, PostgresChangeFeed): a NOTIFY payload of
// tab-separated fields, unit ids comma-separated. Ids and op names never
// hold either character.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grove {

struct ChangeNotice {
  std::string instance;  // the core that made the change
  std::string kind;      // project | board | knowledge; empty: anything may have changed
  std::string id;        // the project, or the board's or map's workspace
  int64_t revision = 0;
  std::string op;
  std::vector<std::string> ids;  // units, items or nodes; empty: all of it

  std::string text() const;
  /// nullopt for a payload that is not a notice (another program's NOTIFY).
  static std::optional<ChangeNotice> parse(const std::string& text);
};

}  // namespace grove
