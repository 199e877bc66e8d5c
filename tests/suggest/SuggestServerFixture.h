// SuggestServer: a real grove-server (tests/chat's ChatFixture: temp store,
// clean provider environment) with what the suggestion tests need: a thread
// on one topic, chat turns that keep every notification, a second client on
// the same store (a joined relay), and waiting for a notice by predicate.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "ChatFixture.h"
#include "RpcAssertions.h"

namespace grove::suggest_test {

using chat_test::Env;
using nlohmann::json;
using test::Millis;
using test::RpcClient;
using test::ServerProcess;

/// Every notification one client received, kept in order (RpcClient forgets
/// what it hands out).
class Inbox {
public:
  explicit Inbox(RpcClient& client) : client_(client) {}
  void drain();
  /// The first kept notification (from `from` on) that satisfies `pred`,
  /// waiting up to `timeout` for it.
  std::optional<json> waitFor(const std::function<bool(const json&)>& pred, Millis timeout = Millis(10000));
  std::vector<json> all() {
    drain();
    return all_;
  }
  /// Notices with this method, in order.
  std::vector<json> named(const std::string& method);

private:
  RpcClient& client_;
  std::vector<json> all_;
};

class SuggestServer : public chat_test::ChatFixture {
protected:
  void start(const Env& env = {});
  /// A second grove-server on the same store: it joins the owner's core.
  std::unique_ptr<ServerProcess> joinSecond(const std::string& name);

  /// q1 - a1 - q2 - a2 about SQLite schema migrations; returns a2.
  std::string thread();
  /// grove/chat/send below `parentId`; the whole reply.
  json sendTurn(const std::string& parentId, const std::string& content, Millis timeout = Millis(20000));
  json resolve(const std::string& suggestionId, const std::string& decision);
  json suggestions(const std::optional<std::string>& state = std::nullopt);
  std::optional<json> waitSuggestion(const std::string& method,
                                     const std::function<bool(const json&)>& pred = {},
                                     Millis timeout = Millis(10000));
  /// Waits (bounded) until the server's log contains `text`.
  bool logSays(const std::string& text, Millis timeout = Millis(10000));

  std::unique_ptr<Inbox> inbox;
  Env env_;
  std::string q1, a1, q2, a2;

  static constexpr const char* kSideQuestion = "What is a good recipe for sourdough bread with rye flour?";
  static constexpr const char* kFollowUp = "And how do I run the SQLite migrations at startup?";
};

}  // namespace grove::suggest_test
