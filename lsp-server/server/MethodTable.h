// MethodTable: the typed list of every JSON-RPC method the server answers.
// PROTOCOL.md must document exactly these names (a test checks both ways).
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/Engine.h"
#include "protocol/Params.h"

namespace grove::server {

using nlohmann::json;
class Connection;
class Server;

/// What a handler gets besides its params.
struct RequestContext {
  Engine& engine;
  Connection& connection;
  Server& server;
  const json& id;  // null for notifications
  /// Set by a handler that will answer later (Server::replyLater); its
  /// return value is then ignored.
  bool deferred = false;
};

using Handler = std::function<json(RequestContext&, const proto::Params&)>;

class MethodTable {
public:
  void add(std::string name, Handler handler) { methods_[std::move(name)] = std::move(handler); }
  const Handler* find(const std::string& name) const {
    auto it = methods_.find(name);
    return it == methods_.end() ? nullptr : &it->second;
  }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& [name, h] : methods_) out.push_back(name);
    return out;
  }

private:
  std::map<std::string, Handler> methods_;
};

// One registration function per namespace (handlers/<Area>Handlers.cpp).
void registerProjectHandlers(MethodTable&);
void registerUnitHandlers(MethodTable&);
void registerStructureHandlers(MethodTable&);
void registerScopeHandlers(MethodTable&);
void registerHistoryHandlers(MethodTable&);
void registerSearchHandlers(MethodTable&);
void registerServerHandlers(MethodTable&);
void registerChatHandlers(MethodTable&);
void registerMemoletHandlers(MethodTable&);  // grove/memolet/* and grove/chat/refine
void registerSuggestionHandlers(MethodTable&);
void registerCapsuleHandlers(MethodTable&);
void registerUserModelHandlers(MethodTable&);

/// Every method of this build.
MethodTable makeMethodTable();

}  // namespace grove::server
