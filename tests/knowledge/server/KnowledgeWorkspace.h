// KnowledgeWorkspace: the fixture of the map's wire tests that need
// documents: an in-process server and a workspace of two Markdown files
// (history.md with headings and list items, network.md), ingested on demand.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "InProcessServer.h"
#include "RpcAssertions.h"
#include "TempDir.h"
#include "knowledge/DocumentScan.h"
#include "../HistoryDocument.h"

namespace grove::test {

namespace fs = std::filesystem;

class KnowledgeWorkspace : public ::testing::Test {
protected:
  KnowledgeWorkspace() : server_({}, session::SessionOptions{.deterministic = true}) {
    rpc().initialize();
    write("docs/history.md", kHistory);
    write("docs/network.md", "# Network\n\n## Sockets\n\nThe relay opens sockets to the owner core.\n");
  }

  void write(const std::string& rel, const std::string& text) {
    fs::path p = dir_.path() / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }

  std::string ws() const { return knowledge::pathToFileUri(dir_.path().string()); }
  RpcClient& rpc() { return server_.client(); }

  /// Ingests the workspace: the work runs on the session's manual queue,
  /// pumped until the workspace is no longer marked running (bounded).
  void ingest() {
    json id = rpc().send("grove/knowledge/ingest", {{"workspaceUri", ws()}});
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!server_.session().knowledgeIngest().running(ws()) && std::chrono::steady_clock::now() < deadline)
      std::this_thread::yield();
    while (server_.session().knowledgeIngest().running(ws()) && std::chrono::steady_clock::now() < deadline) {
      server_.session().runUntilIdle();
      std::this_thread::yield();
    }
    json reply = rpc().waitResponse(id);
    ASSERT_TRUE(isResult(reply)) << reply.dump();
    ASSERT_EQ(reply["result"]["documents"], 2);
  }

  std::string addNode(const std::string& title, const json& parent = nullptr) {
    json r = rpc().result("grove/knowledge/edit",
                          {{"workspaceUri", ws()},
                           {"ops", {{{"op", "AddNode"}, {"title", title}, {"parentId", parent}, {"ref", "n"}}}}});
    return r["refs"]["n"];
  }

  json suggest(const std::string& nodeId, int limit) {
    return rpc().result("grove/knowledge/suggest", {{"workspaceUri", ws()}, {"nodeId", nodeId}, {"limit", limit}})
        ["suggestions"];
  }

  json resolve(const std::string& id, const std::string& decision) {
    return rpc().call("grove/suggestion/resolve", {{"suggestionId", id}, {"decision", decision}});
  }

  json graph() { return rpc().result("grove/knowledge/get", {{"workspaceUri", ws()}}); }

  static const json* nodeTitled(const json& g, const std::string& title) {
    for (const auto& n : g["nodes"])
      if (n["title"] == title) return &n;
    return nullptr;
  }

  /// The 0-based line of the fixture that names `title`.
  static int lineOf(const std::string& title) {
    std::istringstream in(kHistory);
    std::string line;
    for (int i = 0; std::getline(in, line); ++i)
      if (line.find(title) != std::string::npos && (line[0] == '#' || line[0] == '-')) return i;
    return -1;
  }

  TempDir dir_;
  InProcessServer server_;
};

}  // namespace grove::test
