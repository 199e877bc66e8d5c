// grove/knowledge/ingest over the wire: $/progress with the client's
// workDoneToken (begin, "n/total path" reports, end), the IngestResult, a
// second ingest while one runs (1002 ingestRunning), $/cancelRequest
// answering normally with cancelled: true, and bad params.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "InProcessServer.h"
#include "RpcAssertions.h"
#include "TempDir.h"
#include "knowledge/DocumentScan.h"

namespace grove::test {
namespace {

namespace fs = std::filesystem;

class KnowledgeIngestMethods : public ::testing::Test {
protected:
  KnowledgeIngestMethods() : server_({}, session::SessionOptions{.deterministic = true}) {
    server_.client().initialize();
    for (int i = 0; i < 5; ++i) {
      fs::path p = dir_.path() / "docs" / ("page" + std::to_string(i) + ".md");
      fs::create_directories(p.parent_path());
      std::ofstream(p) << "# Page " << i << "\n\nText of page " << i << " about topic " << i << ".\n";
    }
  }
  std::string ws() const { return knowledge::pathToFileUri(dir_.path().string()); }
  RpcClient& rpc() { return server_.client(); }

  /// Runs the ingest's queued work until it has finished (bounded). The
  /// handler marks the workspace running a moment before it queues the
  /// work, so one pass of the queue can come too early: run it until the
  /// mark is gone.
  bool runIngest() {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!server_.session().knowledgeIngest().running(ws())) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::yield();
    }
    while (server_.session().knowledgeIngest().running(ws())) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      server_.session().runUntilIdle();
      std::this_thread::yield();
    }
    return true;
  }

  TempDir dir_;
  InProcessServer server_;
};

TEST_F(KnowledgeIngestMethods, ReportsProgressAndTheResult) {
  json id = rpc().send("grove/knowledge/ingest", {{"workspaceUri", ws()}, {"workDoneToken", "ing-1"}});
  ASSERT_TRUE(runIngest());
  json reply = rpc().waitResponse(id);
  ASSERT_TRUE(isResult(reply)) << reply.dump();
  const json& r = reply["result"];
  EXPECT_EQ(r["documents"], 5);
  EXPECT_EQ(r["added"].size(), 5u);
  EXPECT_EQ(r["cancelled"], false);
  EXPECT_EQ(r["levels"].size(), 2u);
  EXPECT_TRUE(r["skipped"].is_array());
  std::vector<json> progress;
  for (const auto& n : rpc().takeNotifications())
    if (n.value("method", "") == "$/progress" && n["params"]["token"] == "ing-1") progress.push_back(n["params"]["value"]);
  ASSERT_GE(progress.size(), 3u);
  EXPECT_EQ(progress.front()["kind"], "begin");
  EXPECT_EQ(progress.front()["title"], "Ingesting documents");
  EXPECT_EQ(progress.front()["cancellable"], true);
  EXPECT_EQ(progress.front()["message"], "1/5 docs/page0.md");
  EXPECT_EQ(progress[1]["kind"], "report");
  EXPECT_EQ(progress.back()["kind"], "end");
}

TEST_F(KnowledgeIngestMethods, SecondIngestIsRefusedAndCancelAnswersNormally) {
  json first = rpc().send("grove/knowledge/ingest", {{"workspaceUri", ws()}});
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!server_.session().knowledgeIngest().running(ws()) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::yield();
  json second = rpc().call("grove/knowledge/ingest", {{"workspaceUri", ws()}});
  EXPECT_TRUE(isError(second, 1002)) << second.dump();
  EXPECT_EQ(second["error"]["data"]["kind"], "ingestRunning");
  rpc().notify("$/cancelRequest", {{"id", first}});
  // A round trip after the notification: the cancel has been seen.
  EXPECT_TRUE(isResult(rpc().call("grove/project/list")));
  server_.session().runUntilIdle();
  json reply = rpc().waitResponse(first);
  ASSERT_TRUE(isResult(reply)) << reply.dump();
  EXPECT_EQ(reply["result"]["cancelled"], true);
  EXPECT_EQ(reply["result"]["documents"], 0);
}

TEST_F(KnowledgeIngestMethods, BadParamsAreClearErrors) {
  json noUri = rpc().call("grove/knowledge/ingest", json::object());
  EXPECT_TRUE(isError(noUri, -32602)) << noUri.dump();
  json notFile = rpc().call("grove/knowledge/ingest", {{"workspaceUri", "https://x.org/y"}});
  EXPECT_TRUE(isError(notFile, -32602)) << notFile.dump();
  EXPECT_EQ(notFile["error"]["data"]["field"], "workspaceUri");
  json badPaths = rpc().call("grove/knowledge/ingest", {{"workspaceUri", ws()}, {"paths", "docs"}});
  EXPECT_TRUE(isError(badPaths, -32602)) << badPaths.dump();
}

}  // namespace
}  // namespace grove::test
