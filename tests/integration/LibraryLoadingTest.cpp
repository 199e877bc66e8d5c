// libpq, libcurl and OpenSSL are loaded when first needed, not at start
// (issue 15's cold open; support/SharedLibrary.h): a core serving a SQLite
// store over stdio has mapped none of them, and a PostgreSQL store still
// opens libpq on demand (the TLS tests in tests/share load OpenSSL the same way).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

std::string mapsOf(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/maps");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(LibraryLoading, ACoreOnASqliteStoreServesWithoutLoadingLibpqLibcurlOrOpenSsl) {
  TempDir dir;
  ServerProcess srv(dir.file("grove.db"));
  RpcClient& rpc = srv.client();
  rpc.initialize();
  std::string pid = rpc.result("grove/project/create", {{"title", "lean start"}})["id"];
  rpc.result("grove/unit/append", {{"projectId", pid}, {"parentId", nullptr}, {"role", "user"}, {"content", "hi"}});
  const std::string maps = mapsOf(srv.pid());
  ASSERT_NE(maps.find("libsqlite3"), std::string::npos) << "the maps were not read:\n" << maps;
  EXPECT_EQ(maps.find("libpq.so"), std::string::npos) << maps;
  EXPECT_EQ(maps.find("libcurl.so"), std::string::npos) << maps;
  EXPECT_EQ(maps.find("libssl.so"), std::string::npos) << maps;
  EXPECT_EQ(maps.find("libcrypto.so"), std::string::npos) << maps;
  ASSERT_TRUE(isResult(rpc.call("shutdown")));
  rpc.notify("exit");
  EXPECT_EQ(srv.waitExit(), 0);
}

TEST(LibraryLoading, APostgresStoreLoadsLibpqWhenItConnects) {
  // No server listens there: the error is libpq's own, so libpq was loaded.
  auto r = ServerProcess::run({"--db", "postgresql://grove@/postgres?host=/nonexistent-grove-socket-dir",
                               "--no-stdio"});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("nonexistent-grove-socket-dir"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("libraryMissing"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("apt install"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace grove::test
