// Integrity at open: a store with pages overwritten in the middle is
// reported when it opens, naming the file and what to do; a file that is
// not an SQLite store is named; a store this account cannot write is served
// read-only: reads work, changes are refused with a clear error kind.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "SecurityFixture.h"

namespace grove::test {
namespace {

using StoreAtStart = SecurityFixture;
namespace fs = std::filesystem;

TEST_F(StoreAtStart, ADamagedStoreIsReportedWhenItOpens) {
  makeStore(400, 3000);  // a few hundred pages
  auto size = fs::file_size(db_);
  ASSERT_GT(size, 400u * 4096u);
  {
    // Overwrite pages in the middle, as a failing disk or a stray write would.
    int fd = ::open(db_.c_str(), O_WRONLY);
    ASSERT_GE(fd, 0);
    std::string garbage(16 * 4096, '\xA5');
    ASSERT_EQ(::pwrite(fd, garbage.data(), garbage.size(), static_cast<off_t>(size / 2 / 4096 * 4096)),
              static_cast<ssize_t>(garbage.size()));
    ::close(fd);
  }
  auto core = start("core");
  core->client().initialize("editor");  // the check ran before the first reply
  std::string log = core->stderrText();
  EXPECT_NE(log.find(db_), std::string::npos) << "the report does not name the file: " << log;
  EXPECT_NE(log.find("damaged"), std::string::npos) << log;
  EXPECT_NE(log.find("backup"), std::string::npos) << "the report does not say what to do: " << log;
}

TEST_F(StoreAtStart, AFileThatIsNotAStoreIsNamed) {
  fs::create_directories(data_);
  std::ofstream(db_) << std::string(8192, 'n');
  auto core = start("core");
  auto code = core->waitExit();
  ASSERT_TRUE(code) << "the server kept running on a file that is not a store";
  EXPECT_NE(*code, 0);
  std::string log = core->stderrText();
  EXPECT_NE(log.find(db_), std::string::npos) << "the error does not name the file: " << log;
  EXPECT_NE(log.find("not a database"), std::string::npos) << log;
}

TEST_F(StoreAtStart, AStoreThisAccountCannotWriteIsServedReadOnly) {
  std::string unitId = makeStore(3, 100);
  CoreChild::Options o;
  if (auto other = throwawayAccount()) {
    // Root writes anything: become an account that may read but not write.
    fs::permissions(data_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                               fs::perms::others_read | fs::perms::others_exec);
    for (const auto& entry : fs::directory_iterator(data_)) ::chmod(entry.path().c_str(), 0644);
    o.uid = *other;
  } else {
    ASSERT_EQ(::chmod(db_.c_str(), 0444), 0);
  }
  auto core = start("core", {}, o);
  core->client().initialize("editor");
  json unit = core->client().call("grove/unit/get", {{"unitId", unitId}});
  EXPECT_TRUE(isResult(unit)) << "reads must work: " << unit.dump() << core->stderrText();
  json created = core->client().call("grove/project/create", {{"title", "refused"}});
  ASSERT_TRUE(isError(created, 1002)) << created.dump();
  EXPECT_EQ(created["error"]["data"]["kind"], "readOnlyStore") << created.dump();
  EXPECT_NE(created["error"]["message"].get<std::string>().find(db_), std::string::npos) << created.dump();
  std::string log = core->stderrText();
  EXPECT_NE(log.find("read-only"), std::string::npos) << log;
  EXPECT_NE(log.find(db_), std::string::npos) << "the start-up report does not name the file: " << log;
}

}  // namespace
}  // namespace grove::test
