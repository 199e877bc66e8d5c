// Captured code's provenance and anchors (issue 16), through the Session in
// its deterministic mode, over a real store, real files in a temporary
// directory and a real git repository made by the test.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "TempDir.h"
#include "session/Session.h"
#include "store/SqliteStore.h"
#include "support/FileUri.h"
#include "workspace/LocalSourceFiles.h"

namespace grove::session {
namespace {

namespace fs = std::filesystem;

const std::string kFile =
    "#include <cstdio>\n"                  // 0
    "\n"                                   // 1
    "int scale(int x) {\n"                 // 2
    "  int y = x + 1;\n"                   // 3
    "  return y * 10;\n"                   // 4
    "}\n"                                  // 5
    "\n"                                   // 6
    "int main() { return scale(2); }\n";  // 7
// Lines 3-4, as an editor sends a whole-line selection.
const std::string kCaptured = "  int y = x + 1;\n  return y * 10;\n";

void writeFile(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
}

std::string shellQuote(const std::string& s) { return "'" + s + "'"; }

// Runs git in `dir`; returns its first output line (the test's own use of git).
std::string git(const fs::path& dir, const std::string& args) {
  fs::path out = dir.parent_path() / "git-out.txt";
  std::string cmd = "git -C " + shellQuote(dir.string()) + " " + args + " >" + shellQuote(out.string()) +
                    " 2>/dev/null";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream in(out);
  std::string line;
  std::getline(in, line);
  return line;
}

class CaptureAnchorsTest : public ::testing::Test {
protected:
  explicit CaptureAnchorsTest(std::shared_ptr<SourceFiles> files = nullptr)
      : engine_(std::make_unique<SqliteStore>(SqliteStore::Options{dir_.file("grove.db")})),
        session_(engine_, SessionOptions{.deterministic = true, .sourceFiles = std::move(files)}) {
    session_.setEventSink(
        {[this](const std::vector<ChangeEvent>& e) { changes_.insert(changes_.end(), e.begin(), e.end()); },
         {},
         {}});
    work_ = dir_.path() / "work";
    fs::create_directories(work_ / "src");
    file_ = work_ / "src" / "scale.cpp";
    writeFile(file_, kFile);
    run([&](Engine& e) { projectId_ = e.createProject("capture", std::nullopt).id; });
  }

  void run(const std::function<void(Engine&)>& fn) {
    session_.runBatch("tester", fn, [](const std::optional<Error>& failed) { ASSERT_FALSE(failed); });
  }

  void makeRepository() {
    git(work_, "init -q -b trunk");
    git(work_, "config user.email tester@example.com");
    git(work_, "config user.name Tester");
    git(work_, "add src/scale.cpp");
    git(work_, "commit -q -m first");
  }

  // Captures lines 3-4 (or `range` with `content`) as the client's "send selection" does.
  Unit capture(const std::string& content = kCaptured, Range range = Range{{3, 0}, {5, 0}}) {
    Unit u;
    run([&](Engine&) {
      AppendRequest r;
      r.projectId = projectId_;
      r.parentId = lastId_;  // one root per project: later captures go below
      r.kind = Kind::Code;
      r.content = content;
      Source s;
      s.uri = pathToFileUri(file_.string());
      s.range = range;
      s.languageId = "cpp";
      s.memo = "why y";
      r.source = s;
      u = session_.appendUnit(r);
    });
    lastId_ = u.id;
    session_.runUntilIdle();  // the git probe
    return engine_.unit(u.id);
  }

  RefreshResult refresh(std::optional<std::vector<FileChange>> changes = std::nullopt) {
    RefreshResult out;
    run([&](Engine&) { out = session_.refreshWorkspace({pathToFileUri(work_.string()), std::move(changes)}); });
    return out;
  }

  // What a turn from `cursorId` would send, inside a request's batch as the server runs it.
  ScopePreview previewAt(const std::string& cursorId) {
    ScopePreview out;
    run([&](Engine&) {
      out = session_.preview({projectId_, Field<std::string>(std::optional<std::string>(cursorId)),
                              std::nullopt, std::nullopt});
    });
    return out;
  }

  static FileChange change(const std::string& uri, FileChangeType type,
                           std::optional<std::string> oldUri = std::nullopt) {
    FileChange c;
    c.uri = uri;
    c.type = type;
    c.oldUri = std::move(oldUri);
    return c;
  }

  int anchorEvents() const {
    int n = 0;
    for (const auto& c : changes_) n += c.op == ChangeOp::Anchor;
    return n;
  }

  test::TempDir dir_;
  Engine engine_;
  Session session_;
  std::vector<ChangeEvent> changes_;
  std::string projectId_;
  std::optional<std::string> lastId_;
  fs::path work_, file_;
};

TEST_F(CaptureAnchorsTest, GitProvenanceOfACommittedCapture) {
  makeRepository();
  const std::string head = git(work_, "rev-parse HEAD");
  Unit u = capture();
  ASSERT_TRUE(u.source);
  EXPECT_EQ(u.source->gitCommit.value_or("none"), head);
  EXPECT_EQ(u.source->gitBranch.value_or("none"), "trunk");
  EXPECT_EQ(u.source->dirty, std::optional<bool>(false));
  ASSERT_TRUE(u.source->capturedRange);
  EXPECT_EQ(u.source->capturedRange->start.line, 3);
  EXPECT_EQ(anchorEvents(), 1);  // the provenance was announced
}

TEST_F(CaptureAnchorsTest, ModifiedCapturedLinesAreDirtyOthersAreNot) {
  makeRepository();
  std::string changed = kFile;
  changed.replace(changed.find("x + 1"), 5, "x + 2");
  writeFile(file_, changed);
  Unit dirty = capture("  int y = x + 2;\n  return y * 10;\n");
  EXPECT_EQ(dirty.source->dirty, std::optional<bool>(true));
  Unit clean = capture("int main() { return scale(2); }\n", Range{{7, 0}, {8, 0}});
  EXPECT_EQ(clean.source->dirty, std::optional<bool>(false));
}

TEST_F(CaptureAnchorsTest, UntrackedFileIsDirty) {
  makeRepository();
  file_ = work_ / "src" / "new.cpp";
  writeFile(file_, kFile);
  Unit u = capture();
  EXPECT_TRUE(u.source->gitCommit);
  EXPECT_EQ(u.source->dirty, std::optional<bool>(true));
}

TEST_F(CaptureAnchorsTest, NotARepositoryLeavesProvenanceUnknown) {
  Unit u = capture();
  EXPECT_FALSE(u.source->gitCommit);
  EXPECT_FALSE(u.source->gitBranch);
  EXPECT_FALSE(u.source->dirty);
  EXPECT_EQ(anchorEvents(), 0);
}

TEST_F(CaptureAnchorsTest, ClientProvenanceIsKept) {
  makeRepository();
  Unit u;
  run([&](Engine&) {
    AppendRequest r;
    r.projectId = projectId_;
    r.kind = Kind::Code;
    r.content = kCaptured;
    Source s;
    s.uri = pathToFileUri(file_.string());
    s.range = {{3, 0}, {5, 0}};
    s.gitCommit = "abc123";
    r.source = s;
    u = session_.appendUnit(r);
  });
  EXPECT_EQ(session_.runUntilIdle(), 0u);  // nothing to ask git
  EXPECT_EQ(engine_.unit(u.id).source->gitCommit.value_or(""), "abc123");
}

class NoGitTest : public CaptureAnchorsTest {
protected:
  NoGitTest() : CaptureAnchorsTest(std::make_shared<workspace::LocalSourceFiles>("grove-test-no-such-git")) {}
};

TEST_F(NoGitTest, NoGitProgramLeavesProvenanceUnknown) {
  makeRepository();  // a repository, but the core cannot run git
  Unit u = capture();
  EXPECT_FALSE(u.source->gitCommit);
  EXPECT_FALSE(u.source->gitBranch);
  EXPECT_FALSE(u.source->dirty);
}

TEST_F(CaptureAnchorsTest, NoGitOnPathLeavesProvenanceUnknown) {
  makeRepository();
  const char* old = std::getenv("PATH");
  std::string saved = old ? old : "";
  fs::create_directories(dir_.path() / "empty-bin");
  setenv("PATH", (dir_.path() / "empty-bin").c_str(), 1);
  Unit u = capture();
  setenv("PATH", saved.c_str(), 1);
  EXPECT_FALSE(u.source->gitCommit);
  EXPECT_FALSE(u.source->dirty);
}

TEST_F(CaptureAnchorsTest, LinesInsertedAboveMoveTheAnchor) {
  Unit u = capture();
  EXPECT_EQ(u.source->anchor.state, AnchorState::Unchecked);
  writeFile(file_, "// a\n// b\n" + kFile);
  changes_.clear();
  RefreshResult r = refresh({{change(pathToFileUri(file_.string()), FileChangeType::Changed)}});
  ASSERT_EQ(r.anchors.size(), 1u);
  EXPECT_EQ(r.anchors[0].unitId.value_or(""), u.id);
  EXPECT_EQ(r.anchors[0].anchor.state, AnchorState::Moved);
  EXPECT_EQ(r.anchors[0].range.start.line, 5);
  Unit stored = engine_.unit(u.id);
  EXPECT_EQ(stored.source->range.start.line, 5);
  EXPECT_EQ(stored.source->range.end.line, 7);
  EXPECT_EQ(stored.source->capturedRange->start.line, 3);  // where it was captured stays
  EXPECT_EQ(stored.source->anchor.state, AnchorState::Moved);
  EXPECT_TRUE(stored.source->anchor.checkedAt);
  ASSERT_EQ(anchorEvents(), 1);
  EXPECT_EQ(changes_.back().unitIds, std::vector<std::string>{u.id});
  // Checking again finds it where it now is: current.
  changes_.clear();
  r = refresh();
  EXPECT_EQ(r.anchors[0].anchor.state, AnchorState::Current);
  EXPECT_EQ(engine_.unit(u.id).source->range.start.line, 5);
}

TEST_F(CaptureAnchorsTest, ChangedLinesAreStaleAndThePromptSaysSo) {
  Unit u = capture();
  std::string changed = kFile;
  changed.replace(changed.find("return y * 10;"), 14, "return y * 100;");
  writeFile(file_, changed);
  RefreshResult r = refresh();
  ASSERT_EQ(r.anchors.size(), 1u);
  EXPECT_EQ(r.anchors[0].anchor.state, AnchorState::Stale);
  EXPECT_EQ(r.anchors[0].anchor.diffSummary.value_or(""), "-1 +1 lines: return y * 100;");
  ScopePreview p = previewAt(u.id);
  ASSERT_FALSE(p.messages.empty());
  const std::string path = file_.string();
  EXPECT_NE(p.messages.back().content.find("File: " + path + " (lines 4-6) (stale: changed since captured)"),
            std::string::npos)
      << p.messages.back().content;
}

TEST_F(CaptureAnchorsTest, DeletedFileIsMissing) {
  Unit u = capture();
  fs::remove(file_);
  RefreshResult r = refresh();
  ASSERT_EQ(r.anchors.size(), 1u);
  EXPECT_EQ(r.anchors[0].anchor.state, AnchorState::Missing);
  EXPECT_EQ(engine_.unit(u.id).source->anchor.state, AnchorState::Missing);
}

TEST_F(CaptureAnchorsTest, DeletedLinesAreMissing) {
  Unit u = capture();
  std::string changed = kFile;
  changed.erase(changed.find(kCaptured), kCaptured.size());
  writeFile(file_, changed);
  RefreshResult r = refresh({{change(pathToFileUri(file_.string()), FileChangeType::Changed)}});
  ASSERT_EQ(r.anchors.size(), 1u);
  EXPECT_EQ(r.anchors[0].anchor.state, AnchorState::Missing);
  EXPECT_EQ(engine_.unit(u.id).source->range.start.line, 3);  // the old range is kept
}

TEST_F(CaptureAnchorsTest, UnsavedBufferTextIsCheckedInsteadOfTheFile) {
  Unit u = capture();
  FileChange ch = change(pathToFileUri(file_.string()), FileChangeType::Changed);
  ch.text = "// unsaved\n" + kFile;
  RefreshResult r = refresh({{ch}});
  ASSERT_EQ(r.anchors.size(), 1u);
  EXPECT_EQ(r.anchors[0].anchor.state, AnchorState::Moved);
  EXPECT_EQ(r.anchors[0].range.start.line, 4);
}

TEST_F(CaptureAnchorsTest, RenamedFileCarriesItsCaptures) {
  Unit u = capture();
  fs::path moved = work_ / "src" / "scaled.cpp";
  fs::rename(file_, moved);
  FileChange ch = change(pathToFileUri(moved.string()), FileChangeType::Renamed, pathToFileUri(file_.string()));
  RefreshResult r = refresh({{ch}});
  ASSERT_EQ(r.anchors.size(), 1u);
  EXPECT_EQ(r.anchors[0].anchor.state, AnchorState::Current);
  EXPECT_EQ(engine_.unit(u.id).source->uri, pathToFileUri(moved.string()));
}

TEST_F(CaptureAnchorsTest, FilesOutsideTheWorkspaceAreNotChecked) {
  capture();
  RefreshResult r;
  run([&](Engine&) { r = session_.refreshWorkspace({pathToFileUri((dir_.path() / "elsewhere").string()), {}}); });
  EXPECT_TRUE(r.anchors.empty());
  EXPECT_THROW(run([&](Engine&) { session_.refreshWorkspace({"", {}}); }), Error);
}

TEST_F(CaptureAnchorsTest, PreviewRechecksAFileThatChanged) {
  Unit u = capture();
  ScopePreview before = previewAt(u.id);
  EXPECT_EQ(before.messages.back().content.find("(stale"), std::string::npos);
  std::string changed = kFile;
  changed.replace(changed.find("x + 1"), 5, "x - 1");
  writeFile(file_, changed + "// and longer\n");  // the size changes, whatever the clock says
  ScopePreview after = previewAt(u.id);
  EXPECT_NE(after.messages.back().content.find("(stale: changed since captured)"), std::string::npos)
      << after.messages.back().content;
  EXPECT_EQ(engine_.unit(u.id).source->anchor.state, AnchorState::Stale);
}

TEST(DiffTouchesLines, HunksOverlappingOrDeletingInsideTheRange) {
  const std::string diff =
      "diff --git a/f b/f\n--- a/f\n+++ b/f\n"
      "@@ -3 +3 @@\n-old\n+new\n"        // line 3 changed
      "@@ -10,2 +9,0 @@\n-x\n-y\n";      // two lines deleted after new line 9
  EXPECT_TRUE(workspace::diffTouchesLines(diff, 2, 4));
  EXPECT_TRUE(workspace::diffTouchesLines(diff, 3, 3));
  EXPECT_FALSE(workspace::diffTouchesLines(diff, 4, 8));
  EXPECT_TRUE(workspace::diffTouchesLines(diff, 9, 10));   // deleted between 9 and 10
  EXPECT_FALSE(workspace::diffTouchesLines(diff, 10, 12));  // deleted before the range
  EXPECT_FALSE(workspace::diffTouchesLines("", 1, 100));
}

// A board snippet is checked as a code unit is (DESIGN §11.1): it follows
// lines inserted above it, then is stale with a badge once its lines change,
// and the badge goes when the code is back. None of it is an undo entry.
TEST_F(CaptureAnchorsTest, BoardSnippetsMoveThenGoStaleWithABadge) {
  const std::string ws = pathToFileUri(work_.string());
  std::string itemId;
  run([&](Engine& e) {
    CaptureRequest r;
    r.workspaceUri = ws;
    r.content = kCaptured;
    Source s;
    s.uri = pathToFileUri(file_.string());
    s.range = {{3, 0}, {5, 0}};
    s.languageId = "cpp";
    s.memo = "why y";
    r.source = s;
    itemId = e.capture(r).item.id();
  });
  auto badges = [&](const std::string& kind) {
    int n = 0;
    for (const auto& b : engine_.boardItem(ws, itemId).badges) n += b.kind == kind;
    return n;
  };
  writeFile(file_, "// a\n// b\n" + kFile);
  int64_t before = engine_.board(ws, false).board.revision;
  RefreshResult r = refresh({{change(pathToFileUri(file_.string()), FileChangeType::Changed)}});
  ASSERT_EQ(r.anchors.size(), 1u);
  EXPECT_EQ(r.anchors[0].memoletId.value_or(""), itemId);
  EXPECT_FALSE(r.anchors[0].unitId);
  EXPECT_EQ(r.anchors[0].anchor.state, AnchorState::Moved);
  BoardItem moved = engine_.boardItem(ws, itemId);
  EXPECT_EQ(moved.source->range.start.line, 5);
  ASSERT_TRUE(moved.source->capturedRange);
  EXPECT_EQ(moved.source->capturedRange->start.line, 3);
  EXPECT_EQ(badges("stale"), 0);
  EXPECT_EQ(engine_.board(ws, false).board.revision, before + 1);

  std::string changed = "// a\n// b\n" + kFile;
  changed.replace(changed.find("return y * 10;"), 14, "return y * 100;");
  writeFile(file_, changed);
  r = refresh();
  ASSERT_EQ(r.anchors.size(), 1u);
  EXPECT_EQ(r.anchors[0].anchor.state, AnchorState::Stale);
  EXPECT_EQ(badges("stale"), 1);
  // Undo takes back the capture, not an anchor: the log has no anchor entry.
  writeFile(file_, "// a\n// b\n" + kFile);
  refresh();
  EXPECT_EQ(badges("stale"), 0) << "the code is back: no badge";
  BoardChange undone;
  run([&](Engine& e) { undone = e.undoBoard(ws); });
  EXPECT_TRUE(engine_.board(ws, false).items.empty()) << "the one undo entry was the capture";
}

}  // namespace
}  // namespace grove::session
