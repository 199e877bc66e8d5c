#include "SuggestServerFixture.h"

#include <chrono>
#include <thread>

namespace grove::suggest_test {

namespace {
// As ChatFixture: nothing that could point a server at a real provider or store.
const char* const kProviderVars[] = {"GROVE_PROVIDER", "GROVE_MODEL", "GROVE_BASE_URL", "OPENAI_API_KEY",
                                     "ANTHROPIC_API_KEY", "GROVE_DB", "XDG_DATA_HOME"};
using Clock = std::chrono::steady_clock;
}  // namespace

void Inbox::drain() {
  for (auto& n : client_.takeNotifications()) all_.push_back(std::move(n));
}

std::optional<json> Inbox::waitFor(const std::function<bool(const json&)>& pred, Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  size_t seen = 0;
  for (;;) {
    drain();
    for (; seen < all_.size(); ++seen)
      if (pred(all_[seen])) return all_[seen];
    auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now());
    if (left.count() <= 0) return std::nullopt;
    // Takes the next notification only (nothing is dropped), or times out.
    if (auto n = client_.waitForNotification([](const json&) { return true; }, std::min(left, Millis(100))))
      all_.push_back(*n);
  }
}

std::vector<json> Inbox::named(const std::string& method) {
  drain();
  std::vector<json> out;
  for (const auto& n : all_)
    if (n.value("method", "") == method) out.push_back(n);
  return out;
}

void SuggestServer::start(const Env& env) {
  env_ = env;
  startServer(env);
  // ChatFixture runs the structure agent on demand only; these tests want the default.
  rpc().result("grove/initiative/set", {{"projectId", projectId_}, {"level", "suggest"}});
  inbox = std::make_unique<Inbox>(rpc());
}

std::unique_ptr<ServerProcess> SuggestServer::joinSecond(const std::string& name) {
  ServerProcess::Options options;
  options.dbPath = path("grove.db");
  options.stderrPath = path(name + ".stderr");
  for (const char* v : kProviderVars) options.env.emplace_back(v, "");
  options.env.emplace_back("XDG_CONFIG_HOME", path("config"));
  options.env.emplace_back("HOME", dir_.path().string());
  for (const auto& kv : env_) options.env.push_back(kv);
  auto second = std::make_unique<ServerProcess>(std::move(options));
  second->client().initialize(name);
  return second;
}

std::string SuggestServer::thread() {
  q1 = append("", "user", "How should the SQLite store handle schema migrations and versioning?");
  a1 = append(q1, "assistant", "Number the SQLite migrations, apply each schema change in a transaction, record PRAGMA user_version.");
  q2 = append(a1, "user", "Should SQLite migrations be reversible, and how do I test the schema upgrade?");
  a2 = append(q2, "assistant", "Keep SQLite migrations forward-only; test each schema upgrade from a fixture database.");
  return a2;
}

json SuggestServer::sendTurn(const std::string& parentId, const std::string& content, Millis timeout) {
  json id = rpc().send("grove/chat/send", {{"projectId", projectId_}, {"parentId", parentId}, {"content", content}});
  json reply = rpc().waitResponse(id, timeout);
  inbox->drain();
  return reply;
}

json SuggestServer::resolve(const std::string& suggestionId, const std::string& decision) {
  return rpc().result("grove/suggestion/resolve", {{"suggestionId", suggestionId}, {"decision", decision}});
}

json SuggestServer::suggestions(const std::optional<std::string>& state) {
  json params{{"projectId", projectId_}};
  if (state) params["state"] = *state;
  return rpc().result("grove/suggestion/list", params)["suggestions"];
}

std::optional<json> SuggestServer::waitSuggestion(const std::string& method,
                                                  const std::function<bool(const json&)>& pred, Millis timeout) {
  return inbox->waitFor(
      [&](const json& n) {
        if (n.value("method", "") != method) return false;
        const json& params = n.at("params");
        return !pred || pred(params.at("suggestion"));
      },
      timeout);
}

bool SuggestServer::logSays(const std::string& text, Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    if (server_->stderrText().find(text) != std::string::npos) return true;
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(Millis(20));  // polling a file with a deadline, not waiting for a race
  }
}

}  // namespace grove::suggest_test
