// MethodTable: every JSON-RPC method the server answers, with what the
// dispatcher must know about it. PROTOCOL.md must document exactly these
// names (a test checks both ways).
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/Engine.h"
#include "protocol/Params.h"
#include "server/Reply.h"
#include "session/Session.h"

namespace grove::server {

using nlohmann::json;
class Connection;
class Server;

/// Where a method's answer is made. Every handler starts on the engine
/// thread inside its connection's batch; an EngineThread method must answer
/// before its handler returns, a Worker method may keep its Reply and answer
/// from a continuation once slow work (a provider call) is done.
enum class RunsOn { EngineThread, Worker };

/// Whether `expectedRevision` is honoured: the request changes the project
/// named by `projectId` (or owning `unitId` / `unitIds[0]`), and is refused
/// with revisionConflict when that project moved on.
enum class Revision { Ignored, Checked };

struct MethodSpec {
  RunsOn runsOn = RunsOn::EngineThread;
  Revision revision = Revision::Ignored;
};

inline constexpr MethodSpec kRead{RunsOn::EngineThread, Revision::Ignored};
inline constexpr MethodSpec kChange{RunsOn::EngineThread, Revision::Checked};
inline constexpr MethodSpec kSlowRead{RunsOn::Worker, Revision::Ignored};
inline constexpr MethodSpec kSlowChange{RunsOn::Worker, Revision::Checked};

/// What a handler gets besides its params and its Reply.
struct RequestContext {
  session::Session& session;
  Engine& engine;
  Connection& connection;
  Server& server;
  const json& id;  // null for notifications
};

using Handler = std::function<void(RequestContext&, const proto::Params&, Reply)>;
/// A handler whose return value is the result (or which throws the error).
using ResultHandler = std::function<json(RequestContext&, const proto::Params&)>;

struct Method {
  MethodSpec spec;
  Handler handler;
};

class MethodTable {
public:
  /// A method answered with what `handler` returns.
  void add(std::string name, MethodSpec spec, ResultHandler handler);
  /// A method whose handler answers through its Reply, now or later.
  void addWithReply(std::string name, MethodSpec spec, Handler handler);
  const Method* find(const std::string& name) const;
  std::vector<std::string> names() const;

private:
  std::map<std::string, Method> methods_;
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
void registerInterchangeHandlers(MethodTable&);  // grove/import/run, grove/export/run
void registerBoardHandlers(MethodTable&);        // grove/board/*, grove/workspace/configure
void registerKnowledgeHandlers(MethodTable&);    // grove/knowledge/* (the graph side)
void registerKnowledgeIngestHandlers(MethodTable&);  // grove/knowledge/ingest
void registerWorkspaceHandlers(MethodTable&);     // grove/workspace/refresh

/// Every method of this build.
MethodTable makeMethodTable();

}  // namespace grove::server
