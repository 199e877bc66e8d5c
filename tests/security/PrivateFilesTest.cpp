// Private by default: whatever umask grove-server starts under, the data
// folder it creates is 0700 and the store, its WAL and SHM, its lock and its
// log are 0600; another account cannot read a word of it; a store or
// provider configuration left readable by others is reported, and fixed
// when this account owns it.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "SecurityFixture.h"

namespace grove::test {
namespace {

using PrivateFiles = SecurityFixture;

mode_t modeOf(const std::string& path) {
  struct stat st{};
  if (::stat(path.c_str(), &st) != 0) return 07777;  // missing: fails every check below
  return st.st_mode & 07777;
}

::testing::AssertionResult ownerOnly(const std::string& path) {
  mode_t m = modeOf(path);
  if (m == 07777) return ::testing::AssertionFailure() << path << " does not exist";
  if ((m & 077) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << path << " has mode " << std::oct << m;
}

// A running core that has written text the other account must not see.
std::unique_ptr<CoreChild> coreWithSecret(SecurityFixture& f, const std::string& secret,
                                          std::vector<std::string> args = {}) {
  CoreChild::Options o;
  o.umask = 022;  // the usual default: the server must not rely on it
  auto core = f.start("core", std::move(args), o);
  core->client().initialize("editor");
  std::string project = core->client().result("grove/project/create", {{"title", "p"}})["id"];
  core->client().result("grove/unit/append", {{"projectId", project},
                                              {"parentId", nullptr},
                                              {"role", "user"},
                                              {"content", secret}});
  return core;
}

TEST_F(PrivateFiles, UnderUmask022TheFolderIs0700AndEveryFileBesideTheStore0600) {
  std::string log = dir_.file("grove.log");  // opened before the data folder exists
  auto core = coreWithSecret(*this, "API_KEY=hunter2", {"--log-file", log});
  EXPECT_EQ(modeOf(data_), 0700u) << "the data folder Grove created";
  for (const std::string& path : {db_, db_ + "-wal", db_ + "-shm", db_ + ".lock", log})
    EXPECT_TRUE(ownerOnly(path));
}

TEST_F(PrivateFiles, ASecondAccountCannotReadTheStoreOrItsWriteAheadLog) {
  auto other = throwawayAccount();
  if (!other) {
    std::printf("[  SKIPPED ] needs root to become a second account (nobody); file modes are checked above\n");
    GTEST_SKIP() << "not root";
  }
  const std::string secret = "text appended a second ago";
  auto core = coreWithSecret(*this, secret);
  pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    if (::setgid(*other) != 0 || ::setuid(*other) != 0) ::_exit(100);
    int readable = 0;
    const std::string paths[] = {db_, db_ + "-wal", db_ + "-shm"};
    for (int i = 0; i < 3; ++i) {
      int fd = ::open(paths[i].c_str(), O_RDONLY);
      if (fd >= 0) {
        readable |= 1 << i;
        ::close(fd);
      }
    }
    ::_exit(readable);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_NE(WEXITSTATUS(status), 100) << "could not become the second account";
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the second account could open (bit 1: store, 2: WAL, 4: SHM)";
}

TEST_F(PrivateFiles, AStoreAndConfigurationReadableByOthersAreReportedAndFixed) {
  makeStore(1, 10);
  ASSERT_EQ(::chmod(db_.c_str(), 0644), 0);
  std::filesystem::create_directories(dir_.file("config/grove"));
  std::string config = dir_.file("config/grove/config.json");
  std::ofstream(config) << R"({"provider": "offline"})";
  ASSERT_EQ(::chmod(config.c_str(), 0644), 0);

  auto core = start("core");
  core->client().initialize("editor");
  std::string log = core->stderrText();
  EXPECT_NE(log.find(db_), std::string::npos) << "the report does not name the store: " << log;
  EXPECT_NE(log.find(config), std::string::npos) << "the report does not name the config: " << log;
  EXPECT_NE(log.find("0644"), std::string::npos) << log;
  EXPECT_TRUE(ownerOnly(db_));
  EXPECT_TRUE(ownerOnly(config));
}

}  // namespace
}  // namespace grove::test
