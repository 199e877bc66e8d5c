// The owner is SIGKILLed under two relays. Each relay notices, one of them
// takes over the store (the other reconnects to it), and their editors carry
// on: requests that were in flight get a coreRestarted error, nothing that was
// acknowledged is lost, nothing is stored twice, and the two editors are on
// one core again afterwards.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <set>
#include <thread>

#include "SharedStore.h"

namespace grove::test {
namespace {

using OwnerCrash = SharedStore;
using Clock = std::chrono::steady_clock;

// Big enough that the owner is still working through it when it dies.
constexpr int kBurst = 1000;

bool isCoreRestarted(const json& reply) {
  return reply.contains("error") && reply["error"].value("code", 0) == -32603 &&
         reply["error"].contains("data") && reply["error"]["data"].value("kind", "") == "coreRestarted";
}

// After the crash, a request either succeeds or (while the relay is still
// recovering) gets coreRestarted; retried with a bounded deadline.
json resultAfterRecovery(RpcClient& c, const std::string& method, const json& params) {
  auto deadline = Clock::now() + std::chrono::seconds(15);
  for (;;) {
    json reply = c.call(method, params, std::chrono::seconds(15));
    if (reply.contains("result")) return reply["result"];
    if (!isCoreRestarted(reply) || Clock::now() >= deadline) {
      ADD_FAILURE() << method << " after the crash: " << reply.dump();
      return json();
    }
  }
}

struct Sent {
  json id;
  std::string content;
};

TEST_F(OwnerCrash, TwoRelaysRecoverWithNoAcknowledgedChangeLost) {
  auto owner = editor("editor-a");
  auto relayB = editor("relay-b");
  auto relayC = editor("relay-c");
  RpcClient& b = relayB->client();
  RpcClient& c = relayC->client();

  std::string pid = createProject(b, "survives the owner")["id"];
  std::string root = append(b, pid, nullptr, "root")["id"];
  std::set<std::string> acknowledged{"root"};
  for (int i = 0; i < 20; ++i) {
    append(b, pid, root, "b" + std::to_string(i));
    append(c, pid, root, "c" + std::to_string(i));
    acknowledged.insert("b" + std::to_string(i));
    acknowledged.insert("c" + std::to_string(i));
  }

  // A burst from each relay, each on its own thread (an editor always reads
  // what its server writes), and the owner dies while it is serving them.
  struct Burst {
    RpcClient* client;
    std::string tag;
    std::vector<Sent> sent;
    std::vector<json> replies;
    std::string error;
  };
  Burst bursts[2] = {{&b, "burst-b", {}, {}, {}}, {&c, "burst-c", {}, {}, {}}};
  std::atomic<int> answered{0};
  std::vector<std::thread> threads;
  for (Burst& burst : bursts) {
    std::string bytes;
    for (int i = 0; i < kBurst; ++i) {
      Sent s{json(), burst.tag + std::to_string(i)};
      bytes += burst.client->requestFrame("grove/unit/append",
                                          {{"projectId", pid}, {"parentId", root}, {"role", "user"},
                                           {"content", s.content}},
                                          &s.id);
      burst.sent.push_back(s);
    }
    threads.emplace_back([&burst, &answered, bytes] {
      try {
        burst.client->writeRaw(bytes, std::chrono::seconds(30));
        for (const Sent& s : burst.sent) {
          burst.replies.push_back(burst.client->waitResponse(s.id, std::chrono::seconds(30)));
          ++answered;
        }
      } catch (const std::exception& e) {
        burst.error = e.what();
      }
    });
  }
  // Kill once the core has answered part of the bursts, so requests are
  // answered, in flight and not yet sent at the moment of death.
  // Meanwhile editor a reads its notifications, as a live editor does.
  RpcClient& a = owner->client();
  auto deadline = Clock::now() + std::chrono::seconds(30);
  while (answered < 20 && Clock::now() < deadline) {
    a.waitForArrivals(a.arrivalCount() + 1, std::chrono::milliseconds(1));
    a.takeNotifications();
  }
  EXPECT_GE(answered.load(), 20) << "the core stalled under two pipelined bursts (answered "
                                 << answered.load() << " in 30 s) before the owner was killed";
  owner->kill();
  for (auto& t : threads) t.join();

  // Every request got exactly one answer: stored, or coreRestarted.
  std::map<std::string, int> restarted;
  for (const Burst& burst : bursts) {
    ASSERT_EQ(burst.error, "") << burst.tag;
    ASSERT_EQ(burst.replies.size(), burst.sent.size()) << burst.tag;
    for (size_t i = 0; i < burst.sent.size(); ++i) {
      const json& reply = burst.replies[i];
      if (reply.contains("result")) {
        EXPECT_EQ(reply["result"]["content"], burst.sent[i].content);
        acknowledged.insert(burst.sent[i].content);
      } else {
        EXPECT_TRUE(isCoreRestarted(reply)) << reply.dump();
        ++restarted[burst.tag];
      }
    }
  }
  std::printf("[ share ] owner killed mid-burst: %zu changes acknowledged, %d + %d in-flight requests "
              "answered coreRestarted\n",
              acknowledged.size(), restarted["burst-b"], restarted["burst-c"]);
  EXPECT_GT(restarted["burst-b"] + restarted["burst-c"], 0)
      << "no request was in flight when the owner died: the burst is too small to test that";

  // Both editors go on, on the same store.
  json afterB = resultAfterRecovery(b, "grove/unit/append",
                                    {{"projectId", pid}, {"parentId", root}, {"role", "user"},
                                     {"content", "after the crash, from b"}});
  ASSERT_TRUE(afterB.is_object());
  acknowledged.insert("after the crash, from b");
  json unitsC = resultAfterRecovery(c, "grove/project/get", {{"projectId", pid}})["units"];

  std::map<std::string, int> stored;
  for (const auto& u : unitsC) ++stored[u["content"].get<std::string>()];
  for (const auto& content : acknowledged)
    EXPECT_EQ(stored[content], 1) << "acknowledged \"" << content << "\" is stored " << stored[content] << " times";
  for (const auto& [content, count] : stored)
    EXPECT_EQ(count, 1) << "\"" << content << "\" is stored " << count << " times";

  // One core again: a change from one reaches the other, and the recovered
  // core knows both editors by the names they initialized with.
  c.takeNotifications();
  json fromC = resultAfterRecovery(c, "grove/unit/edit", {{"unitId", root}, {"content", "edited by c"}});
  auto heard = b.waitForNotification([&](const json& m) {
    return m["method"] == "grove/project/didChange" && m["params"]["op"] == "edit" &&
           m["params"]["unitIds"] == json::array({root});
  });
  EXPECT_TRUE(heard) << "b did not hear c's change after the recovery";
  fromC.erase("revision");  // a change's result also names the revision it made
  EXPECT_EQ(resultAfterRecovery(b, "grove/unit/get", {{"unitId", root}}), fromC);
  std::multiset<std::string> names;
  json clients = resultAfterRecovery(b, "grove/server/clients", json::object())["clients"];
  for (const auto& entry : clients)
    names.insert(entry["name"].get<std::string>());
  EXPECT_EQ(names, (std::multiset<std::string>{"relay-b", "relay-c"}));

  // Whichever relay took over, the new core ends like the first would have:
  // once both editors quit, both processes exit and the store is free.
  b.closeWrite();
  c.closeWrite();
  EXPECT_TRUE(relayB->waitExit()) << "relay b outlived its editor and every client";
  EXPECT_TRUE(relayC->waitExit()) << "relay c outlived its editor and every client";
  EXPECT_TRUE(lockIsFree());
}

TEST_F(OwnerCrash, ALoneRelayTakesOverAndItsEditorSeesNoReinitialization) {
  auto owner = editor("editor-a");
  json init;
  auto relay = editor("relay-b", &init);
  ASSERT_EQ(coreInfo(init)["role"], "joined");
  RpcClient& b = relay->client();
  std::string pid = createProject(b, "taken over")["id"];
  owner->kill();

  // The relay replays initialize itself: the editor's next request is served
  // (not refused with -32002 "not initialized"), and nothing unasked arrives.
  json project = resultAfterRecovery(b, "grove/project/get", {{"projectId", pid}});
  EXPECT_EQ(project["project"]["title"], "taken over");
  // Every reply the editor got answers a request it sent, once: the
  // replayed initialize's reply is the relay's, not the editor's.
  std::set<std::string> seen;
  for (const json& id : b.takeArrivalOrder()) {
    EXPECT_FALSE(id.is_null()) << "a reply without an id reached the editor";
    EXPECT_TRUE(seen.insert(id.dump()).second) << "two replies to id " << id.dump();
  }

  // It now owns the store: a newcomer joins it.
  json joinedInit;
  auto newcomer = editor("editor-c", &joinedInit);
  EXPECT_EQ(coreInfo(joinedInit)["role"], "joined") << joinedInit.dump();
  EXPECT_EQ(newcomer->client().result("grove/project/get", {{"projectId", pid}})["project"]["title"],
            "taken over");
}

}  // namespace
}  // namespace grove::test
