// `grove-server --import` / `--export` and grove/import/run over the wire,
// on the real binary: the lines and exit codes the command promises, the
// import sent to the store's owner when one runs, and $/progress.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const char* kSession = R"J({"type":"user","uuid":"u1","parentUuid":null,"sessionId":"S1","timestamp":"2026-05-02T09:00:00.000Z","cwd":"/home/ana/src/pager","version":"2.1.40","message":{"role":"user","content":"Why does the last page repeat?"}}
{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"S1","timestamp":"2026-05-02T09:00:03.000Z","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"Line 47 uses <= instead of <."}]}}
)J";

std::string writeFile(const TempDir& dir, const std::string& name, const std::string& text) {
  std::filesystem::path p = dir.path() / name;
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p) << text;
  return p.string();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST(ImportCommand, PrintsALinePerProjectAndATotalAndAddsNothingTheSecondTime) {
  TempDir dir;
  std::string db = dir.file("grove.db");
  std::string file = writeFile(dir, "src/S1.jsonl", kSession);
  auto r = ServerProcess::run({"--db", db, "--import", "claude-code", file});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  auto out = lines(r.out);
  ASSERT_EQ(out.size(), 2u) << r.out;
  EXPECT_EQ(out[0].rfind("p_", 0), 0u) << out[0];
  EXPECT_TRUE(contains(out[0], "Why does the last page repeat?: 2 units added")) << out[0];
  EXPECT_EQ(out[1], "total: 1 projects (1 new), 2 units added, 1 files read, 0 refused");
  auto again = ServerProcess::run({"--db", db, "--import", "claude-code", dir.file("src")});
  EXPECT_EQ(again.exitCode, 0);
  EXPECT_TRUE(contains(again.out, "0 units added, 2 already imported")) << again.out;
  EXPECT_TRUE(contains(again.out, "total: 1 projects (0 new), 0 units added, 1 files read, 0 refused")) << again.out;

  std::string projectId = out[0].substr(0, out[0].find(' '));
  auto md = ServerProcess::run({"--db", db, "--export", projectId, "--format", "markdown"});
  EXPECT_EQ(md.exitCode, 0) << md.err;
  EXPECT_EQ(md.out.rfind("# Why does the last page repeat?\n", 0), 0u) << md.out;
  EXPECT_TRUE(contains(md.out, "Line 47 uses <= instead of <."));
  auto js = ServerProcess::run({"--db", db, "--export", projectId, "--format", "json"});
  EXPECT_EQ(js.exitCode, 0);
  json bundle = json::parse(js.out);
  EXPECT_EQ(bundle["format"], "grove-export");
  EXPECT_EQ(bundle["units"].size(), 2u);
  // The bundle goes back in as a new project with the same content.
  std::string copy = writeFile(dir, "bundle.json", js.out);
  auto back = ServerProcess::run({"--db", dir.file("other.db"), "--import", "grove", copy});
  EXPECT_EQ(back.exitCode, 0) << back.err;
  EXPECT_TRUE(contains(back.out, "2 units added")) << back.out;
}

TEST(ImportCommand, ARefusedFileExitsTwoNamingItAndTheRestIsImported) {
  TempDir dir;
  writeFile(dir, "in/good.jsonl", kSession);
  std::string bad = writeFile(dir, "in/bad.jsonl", "{\"nothing\":\"here\"}\n");
  auto r = ServerProcess::run({"--db", dir.file("grove.db"), "--import", "claude-code", dir.file("in")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_TRUE(contains(r.err, "refused: " + bad + ": no Claude Code entries")) << r.err;
  EXPECT_TRUE(contains(r.out, "total: 1 projects (1 new), 2 units added, 2 files read, 1 refused")) << r.out;
}

TEST(ImportCommand, BadRequestsAndFlagsSayWhy) {
  TempDir dir;
  auto kind = ServerProcess::run({"--db", dir.file("grove.db"), "--import", "cursor", dir.path().string()});
  EXPECT_EQ(kind.exitCode, 1);
  EXPECT_TRUE(contains(kind.err, "unknown import kind \"cursor\"")) << kind.err;
  auto path = ServerProcess::run({"--db", dir.file("grove.db"), "--import", "pi", dir.file("missing")});
  EXPECT_EQ(path.exitCode, 1);
  EXPECT_TRUE(contains(path.err, "no such file or folder")) << path.err;
  auto noPath = ServerProcess::run({"--import", "pi"});
  EXPECT_EQ(noPath.exitCode, 2);
  EXPECT_TRUE(contains(noPath.err, "--import needs KIND and PATH")) << noPath.err;
  auto format = ServerProcess::run({"--export", "p_1", "--format", "pdf"});
  EXPECT_EQ(format.exitCode, 2);
  EXPECT_TRUE(contains(format.err, "--format markdown or --format json")) << format.err;
  auto missing = ServerProcess::run({"--db", dir.file("grove.db"), "--export", "p_nope", "--format", "json"});
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_TRUE(contains(missing.err, "export failed")) << missing.err;
  auto help = ServerProcess::run({"--help"});
  for (const char* flag : {"--import KIND PATH", "--export PROJECT_ID", "--format markdown|json", "--branch HEAD_ID"})
    EXPECT_TRUE(contains(help.out, flag)) << flag;
}

TEST(ImportCommand, WhileAnotherServerOwnsTheStoreTheImportRunsInIt) {
  TempDir dir;
  ServerProcess::Options o;
  o.dbPath = dir.file("grove.db");
  ServerProcess owner(o);
  owner.client().initialize("editor");
  std::string file = writeFile(dir, "S1.jsonl", kSession);
  auto r = ServerProcess::run({"--db", o.dbPath, "--import", "claude-code", file});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  std::string projectId = r.out.substr(0, r.out.find(' '));
  // The editor hears the new project from its own core, which did the import.
  auto heard = owner.client().waitForNotification(
      [&](const json& n) { return n["method"] == "grove/project/didChange" && n["params"]["projectId"] == projectId; });
  EXPECT_TRUE(heard);
  json got = owner.client().result("grove/project/get", {{"projectId", projectId}});
  EXPECT_EQ(got["units"].size(), 2u);
}

TEST(ImportProtocol, RunReportsProgressWithTheClientsTokenAndAnswersTheSummary) {
  TempDir dir;
  ServerProcess srv(dir.file("grove.db"));
  srv.client().initialize();
  writeFile(dir, "in/S1.jsonl", kSession);
  std::string second = kSession;
  for (size_t at; (at = second.find("\"S1\"")) != std::string::npos;) second.replace(at, 4, "\"S2\"");
  writeFile(dir, "in/S2.jsonl", second);
  json result = srv.client().result("grove/import/run",
                                    {{"kind", "claude-code"}, {"path", dir.file("in")}, {"workDoneToken", "imp-1"}});
  ASSERT_EQ(result["projects"].size(), 2u) << result.dump();
  EXPECT_EQ(result["unitsAdded"], 4);
  EXPECT_EQ(result["files"], 2);
  EXPECT_TRUE(result["refused"].empty());
  std::vector<std::string> kinds;
  for (const auto& n : srv.client().takeNotifications())
    if (n["method"] == "$/progress") {
      EXPECT_EQ(n["params"]["token"], "imp-1");
      kinds.push_back(n["params"]["value"]["kind"]);
    }
  EXPECT_EQ(kinds, (std::vector<std::string>{"begin", "report", "end"}));
  // Without a token the request id names the progress; bad params are refused.
  json bad = srv.client().call("grove/import/run", {{"kind", "nope"}, {"path", dir.file("in")}});
  EXPECT_TRUE(isError(bad, -32602)) << bad.dump();
  json exported = srv.client().result("grove/export/run", {{"projectId", result["projects"][0]["projectId"]}, {"format", "markdown"}});
  EXPECT_TRUE(contains(exported["content"].get<std::string>(), "Why does the last page repeat?"));
}

}  // namespace
}  // namespace grove::test
