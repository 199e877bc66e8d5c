// grove/search: full-text search over unit content.
#include "protocol/Convert.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

void registerSearchHandlers(MethodTable& t) {
  t.add("grove/search", kRead, [](RequestContext& c, const Params& p) {
    std::string query = p.str("query");
    if (query.find_first_not_of(" \t\r\n") == std::string::npos)
      Params::fail("query", "query must not be empty");
    int limit = p.optInt("limit").value_or(20);
    if (limit < 1) Params::fail("limit", "limit must be at least 1");
    json hits = json::array();
    for (const auto& h : c.engine.search(query, p.optStr("projectId"), limit))
      hits.push_back(toJson(h));
    return json{{"hits", hits}};
  });
}

}  // namespace grove::server
