#include "server/MethodTable.h"

namespace grove::server {

void MethodTable::add(std::string name, MethodSpec spec, ResultHandler handler) {
  methods_[std::move(name)] = {spec, [handler = std::move(handler)](RequestContext& c, const proto::Params& p,
                                                                     Reply reply) { reply(handler(c, p)); }};
}

void MethodTable::addWithReply(std::string name, MethodSpec spec, Handler handler) {
  methods_[std::move(name)] = {spec, std::move(handler)};
}

const Method* MethodTable::find(const std::string& name) const {
  auto it = methods_.find(name);
  return it == methods_.end() ? nullptr : &it->second;
}

std::vector<std::string> MethodTable::names() const {
  std::vector<std::string> out;
  for (const auto& [name, m] : methods_) out.push_back(name);
  return out;
}

MethodTable makeMethodTable() {
  MethodTable t;
  registerProjectHandlers(t);
  registerUnitHandlers(t);
  registerStructureHandlers(t);
  registerScopeHandlers(t);
  registerWorkspaceHandlers(t);
  registerHistoryHandlers(t);
  registerSearchHandlers(t);
  registerServerHandlers(t);
  registerChatHandlers(t);
  registerMemoletHandlers(t);
  registerSuggestionHandlers(t);
  registerCapsuleHandlers(t);
  registerUserModelHandlers(t);
  registerInterchangeHandlers(t);
  registerBoardHandlers(t);
  registerKnowledgeHandlers(t);
  registerKnowledgeIngestHandlers(t);
  return t;
}

}  // namespace grove::server
