#include "protocol/TurnJson.h"

#include "protocol/Convert.h"
#include "protocol/MemoletJson.h"

namespace grove::proto {

using nlohmann::json;

json toJson(const session::Turn& t) {
  json result{{"userUnit", toJson(t.userUnit)},
              {"assistantUnit", toJson(t.assistantUnit)},
              {"usage", {{"promptTokens", t.promptTokens}, {"completionTokens", t.completionTokens}}},
              {"finishReason", t.finishReason}};
  if (t.suggestionId) result["suggestionId"] = *t.suggestionId;
  if (t.hasMemory) {
    json citations = json::array();
    for (const auto& c : t.citations) citations.push_back({{"memoletId", c.memoletId}, {"title", c.title}});
    result["citations"] = std::move(citations);
    result["retrieved"] = t.retrieved;
    result["memory"] = toJson(t.memory);
  }
  return result;
}

json toJson(const session::ProviderStatus& p) {
  return json{{"name", p.name},       {"kind", p.kind},     {"model", p.model},   {"utilityModel", p.utilityModel},
              {"baseUrl", p.baseUrl}, {"active", p.active}, {"hasKey", p.hasKey}, {"state", p.state}};
}

}  // namespace grove::proto
