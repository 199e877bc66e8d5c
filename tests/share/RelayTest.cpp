// A second grove-server on an owned store joins the owner's core through its
// Unix socket: its editor sees the same projects and hears the same changes,
// and cannot tell it is talking through a relay.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>

#include "SharedStore.h"

namespace grove::test {
namespace {

using Relay = SharedStore;

TEST_F(Relay, PrintSocketNamesAPathUnderTheRuntimeDir) {
  std::string path = socketPath();
  std::string dir = runtimeDir_ + "/grove/";
  ASSERT_EQ(path.substr(0, dir.size()), dir) << path;
  EXPECT_TRUE(std::regex_match(path.substr(dir.size()), std::regex("[0-9a-f]{16}\\.sock"))) << path;
  // Stable for one store, different for another.
  EXPECT_EQ(socketPath(), path);
  EXPECT_NE(socketPath({}, dir_.file("store/other.db")), path);
}

TEST_F(Relay, WithoutARuntimeDirTheSocketLivesBesideTheStore) {
  EXPECT_EQ(socketPath({{"XDG_RUNTIME_DIR", ""}}), db_ + ".sock");
}

TEST_F(Relay, TheFirstServerOwnsTheStoreAndTheSecondJoinsIt) {
  json ownerInit, joinedInit;
  auto owner = editor("editor-a", &ownerInit);
  EXPECT_EQ(coreInfo(ownerInit)["role"], "owner") << ownerInit.dump();
  EXPECT_EQ(coreInfo(ownerInit)["clients"], 1);
  EXPECT_FALSE(lockIsFree()) << "the owner holds no lock on " << db_ << ".lock";
  EXPECT_TRUE(std::filesystem::exists(socketPath()));

  auto joined = editor("editor-b", &joinedInit);
  EXPECT_EQ(coreInfo(joinedInit)["role"], "joined") << joinedInit.dump();
  EXPECT_EQ(coreInfo(joinedInit)["clients"], 2);
  // The same server answers: same version, same method list.
  EXPECT_EQ(joinedInit["serverInfo"], ownerInit["serverInfo"]);
  EXPECT_EQ(joinedInit["capabilities"]["grove"]["methods"], ownerInit["capabilities"]["grove"]["methods"]);

  RpcClient& a = owner->client();
  RpcClient& b = joined->client();
  std::string pid = createProject(b, "made through the relay")["id"];
  json root = append(b, pid, nullptr, "hello from b");

  // The owner's editor hears both changes and reads what b wrote.
  auto heard = a.waitForNotification([&](const json& m) {
    return m["method"] == "grove/project/didChange" && m["params"]["projectId"] == pid &&
           m["params"]["op"] == "append";
  });
  ASSERT_TRUE(heard) << "the owner's editor heard nothing";
  EXPECT_EQ((*heard)["params"]["unitIds"], json::array({root["id"]}));
  json stored = root;
  stored.erase("revision");  // a change's result also names the revision it made
  stored.erase("cursorId");  // and where the cursor went
  EXPECT_EQ(a.result("grove/unit/get", {{"unitId", root["id"]}}), stored);

  // And the other way round: a change from the owner's editor reaches b.
  json edited = a.result("grove/unit/edit", {{"unitId", root["id"]}, {"content", "edited by a"}});
  auto back = b.waitForNotification([&](const json& m) {
    return m["method"] == "grove/project/didChange" && m["params"]["op"] == "edit";
  });
  ASSERT_TRUE(back) << "the relayed editor heard nothing";
  EXPECT_EQ((*back)["params"]["revision"], a.result("grove/project/get", {{"projectId", pid}})["project"]["revision"]);
  edited.erase("revision");
  EXPECT_EQ(b.result("grove/unit/get", {{"unitId", root["id"]}}), edited);

  // Both are listed, by clientInfo.name, with their transport and since when.
  json clients = b.result("grove/server/clients")["clients"];
  std::set<std::string> names;
  for (const auto& c : clients) {
    names.insert(c.at("name").get<std::string>());
    EXPECT_TRUE(c.contains("id") && c.contains("transport") && c.at("since").is_string()) << c.dump();
  }
  EXPECT_EQ(names, (std::set<std::string>{"editor-a", "editor-b"}));
}

TEST_F(Relay, TheRelayPassesBadInputThroughUnchanged) {
  auto owner = editor("editor-a");
  auto joined = editor("editor-b");
  RpcClient& b = joined->client();
  // Byte for byte: the error replies of the core come back as the core wrote them.
  json unknown = b.call("grove/no/such", json::object());
  EXPECT_TRUE(isError(unknown, -32601)) << unknown.dump();
  b.writeRaw(frame("{not json"));
  EXPECT_TRUE(isError(b.waitNullIdResponse(), -32700));
  json missing = b.call("grove/project/get", {{"projectId", "p_nope"}});
  EXPECT_TRUE(isNotFound(missing, "projectNotFound", "p_nope")) << missing.dump();
  // A frame split across many writes still arrives whole.
  json id;
  std::string bytes = b.requestFrame("grove/project/list", json::object(), &id);
  for (char ch : bytes) b.writeRaw(std::string(1, ch));
  EXPECT_TRUE(isResult(b.waitResponse(id)));
}

}  // namespace
}  // namespace grove::test
