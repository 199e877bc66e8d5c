// CoreLink + CoreCaller against real cores: a front end joins a grove-server
// that owns the store, becomes the owner when nobody does (and then a later
// grove-server joins it), owns a private core for `:memory:`, and hears the
// core go away instead of waiting forever.
#include <gtest/gtest.h>

#include <condition_variable>
#include <cstdlib>
#include <mutex>

#include "ServerProcess.h"
#include "TempDir.h"
#include "frontends/CoreCaller.h"
#include "frontends/CoreLink.h"
#include "frontends/acp/ProjectRead.h"
#include "tool/Flags.h"
#include "tool/StoreLock.h"

namespace grove::frontends {
namespace {

using nlohmann::json;
using test::ServerProcess;
using test::TempDir;

std::optional<std::string> realEnv(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::optional<std::string>(v) : std::nullopt;
}

tool::Flags flagsFor(const std::string& db) {
  tool::Flags flags = tool::parseFlags({"--db", db}, realEnv);
  EXPECT_TRUE(flags.error.empty()) << flags.error;
  return flags;
}

// Notifications a caller heard, waited on with a deadline.
struct Heard {
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::pair<std::string, json>> items;
  void add(const std::string& method, const json& params) {
    std::lock_guard<std::mutex> lock(mu);
    items.emplace_back(method, params);
    cv.notify_all();
  }
  bool waitFor(const std::function<bool(const std::string&, const json&)>& pred) {
    std::unique_lock<std::mutex> lock(mu);
    return cv.wait_for(lock, std::chrono::seconds(10), [&] {
      for (const auto& [m, p] : items)
        if (pred(m, p)) return true;
      return false;
    });
  }
};

// Destroyed bottom-up: the caller (whose reader thread feeds `heard`)
// before `heard`, the link (which may own the core) last.
struct Linked {
  Heard heard;
  std::unique_ptr<CoreLink> link;
  std::unique_ptr<CoreCaller> caller;
};

std::unique_ptr<Linked> linkTo(const std::string& db, bool shared = true) {
  auto out = std::make_unique<Linked>();
  tool::Flags flags = flagsFor(db);
  out->link = std::make_unique<CoreLink>(flags, shared ? tool::socketPathFor(db, realEnv) : "",
                                         db + ".lock", "link-test");
  auto ends = out->link->connectOrOwn(std::chrono::seconds(10));
  EXPECT_TRUE(ends.has_value());
  if (!ends) return out;
  out->caller = std::make_unique<CoreCaller>(ends->readFd, ends->writeFd);
  Heard* heard = &out->heard;
  out->caller->onNotification([heard](const std::string& m, const json& p) { heard->add(m, p); });
  out->caller->onClosed([heard] { heard->add("(closed)", json()); });
  out->caller->start();
  return out;
}

TEST(CoreLink, JoinsTheGroveServerThatOwnsTheStore) {
  TempDir dir;
  ServerProcess owner(dir.file("grove.db"));
  owner.client().initialize("editor");
  auto linked = linkTo(dir.file("grove.db"));
  ASSERT_TRUE(linked->caller);
  EXPECT_FALSE(linked->link->owns());
  auto init = linked->caller->initialize("front-end");
  ASSERT_TRUE(init.ok) << init.value.dump();
  EXPECT_EQ(init.value["capabilities"]["grove"]["core"]["role"], "joined");

  auto created = linked->caller->callSync("grove/project/create", {{"title", "from a front end"}});
  ASSERT_TRUE(created.ok) << created.value.dump();
  // The editor on the owner sees the change, credited to the front end.
  auto seen = owner.client().waitForNotification(
      [&](const json& n) { return n["params"].value("projectId", "") == created.value["id"]; });
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["params"]["actor"], "front-end");
  // ...and the front end hears the editor's changes.
  owner.client().result("grove/project/rename", {{"projectId", created.value["id"]}, {"title", "renamed"}});
  EXPECT_TRUE(linked->heard.waitFor([&](const std::string& m, const json& p) {
    return m == "grove/project/didChange" && p["op"] == "rename";
  }));
}

TEST(CoreLink, BecomesTheOwnerWhenNobodyIsAndALaterServerJoinsIt) {
  TempDir dir;
  auto linked = linkTo(dir.file("grove.db"));
  ASSERT_TRUE(linked->caller);
  EXPECT_TRUE(linked->link->owns());
  ASSERT_TRUE(linked->caller->initialize("front-end").ok);
  auto created = linked->caller->callSync("grove/project/create", {{"title", "owned here"}});
  ASSERT_TRUE(created.ok);

  ServerProcess editor(dir.file("grove.db"));
  json init = editor.client().initialize("editor");
  EXPECT_EQ(init["capabilities"]["grove"]["core"]["role"], "joined");
  EXPECT_EQ(editor.client().result("grove/project/get", {{"projectId", created.value["id"]}})["project"]["title"],
            "owned here");
}

TEST(CoreLink, AcpReadsASessionsTreeInPagesAsTheWholeTree) {
  auto linked = linkTo(":memory:", false);
  ASSERT_TRUE(linked->caller);
  CoreCaller& core = *linked->caller;
  ASSERT_TRUE(core.initialize("front-end").ok);
  auto created = core.callSync("grove/project/create", {{"title", "paged"}});
  ASSERT_TRUE(created.ok);
  const std::string projectId = created.value["id"];
  json parent = nullptr, root;
  for (int i = 0; i < 8; ++i) {
    json params{{"projectId", projectId}, {"parentId", parent}, {"role", i % 2 ? "assistant" : "user"},
                {"content", "turn " + std::to_string(i)}};
    if (i == 7) params["parentId"] = root, params["branch"] = {{"title", "side"}};
    auto u = core.callSync("grove/unit/append", params);
    ASSERT_TRUE(u.ok) << u.value.dump();
    if (i == 0) root = u.value["id"];
    if (i < 7) parent = u.value["id"];
  }
  auto whole = core.callSync("grove/project/get", {{"projectId", projectId}});
  ASSERT_TRUE(whole.ok);
  // Pages of 3 (three pages) assemble into the one-reply tree, branches and all.
  auto paged = acp::readProject(core, projectId, 3);
  ASSERT_TRUE(paged.ok) << paged.value.dump();
  EXPECT_EQ(paged.value, whole.value);
  auto missing = acp::readProject(core, "p_nope", 3);
  EXPECT_FALSE(missing.ok);
  EXPECT_EQ(missing.value["code"], 1001);
}

TEST(CoreLink, AMemoryStoreIsOwnedPrivately) {
  auto linked = linkTo(":memory:", false);
  ASSERT_TRUE(linked->caller);
  EXPECT_TRUE(linked->link->owns());
  ASSERT_TRUE(linked->caller->initialize("front-end").ok);
  auto created = linked->caller->callSync("grove/project/create", {{"title", "in memory"}});
  ASSERT_TRUE(created.ok);
  EXPECT_TRUE(linked->heard.waitFor(
      [](const std::string& m, const json& p) { return m == "grove/project/didChange" && p["op"] == "create"; }));
  // Errors come back as outcomes, asynchronous calls as callbacks.
  auto missing = linked->caller->callSync("grove/project/get", {{"projectId", "p_nope"}});
  EXPECT_FALSE(missing.ok);
  EXPECT_EQ(missing.value["code"], 1001);
  std::mutex mu;
  std::condition_variable cv;
  std::optional<CoreCaller::Outcome> got;
  linked->caller->call("grove/project/list", json::object(), [&](CoreCaller::Outcome o) {
    std::lock_guard<std::mutex> lock(mu);
    got = std::move(o);
    cv.notify_all();
  });
  std::unique_lock<std::mutex> lock(mu);
  ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(10), [&] { return got.has_value(); }));
  ASSERT_TRUE(got->ok);
  EXPECT_EQ(got->value["projects"].size(), 1u);
  lock.unlock();
  linked->caller->close();
  linked->caller.reset();
  linked->link->releaseOwner();  // returns: its only client left
}

TEST(CoreCaller, CallsAreAnsweredWithAnErrorWhenTheCoreGoesAway) {
  TempDir dir;
  auto owner = std::make_unique<ServerProcess>(dir.file("grove.db"));
  owner->client().initialize("editor");
  auto linked = linkTo(dir.file("grove.db"));
  ASSERT_TRUE(linked->caller);
  ASSERT_TRUE(linked->caller->initialize("front-end").ok);
  owner->kill();
  EXPECT_TRUE(linked->heard.waitFor([](const std::string& m, const json&) { return m == "(closed)"; }));
  EXPECT_FALSE(linked->caller->connected());
  auto after = linked->caller->callSync("grove/project/list", json::object(), std::chrono::seconds(5));
  EXPECT_FALSE(after.ok);
  EXPECT_EQ(after.value["data"]["kind"], "coreGone");
}

}  // namespace
}  // namespace grove::frontends
