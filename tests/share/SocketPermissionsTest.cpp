// The owner's socket is the door to every conversation in the store: only the
// user who owns it may open it (mode 0600), wherever it lives.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include "SharedStore.h"
#include "SocketClient.h"

namespace grove::test {
namespace {

using SocketPermissions = SharedStore;

// "0600"-style text, for readable failures.
std::string octal(mode_t mode) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04o", static_cast<unsigned>(mode & 07777));
  return buf;
}

void expectPrivateSocket(const std::string& path) {
  struct stat st {};
  ASSERT_EQ(::lstat(path.c_str(), &st), 0) << "no socket at " << path;
  EXPECT_TRUE(S_ISSOCK(st.st_mode)) << path << " is not a socket";
  EXPECT_EQ(octal(st.st_mode), "0600") << path;
  EXPECT_EQ(st.st_uid, ::getuid()) << path;
}

TEST_F(SocketPermissions, TheSocketInTheRuntimeDirIsOwnerOnly) {
  auto owner = editor("editor-a");
  expectPrivateSocket(socketPath());
  // Its directory must not let others in either (or replace the socket).
  struct stat dir {};
  ASSERT_EQ(::stat((runtimeDir_ + "/grove").c_str(), &dir), 0);
  EXPECT_EQ(dir.st_mode & 0077, 0u) << "runtime dir mode " << octal(dir.st_mode);
}

TEST_F(SocketPermissions, TheSocketBesideTheStoreIsOwnerOnlyAndServesRelays) {
  EnvChanges noRuntimeDir{{"XDG_RUNTIME_DIR", ""}};
  json init;
  auto owner = editor("editor-a", &init, noRuntimeDir);
  EXPECT_EQ(coreInfo(init)["role"], "owner");
  std::string path = socketPath(noRuntimeDir);
  ASSERT_EQ(path, db_ + ".sock");
  expectPrivateSocket(path);
  auto joined = editor("editor-b", &init, noRuntimeDir);
  EXPECT_EQ(coreInfo(init)["role"], "joined") << init.dump();
}

TEST_F(SocketPermissions, AClientOnTheSocketIsServedLikeAnEditor) {
  auto owner = editor("editor-a");
  auto direct = connectUnix(socketPath());
  json init = direct->initialize("socket-client");
  EXPECT_EQ(coreInfo(init)["role"], "joined") << init.dump();
  std::string pid = SharedStore::createProject(*direct, "over the socket")["id"];
  auto heard = owner->client().waitForNotification(
      [&](const json& m) { return m["params"]["projectId"] == pid; });
  EXPECT_TRUE(heard) << "the owner's editor did not hear the socket client's change";
}

}  // namespace
}  // namespace grove::test
