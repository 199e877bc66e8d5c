#include "ChatFixture.h"

#include <filesystem>
#include <fstream>
#include <iostream>

namespace grove::chat_test {

namespace {

// Everything that could point the server at a real provider or a real store.
const char* const kInheritedProviderVars[] = {"GROVE_PROVIDER", "GROVE_MODEL",      "GROVE_BASE_URL",
                                              "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GROVE_DB",
                                              "XDG_DATA_HOME"};

bool isStream(const json& n) { return n.value("method", "") == "grove/chat/didStream"; }

}  // namespace

std::string Turn::joined() const {
  std::string out;
  for (const auto& d : deltas) out += d;
  return out;
}

Env openAiEnv(const std::string& baseUrl, const std::string& key) {
  return {{"GROVE_PROVIDER", "openai"}, {"GROVE_BASE_URL", baseUrl}, {"GROVE_MODEL", "fake-chat"},
          {"OPENAI_API_KEY", key}};
}

Env anthropicEnv(const std::string& baseUrl, const std::string& key) {
  return {{"GROVE_PROVIDER", "anthropic"}, {"GROVE_BASE_URL", baseUrl}, {"GROVE_MODEL", "fake-claude"},
          {"ANTHROPIC_API_KEY", key}};
}

json singleProviderConfig(const std::string& kind, const std::string& baseUrl, const json& overrides) {
  json entry{{"name", "fake-" + kind},
             {"kind", kind},
             {"baseUrl", baseUrl},
             {"model", "fake-model"},
             {"apiKey", "sk-test-config"},
             {"maxRetries", 2},
             {"retryBaseMs", 20},
             {"timeouts", {{"connectMs", 2000}, {"idleMs", 5000}}}};
  entry.merge_patch(overrides);
  return {{"provider", "fake-" + kind}, {"providers", json::array({entry})}};
}

void ChatFixture::TearDown() {
  // On a failure, the server's log is the first thing anyone wants to read.
  if (server_ && HasFailure()) std::cerr << "---- grove-server stderr ----\n" << server_->stderrText() << "\n";
  server_.reset();
}

void ChatFixture::writeConfig(const json& config) {
  std::filesystem::create_directories(dir_.path() / "config" / "grove");
  std::ofstream(dir_.path() / "config" / "grove" / "config.json") << config.dump(2);
}

void ChatFixture::startServer(const Env& env, std::vector<std::string> extraArgs) {
  ServerProcess::Options options;
  options.dbPath = path("grove.db");
  options.extraArgs = std::move(extraArgs);
  for (const char* name : kInheritedProviderVars) options.env.emplace_back(name, "");
  options.env.emplace_back("XDG_CONFIG_HOME", path("config"));
  options.env.emplace_back("HOME", dir_.path().string());
  for (const auto& kv : env) options.env.push_back(kv);  // later entries win
  server_ = std::make_unique<ServerProcess>(std::move(options));
  rpc().initialize("chat-tests");
  projectId_ = rpc().result("grove/project/create", {{"title", "chat"}})["id"];
  // These tests count and order the provider's requests for the answer and
  // the memory agent; the structure agent (one more utility-model request per
  // send) is tested in tests/suggest, so here it only runs on demand.
  rpc().result("grove/initiative/set", {{"projectId", projectId_}, {"level", "on_demand"}});
}

std::string ChatFixture::append(const std::string& parentId, const std::string& role,
                                const std::string& content, const json& branch) {
  json params{{"projectId", projectId_},
              {"parentId", parentId.empty() ? json() : json(parentId)},
              {"role", role},
              {"content", content}};
  if (!branch.is_null()) params["branch"] = branch;
  return rpc().result("grove/unit/append", params)["id"];
}

Turn ChatFixture::send(const json& params, Millis timeout) {
  json full = params;
  full["projectId"] = projectId_;
  json id = rpc().send("grove/chat/send", full);
  return finishTurn(id, {}, timeout);
}

Turn ChatFixture::say(const std::string& parentId, const std::string& content, Millis timeout) {
  return send({{"parentId", parentId.empty() ? json() : json(parentId)}, {"content", content}}, timeout);
}

Turn ChatFixture::finishTurn(const json& id, std::vector<json> earlier, Millis timeout) {
  Turn turn;
  turn.reply = rpc().waitResponse(id, timeout);
  // Frames are filed in arrival order: every didStream sent before the reply
  // is queued by now.
  for (auto& n : earlier)
    if (isStream(n)) turn.streams.push_back(n["params"]);
  for (auto& n : rpc().takeNotifications())
    if (isStream(n)) turn.streams.push_back(n["params"]);
  for (const auto& s : turn.streams) turn.deltas.push_back(s.value("text", ""));
  return turn;
}

json ChatFixture::project() { return rpc().result("grove/project/get", {{"projectId", projectId_}}); }

json ChatFixture::unit(const std::string& id) { return rpc().result("grove/unit/get", {{"unitId", id}}); }

json ChatFixture::branch(const std::string& headId) {
  const json got = project();  // kept alive: the loop walks into it
  for (const auto& b : got["branches"])
    if (b.value("headId", "") == headId) return b;
  return nullptr;
}

std::vector<std::string> ChatFixture::unitIds() {
  std::vector<std::string> ids;
  const json got = project();
  for (const auto& u : got["units"]) ids.push_back(u["id"]);
  return ids;
}

}  // namespace grove::chat_test
