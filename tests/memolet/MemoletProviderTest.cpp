// Memolets with a provider: grove-server talks to grove-fake-provider on
// loopback (OpenAI dialect, /v1/embeddings included). Citations come back
// with a turn, embeddings are stored once and reused, and a refined prompt
// carries the sections without any trace of what the user removed.
#include <gtest/gtest.h>

#include <chrono>

#include "ChatFixture.h"
#include "Eventually.h"
#include "FakeProvider.h"

namespace grove::chat_test {
namespace {

class MemoletProvider : public ChatFixture {
protected:
  void SetUp() override {
    // Until a test scripts its answer: every request gets the same reply
    // (embeddings requests are answered by path), so background embedding
    // jobs and query expansion can come in any order.
    fake_ = std::make_unique<FakeProviderProcess>(json::array({{{"chunks", {"Noted."}}}}));
    startOnFake();
  }

  /// An OpenAI-compatible provider that names an embedding model (without
  /// one, a non-OpenAI endpoint keeps hashed vectors).
  void startOnFake() {
    writeConfig(singleProviderConfig("openai", fake_->baseUrl(), {{"embeddingModel", "fake-embed"}}));
    startServer();
  }

  std::pair<std::string, std::string> exchange(const std::string& project, const std::string& parent,
                                               const std::string& q, const std::string& a) {
    json params{{"projectId", project}, {"parentId", parent.empty() ? json() : json(parent)},
                {"role", "user"}, {"content", q}};
    std::string qid = rpc().result("grove/unit/append", params)["id"];
    params["parentId"] = qid;
    params["role"] = "assistant";
    params["content"] = a;
    return {qid, rpc().result("grove/unit/append", params)["id"]};
  }

  /// The memolet made from `project`'s only exchange.
  json memoletOf(const std::string& project) {
    json list = rpc().result("grove/memolet/list", {{"projectId", project}})["memolets"];
    EXPECT_EQ(list.size(), 1u);
    return list.empty() ? json::object() : list[0];
  }

  std::string pastConversation(const std::string& title, const std::string& q, const std::string& a) {
    std::string p = rpc().result("grove/project/create", {{"title", title}})["id"];
    exchange(p, "", q, a);
    return memoletOf(p)["id"];
  }

  json requestsTo(const std::string& path) {
    json out = json::array();
    for (const auto& r : fake_->requests())
      if (r.value("path", "") == path) out.push_back(r);
    return out;
  }

  /// Every input the fake was asked to embed.
  std::vector<std::string> embeddedInputs() {
    std::vector<std::string> out;
    for (const auto& r : requestsTo("/v1/embeddings"))
      for (const auto& i : r["body"]["input"]) out.push_back(i);
    return out;
  }

  /// The system prompt of the chat request whose system contains `marker` ("" if none).
  std::string systemOf(const std::string& marker) {
    for (const auto& r : requestsTo("/v1/chat/completions")) {
      const json& messages = r["body"]["messages"];
      if (messages.empty() || messages[0].value("role", "") != "system") continue;
      std::string system = messages[0].value("content", "");
      if (system.find(marker) != std::string::npos) return system;
    }
    return {};
  }

  void TearDown() override {
    ChatFixture::TearDown();
    fake_.reset();
  }

  std::unique_ptr<FakeProviderProcess> fake_;
};

TEST_F(MemoletProvider, ATurnReturnsTheMemoletsItsAnswerCites) {
  std::string volumes = pastConversation("ops", "How do I keep files when a docker container restarts?",
                                         "Mount a named docker volume; the files persist.");
  std::string toml = pastConversation("cfg", "Which C++ library parses TOML?", "toml11 parses TOML documents.");
  fake_->setScript(json::array({{{"chunks", {"Use a volume [citation:" + volumes + "], as before ",
                                             "[[citation: " + volumes + "]][citation:m_invented] and [citation : " +
                                                 toml + "]."}}}}));
  Turn turn = say("", "How do docker volumes keep files across restarts?");
  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  const json& r = turn.result();
  // In order of first citation, each once; an id that names nothing is dropped.
  ASSERT_EQ(r["citations"].size(), 2u) << r["citations"].dump();
  EXPECT_EQ(r["citations"][0]["memoletId"], volumes);
  EXPECT_EQ(r["citations"][0]["title"], "How do I keep files when a docker container restarts?");
  EXPECT_EQ(r["citations"][1]["memoletId"], toml);
  ASSERT_FALSE(r["retrieved"].empty());
  EXPECT_EQ(r["retrieved"][0], volumes) << "retrieval found the past conversation";

  // The answer's request carried the memolet under its citation header, and
  // the utility model was asked for standalone queries first.
  const std::string expansion = systemOf("standalone search queries");
  EXPECT_FALSE(expansion.empty()) << "no query expansion request";
  const std::string system = systemOf("[MEMORY CONTEXTS]");
  EXPECT_NE(system.find("[MEMOLET: How do I keep files when a docker container restarts? | memolet:" + volumes + " | chat]"),
            std::string::npos)
      << system;
  EXPECT_NE(system.find("[citation:ID]"), std::string::npos);
}

TEST_F(MemoletProvider, EmbeddingsAreStoredWithTheModelAndReused) {
  std::string id = pastConversation("ops", "How do I keep files when a docker container restarts?",
                                    "Mount a named docker volume; the files persist.");
  const std::string text = rpc().result("grove/memolet/get", {{"memoletId", id}})["text"];
  json stored;
  ASSERT_TRUE(eventually([&] {
    stored = rpc().result("grove/memolet/get", {{"memoletId", id}})["memolet"];
    return !stored["embeddingModel"].is_null();
  })) << "the memolet was never embedded";
  json asked = requestsTo("/v1/embeddings");
  ASSERT_FALSE(asked.empty());
  EXPECT_EQ(stored["embeddingModel"], "fake-embed");
  EXPECT_EQ(asked[0]["body"]["model"], "fake-embed") << "stored under the model that made it";
  auto inputs = embeddedInputs();
  EXPECT_EQ(std::count(inputs.begin(), inputs.end(), text), 1) << "embedded once";

  // A new core on the same store: the stored vector is reused, only the
  // query is embedded, and search still finds the memolet.
  server_.reset();
  fake_->setScript(json::array({{{"chunks", {"Noted."}}}}));
  startOnFake();
  json hits = rpc().result("grove/memolet/search", {{"query", "where do container files persist"}})["results"];
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0]["memolet"]["id"], id);
  EXPECT_EQ(embeddedInputs(), std::vector<std::string>{"where do container files persist"});

  // Editing the text makes the stored embedding stale: it is redone.
  std::string answer = rpc().result("grove/memolet/get", {{"memoletId", id}})["memolet"]["sourceUnitIds"][1];
  rpc().result("grove/unit/edit", {{"unitId", answer}, {"content", "Use a bind mount to a host directory."}});
  const std::string edited = rpc().result("grove/memolet/get", {{"memoletId", id}})["text"];
  ASSERT_TRUE(eventually([&] {
    auto in = embeddedInputs();
    return std::count(in.begin(), in.end(), edited) == 1 &&
           !rpc().result("grove/memolet/get", {{"memoletId", id}})["memolet"]["embeddingModel"].is_null();
  })) << "the edited text was never embedded";
}

TEST_F(MemoletProvider, ARefinedAnswerGetsSectionsAndNoTraceOfRemovedMemolets) {
  std::string volumes = pastConversation("ops", "How do I keep files when a docker container restarts?",
                                         "Mount a named docker volume; the throwaway files persist.");
  std::string backup = pastConversation("backup", "How do I back up a docker volume?",
                                        "Run a container that mounts the volume and tars it.");
  std::string logs = pastConversation("logs", "How do I follow docker container logs?", "docker logs -f follows them.");
  Turn first = say("", "Explain @[Volumes](memolet:" + volumes + ") and docker volume backups [citation:" + volumes + "]");
  ASSERT_TRUE(first.reply.contains("result")) << first.reply.dump();
  const std::string answer = first.result()["assistantUnit"]["id"];

  fake_->setScript(json::array({{{"chunks", {"Refined [citation:" + backup + "]."}}}}));
  json id = rpc().send("grove/chat/refine", {{"unitId", answer},
                                             {"remove", {volumes}},
                                             {"highlight", {backup}},
                                             {"group", {{{"a", backup}, {"b", logs}, {"weight", 0.25}}}}});
  Turn refined = finishTurn(id);
  ASSERT_TRUE(refined.reply.contains("result")) << refined.reply.dump();
  const json& r = refined.result();
  EXPECT_EQ(r["assistantUnit"]["parentId"], first.result()["userUnit"]["id"]) << "a new answer to the same message";
  EXPECT_NE(r["assistantUnit"]["id"], answer);
  EXPECT_EQ(r["citations"][0]["memoletId"], backup);
  for (const auto& m : r["retrieved"]) EXPECT_NE(m, volumes);

  const std::string system = systemOf("[REFINEMENT]");
  EXPECT_NE(system.find("[REFINEMENT]"), std::string::npos) << system;
  EXPECT_NE(system.find("HIGHLIGHT_CONTEXT (include these MORE PROMINENTLY):\n[MEMOLET: How do I back up a docker volume? | memolet:" +
                        backup + "]"),
            std::string::npos)
      << system;
  EXPECT_NE(system.find("GROUP_CONTEXT: " + backup + " (weight 0.25), " + logs + " (weight 0.75)"), std::string::npos);
  // No prompt of the refinement (query expansion, the answer) names or quotes
  // the removed memolet.
  const std::string everything = requestsTo("/v1/chat/completions").dump();
  EXPECT_EQ(everything.find(volumes), std::string::npos) << "the removed id reached the provider";
  EXPECT_EQ(everything.find("throwaway"), std::string::npos) << "the removed text reached the provider";
  EXPECT_NE(everything.find("(a removed memory)"), std::string::npos);
}

TEST_F(MemoletProvider, AStalledQueryExpansionFallsBackAndTheTurnIsAnswered) {
  // No embedding model: the only requests are the expansion and the answer.
  // A long idle timeout, so only the expansion's own limit can end the wait.
  server_.reset();
  writeConfig(singleProviderConfig("openai", fake_->baseUrl(),
                                   {{"timeouts", {{"connectMs", 2000}, {"idleMs", 60000}}}}));
  startServer();
  pastConversation("ops", "How do I keep files when a docker container restarts?",
                   "Mount a named docker volume; the files persist.");
  fake_->setScript(json::array({{{"hang", true}}, {{"chunks", {"Answered after the stall."}}}}));
  auto t0 = std::chrono::steady_clock::now();
  Turn turn = say("", "How do docker volumes keep files across restarts?");
  auto took = std::chrono::steady_clock::now() - t0;
  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  EXPECT_EQ(turn.result()["assistantUnit"]["content"], "Answered after the stall.");
  // The lexical variants stood in for the model's queries: retrieval still ran.
  ASSERT_FALSE(turn.result()["retrieved"].empty());
  // Well under the provider's idle timeout (120 s): the expansion's own limit ended the wait.
  EXPECT_LT(took, std::chrono::seconds(14));
}

}  // namespace
}  // namespace grove::chat_test
