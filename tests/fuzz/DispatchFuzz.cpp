// Fuzzes JSON-RPC dispatch: a real Server (offline provider, in-memory
// store) is served over pipes and sent requests for every method of the
// method table, with params of every JSON type in every field the handlers
// read, plus free-form JSON. Every request must be answered (a result or a
// JSON-RPC error other than an internal one) within a deadline, and the
// server must stay up.
//
// Input: records of [method byte][mode byte][count byte][count (key, type)
// pairs], or with mode 0, [method][0][length][length bytes of params JSON].
// `exit` and `shutdown` are left out: they end the session the fuzzer reuses.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "RpcClient.h"
#include "engine/Engine.h"
#include "server/Server.h"
#include "store/SqliteStore.h"

namespace {

using nlohmann::json;

// The params handlers read (lsp-server/server/handlers, protocol/).
const char* const kKeys[] = {
    "projectId", "unitIds", "unitId", "title", "cursorId", "prompt", "parentId", "model",
    "memoletId", "content", "capsuleId", "workspaceUri", "scope", "reviewed", "query", "prefix",
    "limit", "intent", "headId", "enabled", "budgetTokens", "suggestionId", "subtree", "status",
    "state", "startId", "span", "source", "role", "preview", "name", "memoletIds", "maxPerHour",
    "level", "kind", "k", "instruction", "includeDeleted", "groupId", "group", "example", "endId",
    "decision", "cooldownTurns", "branch", "expectedRevision", "text", "id", "clientInfo"};
constexpr size_t kKeyCount = sizeof kKeys / sizeof kKeys[0];
constexpr int kTypeCount = 16;

struct Session {
  std::unique_ptr<grove::Engine> engine;
  std::unique_ptr<grove::server::Server> server;
  std::unique_ptr<grove::test::RpcClient> client;
  std::thread thread;
  std::vector<std::string> methods;
  std::string projectId, unitId;

  Session() {
    engine = std::make_unique<grove::Engine>(
        std::make_unique<grove::SqliteStore>(grove::SqliteStore::Options{":memory:"}));
    server = std::make_unique<grove::server::Server>(*engine, grove::server::Server::Options{});
    int toServer[2], fromServer[2];
    if (::pipe2(toServer, O_CLOEXEC) != 0 || ::pipe2(fromServer, O_CLOEXEC) != 0) std::abort();
    int in = toServer[0], out = fromServer[1];
    thread = std::thread([this, in, out] {
      server->serve(in, out, "fuzz");
      ::close(out);
      ::close(in);
    });
    client = std::make_unique<grove::test::RpcClient>(fromServer[0], toServer[1]);
    client->initialize("grove-fuzz");
    for (const auto& m : server->methods().names())
      if (m != "exit" && m != "shutdown") methods.push_back(m);
    methods.push_back("initialize");
    // Real ids, so fuzzed requests reach past the not-found checks.
    json project = client->result("grove/project/create", {{"title", "fuzz"}});
    projectId = project.value("project", project).value("id", "");
    json unit = client->result("grove/unit/append", {{"projectId", projectId},
                                                     {"parentId", nullptr},
                                                     {"role", "user"},
                                                     {"content", "hello"}});
    unitId = unit.value("unit", unit).value("id", "");
    if (projectId.empty() || unitId.empty()) {
      std::fprintf(stderr, "DispatchFuzz: could not create the project and unit to fuzz with\n");
      std::abort();
    }
  }
  // Never destroyed: the process ends with the fuzzer, and tearing the
  // server down under libFuzzer's exit handlers gains nothing.
};

json valueOfType(int type, const Session& s) {
  switch (type) {
    case 0: return nullptr;
    case 1: return false;
    case 2: return true;
    case 3: return 0;
    case 4: return -1;
    case 5: return 9007199254740993LL;
    case 6: return 1.5;
    case 7: return "";
    case 8: return "x";
    case 9: return json::array();
    case 10: return json::array({"a", 1, nullptr});
    case 11: return json::object();
    case 12: return json{{"a", {{"b", json::array()}}}};
    case 13: return s.projectId;
    case 14: return s.unitId;
    default: return std::string(5000, 'y');
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Session* session = new Session();
  Session& s = *session;
  std::vector<json> ids;
  size_t i = 0;
  while (i + 3 <= size && ids.size() < 64) {
    const std::string& method = s.methods[data[i] % s.methods.size()];
    const uint8_t mode = data[i + 1];
    const size_t count = data[i + 2];
    i += 3;
    json params;
    if (mode == 0) {
      size_t n = std::min(count, size - i);
      params = json::parse(std::string(reinterpret_cast<const char*>(data) + i, n), nullptr, false);
      if (params.is_discarded()) params = std::string(reinterpret_cast<const char*>(data) + i, n);
      i += n;
    } else {
      params = json::object();
      for (size_t k = 0; k < count && i + 2 <= size; ++k, i += 2)
        params[kKeys[data[i] % kKeyCount]] = valueOfType(data[i + 1] % kTypeCount, s);
    }
    json id;
    s.client->writeRaw(s.client->requestFrame(method, params, &id));
    ids.push_back(id);
  }
  for (const auto& id : ids) {
    json reply;
    try {
      reply = s.client->waitResponse(id, std::chrono::milliseconds(20000));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "DispatchFuzz: no reply to request %s: %s\n", id.dump().c_str(), e.what());
      std::abort();
    }
    // -32603 is an internal error: a handler threw something it should
    // have turned into a clear error.
    if (reply.contains("error") && reply["error"].value("code", 0) == -32603 &&
        reply["error"].value("data", json::object()).value("kind", "") != "storageFailure") {
      std::fprintf(stderr, "DispatchFuzz: internal error: %s\n", reply.dump().c_str());
      std::abort();
    }
  }
  s.client->takeNotifications();
  s.client->takeArrivalOrder();
  return 0;
}
