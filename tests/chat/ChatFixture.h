// ChatFixture: a real grove-server child with its own temp store and its own
// configuration home (so no user's config.json or exported key is ever read),
// plus helpers to build a conversation and run chat turns over JSON-RPC.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "RpcClient.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::chat_test {

using nlohmann::json;
using test::Millis;
using test::RpcClient;
using test::ServerProcess;
using test::TempDir;

using Env = std::vector<std::pair<std::string, std::string>>;

/// One chat turn as the client saw it.
struct Turn {
  json reply;                       // the whole response: {id, result} or {id, error}
  std::vector<json> streams;        // grove/chat/didStream params, in arrival order
  std::vector<std::string> deltas;  // their `text`s

  const json& result() const { return reply.at("result"); }
  std::string joined() const;
};

/// The environment that points grove-server at an OpenAI-compatible or an
/// Anthropic endpoint through GROVE_PROVIDER / GROVE_BASE_URL / the key.
Env openAiEnv(const std::string& baseUrl, const std::string& key = "sk-test-openai");
Env anthropicEnv(const std::string& baseUrl, const std::string& key = "sk-ant-test");

/// A config.json whose only (and so active) provider is "fake-<kind>" at
/// `baseUrl`, with test-sized limits; `overrides` are merged into the entry.
json singleProviderConfig(const std::string& kind, const std::string& baseUrl, const json& overrides = json::object());

class ChatFixture : public ::testing::Test {
protected:
  void TearDown() override;

  /// Writes $XDG_CONFIG_HOME/grove/config.json for the next startServer().
  void writeConfig(const json& config);
  /// Starts grove-server with `env` on top of a clean provider environment
  /// (no GROVE_* or *_API_KEY inherited, XDG_CONFIG_HOME and HOME in the
  /// temp dir), initializes it and creates a project.
  void startServer(const Env& env = {}, std::vector<std::string> extraArgs = {});

  RpcClient& rpc() { return server_->client(); }
  std::string path(const std::string& name) const { return dir_.file(name); }

  /// grove/unit/append on the project; returns the new unit id.
  std::string append(const std::string& parentId, const std::string& role, const std::string& content,
                     const json& branch = nullptr);
  /// grove/chat/send (projectId filled in) and its stream, bounded by `timeout`.
  Turn send(const json& params, Millis timeout = Millis(15000));
  /// The same for a message under `parentId`.
  Turn say(const std::string& parentId, const std::string& content, Millis timeout = Millis(15000));
  /// Waits for the reply to an already sent chat request and collects its stream.
  Turn finishTurn(const json& id, std::vector<json> earlier = {}, Millis timeout = Millis(15000));

  json project();
  json unit(const std::string& id);
  /// The project's branch whose head is `headId` (null when none).
  json branch(const std::string& headId);
  /// Ids of the project's live units, in seq order.
  std::vector<std::string> unitIds();

  TempDir dir_;
  std::unique_ptr<ServerProcess> server_;
  std::string projectId_;
};

}  // namespace grove::chat_test
