// Memolets over the wire, through the real grove-server child (offline
// provider): every method's shape, bad input, references in previews and
// turns; and grove/memolet/didChange reaching every client of a core.
#include <gtest/gtest.h>

#include "ChatFixture.h"
#include "Eventually.h"
#include "InProcessServer.h"

namespace grove::chat_test {
namespace {

class MemoletWire : public ChatFixture {
protected:
  /// A user message and its answer below `parent` in `project` (default: the fixture's).
  std::pair<std::string, std::string> exchange(const std::string& parent, const std::string& q,
                                               const std::string& a, const std::string& project = {}) {
    json params{{"projectId", project.empty() ? projectId_ : project},
                {"parentId", parent.empty() ? json() : json(parent)},
                {"role", "user"},
                {"content", q}};
    std::string qid = rpc().result("grove/unit/append", params)["id"];
    params["parentId"] = qid;
    params["role"] = "assistant";
    params["content"] = a;
    return {qid, rpc().result("grove/unit/append", params)["id"]};
  }

  json memolets(const std::string& project) {
    return rpc().result("grove/memolet/list", {{"projectId", project}})["memolets"];
  }

  std::string newProject(const std::string& title) {
    return rpc().result("grove/project/create", {{"title", title}})["id"];
  }

  /// The error object of a call that must fail.
  json errorOf(const std::string& method, const json& params) {
    json reply = rpc().call(method, params);
    EXPECT_TRUE(reply.contains("error")) << method << " " << params.dump() << " -> " << reply.dump();
    return reply.value("error", json::object());
  }
};

TEST_F(MemoletWire, EveryMethodAnswersInTheDocumentedShape) {
  startServer();
  auto [q, a] = exchange("", "How do I keep files when a docker container restarts?",
                         "Mount a named docker volume; the files persist when the container restarts.");
  json list = memolets(projectId_);
  ASSERT_EQ(list.size(), 1u);
  const json m = list[0];
  for (const char* key : {"id", "projectId", "title", "keywords", "summary", "sourceUnitIds", "span",
                          "parentId", "cluster", "position", "createdAt", "manual", "closed", "embeddingModel"})
    EXPECT_TRUE(m.contains(key)) << key << " missing in " << m.dump();
  EXPECT_EQ(m["sourceUnitIds"], json::array({q, a}));
  EXPECT_EQ(m["span"], nullptr);
  EXPECT_EQ(m["manual"], false);
  EXPECT_TRUE(m["position"].contains("x"));
  EXPECT_EQ(m["createdAt"].get<std::string>().back(), 'Z');
  const std::string id = m["id"];

  json got = rpc().result("grove/memolet/get", {{"memoletId", id}});
  EXPECT_EQ(got["memolet"]["id"], id);
  EXPECT_NE(got["text"].get<std::string>().find("Assistant: Mount a named docker volume"), std::string::npos);

  json hits = rpc().result("grove/memolet/search", {{"query", "docker volume"}, {"limit", 5}})["results"];
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0]["memolet"]["id"], id);
  EXPECT_GT(hits[0]["score"].get<double>(), 0.0);
  ASSERT_FALSE(hits[0]["sentences"].empty());
  EXPECT_TRUE(rpc()
                  .result("grove/memolet/search", {{"query", "docker"}, {"scope", {{"projectId", newProject("x")}}}})
                  ["results"]
                  .empty());

  json map = rpc().result("grove/memolet/map", {{"k", 3}});
  ASSERT_EQ(map["points"].size(), 1u);
  EXPECT_EQ(map["points"][0]["id"], id);
  ASSERT_EQ(map["clusters"].size(), 1u);
  EXPECT_EQ(map["clusters"][0]["size"], 1);

  json items = rpc().result("grove/memolet/complete", {{"prefix", "docker"}, {"projectId", projectId_}})["items"];
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0]["insertText"], "@[" + m["title"].get<std::string>() + "](memolet:" + id + ")");

  json span = rpc().result("grove/memolet/create", {{"projectId", projectId_},
                                                     {"unitId", a},
                                                     {"span", {{"start", 0}, {"end", 24}}},
                                                     {"parentId", id},
                                                     {"title", "Named volumes"}});
  EXPECT_EQ(span["span"], json({{"unitId", a}, {"start", 0}, {"end", 24}}));
  EXPECT_EQ(span["parentId"], id);
  EXPECT_EQ(span["manual"], true);
  EXPECT_EQ(span["title"], "Named volumes");
  EXPECT_EQ(rpc().result("grove/memolet/get", {{"memoletId", span["id"]}})["text"], "Mount a named docker vol");

  json sandbox = rpc().result("grove/memolet/sandbox/add", {{"projectId", projectId_}, {"memoletId", id}});
  ASSERT_EQ(sandbox["memolets"].size(), 1u);
  EXPECT_EQ(sandbox["groups"], json::array());
  sandbox = rpc().result("grove/memolet/sandbox/group",
                         {{"projectId", projectId_}, {"memoletIds", {id, span["id"]}}, {"title", "Volumes"}});
  ASSERT_EQ(sandbox["groups"].size(), 1u);
  const json group = sandbox["groups"][0];
  EXPECT_EQ(group["title"], "Volumes");
  EXPECT_EQ(group["memoletIds"], json::array({id, span["id"]}));
  EXPECT_EQ(group["summary"].get<std::string>().rfind("These memories are related to the following topics:", 0), 0u);
  sandbox.erase("revision");  // a change's result also names the project's revision
  EXPECT_EQ(rpc().result("grove/memolet/sandbox/list", {{"projectId", projectId_}}), sandbox);
  sandbox = rpc().result("grove/memolet/sandbox/ungroup", {{"projectId", projectId_}, {"groupId", group["id"]}});
  EXPECT_TRUE(sandbox["groups"].empty());
  sandbox = rpc().result("grove/memolet/sandbox/remove", {{"projectId", projectId_}, {"memoletId", id}});
  ASSERT_EQ(sandbox["memolets"].size(), 1u);
  EXPECT_EQ(sandbox["memolets"][0]["id"], span["id"]);
}

TEST_F(MemoletWire, BadInputIsRefusedWithTheFieldOrTheId) {
  startServer();
  auto [q, a] = exchange("", "Which C++ library parses TOML?", "toml11 parses TOML documents.");
  const std::string id = memolets(projectId_)[0]["id"];

  json e = errorOf("grove/memolet/get", {{"memoletId", "m_missing"}});
  EXPECT_EQ(e["code"], 1001);
  EXPECT_EQ(e["data"]["kind"], "memoletNotFound");
  EXPECT_EQ(e["data"]["id"], "m_missing");
  EXPECT_EQ(errorOf("grove/memolet/get", {{"memoletId", 7}})["data"]["field"], "memoletId");

  auto span = [&](json s) {
    return errorOf("grove/memolet/create", {{"projectId", projectId_}, {"unitId", a}, {"span", s}});
  };
  EXPECT_EQ(span({{"start", "0"}, {"end", 3}})["data"]["field"], "span.start");
  EXPECT_EQ(span({{"start", 0}})["data"]["field"], "span.end");
  EXPECT_EQ(span({{"start", 5}, {"end", 2}})["data"]["field"], "span");
  EXPECT_EQ(span({{"start", 0}, {"end", 9999}})["data"]["field"], "span");
  EXPECT_EQ(span("0-3")["data"]["field"], "span");
  EXPECT_EQ(errorOf("grove/memolet/create", {{"projectId", projectId_}, {"unitIds", a}})["data"]["field"], "unitIds");
  EXPECT_EQ(errorOf("grove/memolet/create", {{"projectId", projectId_}, {"unitIds", json::array()}})["data"]["field"],
            "unitIds");
  EXPECT_EQ(errorOf("grove/memolet/create", {{"projectId", projectId_}, {"unitIds", {"u_missing"}}})["data"]["kind"],
            "unitNotFound");
  EXPECT_EQ(errorOf("grove/memolet/create", {{"projectId", projectId_}, {"unitId", a}})["data"]["field"], "span");

  EXPECT_EQ(errorOf("grove/memolet/search", {{"query", " "}})["data"]["field"], "query");
  EXPECT_EQ(errorOf("grove/memolet/search", {{"query", "toml"}, {"limit", 0}})["data"]["field"], "limit");
  EXPECT_EQ(errorOf("grove/memolet/search", {{"query", "toml"}, {"scope", "all"}})["data"]["field"], "scope");
  EXPECT_EQ(errorOf("grove/memolet/search", {{"query", "toml"}, {"scope", {{"projectId", "p_none"}}}})["data"]["kind"],
            "projectNotFound");
  EXPECT_EQ(errorOf("grove/memolet/map", {{"k", 0}})["data"]["field"], "k");
  EXPECT_EQ(errorOf("grove/memolet/map", {{"k", "two"}})["data"]["field"], "k");
  EXPECT_EQ(errorOf("grove/memolet/complete", {{"projectId", projectId_}})["data"]["field"], "prefix");
  EXPECT_EQ(errorOf("grove/memolet/sandbox/add", {{"projectId", projectId_}, {"memoletId", "m_x"}})["data"]["kind"],
            "memoletNotFound");
  EXPECT_EQ(errorOf("grove/memolet/sandbox/group", {{"projectId", projectId_}, {"memoletIds", {id}}})["data"]["field"],
            "memoletIds");
  json g = errorOf("grove/memolet/sandbox/ungroup", {{"projectId", projectId_}, {"groupId", "g_x"}});
  EXPECT_EQ(g["code"], 1001);
  EXPECT_EQ(g["data"]["kind"], "groupNotFound");
  EXPECT_EQ(errorOf("grove/chat/refine", {{"unitId", a}, {"remove", {"m_x"}}})["data"]["kind"], "memoletNotFound");
  EXPECT_EQ(errorOf("grove/chat/refine", {{"unitId", a}, {"group", {{{"a", id}, {"b", id}}}}})["data"]["field"],
            "group");
  EXPECT_EQ(errorOf("grove/chat/refine", {{"unitId", a}, {"group", {{{"a", id}}}}})["data"]["field"], "group");
  EXPECT_EQ(errorOf("grove/chat/refine", {{"unitId", a}, {"highlight", id}})["data"]["field"], "highlight");
  // Nothing of the refused refinements was started.
  EXPECT_EQ(unitIds().size(), 2u);
}

TEST_F(MemoletWire, ReferencesReachThePreviewAndUnknownOnesFailTheSend) {
  startServer();
  std::string other = newProject("past");
  exchange("", "How do I keep files when a docker container restarts?",
           "Mount a named docker volume; the files persist.", other);
  const json m = memolets(other)[0];
  const std::string id = m["id"];
  const std::string ref = "@[" + m["title"].get<std::string>() + "](memolet:" + id + ")";
  const std::string text = rpc().result("grove/memolet/get", {{"memoletId", id}})["text"];

  json preview = rpc().result("grove/scope/preview",
                              {{"projectId", projectId_}, {"prompt", "Write a sonnet about " + ref}, {"budgetTokens", 8}});
  const std::string system = preview["system"];
  EXPECT_NE(system.find("[MEMOLET: " + m["title"].get<std::string>() + " | memolet:" + id + " | chat | MENTION]\n" + text),
            std::string::npos)
      << system;

  json bad = rpc().call("grove/scope/preview", {{"projectId", projectId_}, {"prompt", "see @[X](memolet:m_gone)"}});
  EXPECT_EQ(bad["error"]["data"]["kind"], "memoletNotFound");

  Turn refused = say("", "Explain @[X](memolet:m_gone) again");
  ASSERT_TRUE(refused.reply.contains("error")) << refused.reply.dump();
  EXPECT_EQ(refused.reply["error"]["code"], 1001);
  EXPECT_EQ(refused.reply["error"]["data"]["id"], "m_gone");
  EXPECT_TRUE(unitIds().empty()) << "nothing was stored";

  Turn turn = say("", "Explain " + ref);
  ASSERT_TRUE(turn.reply.contains("result")) << turn.reply.dump();
  EXPECT_EQ(turn.result()["retrieved"][0], id);
  EXPECT_EQ(turn.result()["citations"], json::array()) << "the offline provider cites nothing";
  // The offline report lists the system prompt's sections: the memory is one.
  EXPECT_NE(turn.result()["assistantUnit"]["content"].get<std::string>().find("[MEMORY CONTEXTS]"), std::string::npos);
  EXPECT_NE(turn.result()["assistantUnit"]["content"].get<std::string>().find("- memolets in context: " + id),
            std::string::npos);
}

TEST(MemoletBroadcast, EveryClientHearsWhichMemoletsChanged) {
  test::InProcessServer server;
  test::RpcClient& alice = server.client();
  test::RpcClient& bob = server.connect();
  alice.initialize("alice");
  bob.initialize("bob");
  std::string project = alice.result("grove/project/create", {{"title", "shared"}})["id"];
  std::string q = alice.result("grove/unit/append", {{"projectId", project}, {"parentId", nullptr},
                                                     {"role", "user"}, {"content", "How do docker volumes work?"}})["id"];
  alice.result("grove/unit/append", {{"projectId", project}, {"parentId", q}, {"role", "assistant"},
                                     {"content", "A volume is storage docker manages outside the container."}});
  auto isMemolet = [](const json& n) { return n.value("method", "") == "grove/memolet/didChange"; };
  auto heard = bob.waitForNotification(isMemolet);
  ASSERT_TRUE(heard) << "bob never heard of the new memolet";
  EXPECT_EQ((*heard)["params"]["projectId"], project);
  std::string id = alice.result("grove/memolet/list", {{"projectId", project}})["memolets"][0]["id"];
  EXPECT_EQ((*heard)["params"]["memoletIds"], json::array({id}));
  ASSERT_TRUE(alice.waitForNotification(isMemolet)) << "the client that made the change hears it too";

  bob.result("grove/memolet/sandbox/add", {{"projectId", project}, {"memoletId", id}});
  auto added = alice.waitForNotification(isMemolet);
  ASSERT_TRUE(added);
  EXPECT_EQ((*added)["params"]["memoletIds"], json::array({id}));
}

}  // namespace
}  // namespace grove::chat_test
