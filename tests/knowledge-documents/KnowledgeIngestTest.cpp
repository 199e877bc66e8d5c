// Ingestion through the Session (deterministic mode, real SQLite store, a
// workspace written at run time): added, unchanged, changed, deleted and
// renamed files; the summary tree's levels; cancel keeps what was indexed;
// a second ingest while one runs; citations that resolve to file and lines;
// "I don't know" when nothing relevant was kept.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "TempDir.h"
#include "engine/Engine.h"
#include "knowledge/DocumentScan.h"
#include "knowledge/GroundedAnswer.h"
#include "knowledge/Ingest.h"
#include "session/Session.h"
#include "store/SqliteStore.h"

namespace grove::test {
namespace {

namespace fs = std::filesystem;

class KnowledgeIngestTest : public ::testing::Test {
protected:
  KnowledgeIngestTest()
      : engine_(std::make_unique<SqliteStore>(SqliteStore::Options{dir_.file("grove.db")})),
        session_(engine_, session::SessionOptions{.deterministic = true}) {
    fs::create_directories(workspace());
  }

  fs::path workspace() const { return dir_.path() / "ws"; }
  std::string workspaceUri() const { return knowledge::pathToFileUri(workspace().string()); }
  std::string uriOf(const std::string& rel) const { return knowledge::pathToFileUri((workspace() / rel).string()); }

  void write(const std::string& rel, const std::string& text) {
    fs::path p = workspace() / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
  }

  /// Runs an ingest to its end; `onProgress` may cancel.
  Expected<session::KnowledgeIngestResult> ingest(std::optional<std::vector<std::string>> paths = std::nullopt,
                                                  CancellationToken cancel = {},
                                                  std::function<void(const session::ImportProgress&)> onProgress = {}) {
    std::optional<Expected<session::KnowledgeIngestResult>> out;
    session::KnowledgeIngestRequest req;
    req.workspaceUri = workspaceUri();
    req.paths = paths;
    session_.runLocked("tester", [&](Engine&) {
      session_.knowledgeIngest().ingest(
          req,
          [&](const session::ImportProgress& p) {
            progress_.push_back(p);
            if (onProgress) onProgress(p);
          },
          [&](Expected<session::KnowledgeIngestResult> r) { out.emplace(std::move(r)); }, cancel);
    });
    session_.runUntilIdle();
    if (!out) {
      ADD_FAILURE() << "the ingest never finished";
      return Error::invalidArg("none", "none");
    }
    return std::move(*out);
  }

  session::KnowledgeIngestResult ingestOk(std::optional<std::vector<std::string>> paths = std::nullopt) {
    auto r = ingest(std::move(paths));
    if (!r) {
      ADD_FAILURE() << r.error().what();
      return {};
    }
    return *r;
  }

  knowledge::DocumentAnswer ask(const std::string& q, const std::string& hint = "") {
    knowledge::DocumentAnswer a;
    session_.runLocked("tester", [&](Engine& e) {
      a = knowledge::answerFromDocuments(e.knowledgeDocuments(), workspaceUri(), q, hint);
    });
    return a;
  }

  std::vector<std::string> fileLines(const std::string& uri) {
    std::ifstream in(*knowledge::fileUriToPath(uri));
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
  }

  void writeFixture() {
    write("README.md",
          "# Pager\n\nPager shows long output one screen at a time.\n\n## Installing\n\n"
          "Install pager with the make install target. The binary goes to /usr/local/bin.\n");
    write("docs/config.md",
          "# Configuration\n\nThe configuration file lives in ~/.pagerrc and holds key bindings.\n\n"
          "## Colours\n\nSet colour themes with the theme option; solarized and gruvbox ship with pager.\n");
    write("docs/search.txt", "Searching\n\nPress slash to search forward and question mark to search backward.\n");
    write("src/scroll.cpp",
          "#include <x>\n// Scrolls the viewport by half a screen when the user presses space,\n"
          "// keeping the cursor line visible.\nvoid scroll();\n");
    write(".env", "TOKEN=abc\n");
  }

  TempDir dir_;
  Engine engine_;
  session::Session session_;
  std::vector<session::ImportProgress> progress_;
};

TEST_F(KnowledgeIngestTest, IngestsThenHandlesChangeDeleteAndRename) {
  writeFixture();
  auto first = ingestOk();
  EXPECT_EQ(first.documents, 4);
  EXPECT_EQ(first.added.size(), 4u);
  EXPECT_TRUE(first.updated.empty());
  EXPECT_FALSE(first.cancelled);
  ASSERT_EQ(first.skipped.size(), 1u);
  EXPECT_EQ(first.skipped[0].uri, uriOf(".env"));
  EXPECT_EQ(first.skipped[0].reason, "secret");
  EXPECT_GE(first.chunks, 6);
  ASSERT_EQ(first.levels.size(), 2u);  // leaves, then one node per document (4 <= 8)
  EXPECT_EQ(first.levels[0], first.chunks);
  EXPECT_EQ(first.levels[1], 4);
  // Progress: begin .. end, "n/total path".
  ASSERT_FALSE(progress_.empty());
  EXPECT_EQ(progress_.front().message, "1/4 README.md");
  EXPECT_TRUE(progress_.back().finished);

  // Nothing changed: nothing re-ingested.
  auto again = ingestOk();
  EXPECT_TRUE(again.added.empty());
  EXPECT_TRUE(again.updated.empty());
  EXPECT_TRUE(again.removed.empty());
  EXPECT_EQ(again.chunks, first.chunks);

  // A change, a delete and a rename.
  write("docs/search.txt", "Searching\n\nPress n to repeat the last search, N to repeat it backward.\n");
  fs::remove(workspace() / "src/scroll.cpp");
  fs::rename(workspace() / "docs/config.md", workspace() / "docs/settings.md");
  auto third = ingestOk();
  EXPECT_EQ(third.updated, std::vector<std::string>{uriOf("docs/search.txt")});
  EXPECT_EQ(third.added, std::vector<std::string>{uriOf("docs/settings.md")});
  std::vector<std::string> removed = third.removed;
  std::sort(removed.begin(), removed.end());
  EXPECT_EQ(removed, (std::vector<std::string>{uriOf("docs/config.md"), uriOf("src/scroll.cpp")}));
  EXPECT_EQ(third.documents, 3);
  EXPECT_EQ(third.levels[1], 3);

  auto a = ask("How do I repeat the last search?");
  ASSERT_TRUE(a.known) << a.text;
  EXPECT_EQ(a.citations[0].uri, uriOf("docs/search.txt"));
  auto gone = ask("How does scrolling by half a screen work?");
  for (const auto& c : gone.citations) EXPECT_NE(c.uri, uriOf("src/scroll.cpp"));
}

TEST_F(KnowledgeIngestTest, RefreshOfChangedPathsOnly) {
  writeFixture();
  ingestOk();
  write("docs/search.txt", "Searching\n\nUse the find command to filter lines.\n");
  write("docs/new.md", "# New\n\nA new page about bookmarks and marks.\n");
  std::optional<Expected<session::KnowledgeIngestResult>> out;
  session_.runLocked("tester", [&](Engine&) {
    session_.knowledgeIngest().refreshDocuments(
        workspaceUri(), {{uriOf("docs/search.txt"), "changed", std::nullopt}, {uriOf("docs/new.md"), "created", std::nullopt}},
        [&](Expected<session::KnowledgeIngestResult> r) { out.emplace(std::move(r)); });
  });
  session_.runUntilIdle();
  ASSERT_TRUE(out && *out);
  EXPECT_EQ((*out)->updated, std::vector<std::string>{uriOf("docs/search.txt")});
  EXPECT_EQ((*out)->added, std::vector<std::string>{uriOf("docs/new.md")});
  EXPECT_TRUE((*out)->removed.empty());  // the other documents were not under the paths
  EXPECT_EQ((*out)->documents, 5);
}

TEST_F(KnowledgeIngestTest, SummaryTreeRecursesUntilAtMostEightNodes) {
  // 60 documents on 6 topics: leaves, 60 document nodes, then clusters.
  const char* topics[] = {"network sockets timeouts retries", "database indexes queries joins",
                          "rendering shaders textures frames", "parser grammar tokens syntax",
                          "billing invoices payments refunds", "logging levels rotation files"};
  for (int i = 0; i < 60; ++i) {
    std::string t = topics[i % 6];
    write("d/" + std::to_string(i) + ".md", "# Doc " + std::to_string(i) + "\n\nThis page covers " + t +
                                                 ". More about " + t + " and case " + std::to_string(i) + ".\n");
  }
  auto r = ingestOk();
  ASSERT_GE(r.levels.size(), 3u);
  EXPECT_EQ(r.levels[0], r.chunks);
  EXPECT_EQ(r.levels[1], 60);
  EXPECT_LE(r.levels.back(), 8);
  for (size_t i = 1; i + 1 < r.levels.size(); ++i) EXPECT_GT(r.levels[i], 8) << "level " << i;
  // Every upper node's children are nodes of the level below.
  session_.runLocked("tester", [&](Engine& e) {
    auto& store = e.knowledgeDocuments();
    for (const auto& node : store.knowledgeChunks(workspaceUri(), std::nullopt, std::nullopt)) {
      if (node.level == 0) continue;
      EXPECT_FALSE(node.children.empty());
      for (const auto& child : node.children) {
        auto c = store.knowledgeChunk(child);
        ASSERT_TRUE(c);
        EXPECT_EQ(c->level, node.level - 1);
      }
    }
    knowledge::DocumentIndexInfo info = knowledge::documentIndexInfo(store, workspaceUri());
    EXPECT_EQ(info.levels, r.levels);
    EXPECT_EQ(info.documents, 60);
    EXPECT_EQ(info.chunks, r.chunks);
    EXPECT_TRUE(info.ingestedAt);
    EXPECT_FALSE(info.starters.empty());
    EXPECT_LE(info.starters.size(), 4u);
    EXPECT_EQ(info.starters[0].rfind("What does the workspace say about ", 0), 0u);
  });
  // An overview question is answered from the summaries, cited through leaves.
  auto a = ask("Give me an overview of billing invoices");
  ASSERT_TRUE(a.known);
  EXPECT_GE(a.citations[0].level, 1);
  EXPECT_NE(a.citations[0].quote.find("billing"), std::string::npos);
}

TEST_F(KnowledgeIngestTest, CancelKeepsWhatWasIndexedAndTheNextRunResumes) {
  for (int i = 0; i < 200; ++i)
    write("n/" + std::to_string(1000 + i) + ".md", "# Note " + std::to_string(i) + "\n\nSome text number " + std::to_string(i) + ".\n");
  CancellationToken cancel;
  // Cancel once the 100th file (done == 99) is being read: it is the last one indexed.
  auto r = ingest(std::nullopt, cancel, [&](const session::ImportProgress& p) {
    if (p.done == 99) cancel.cancel();
  });
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->cancelled);
  EXPECT_EQ(r->added.size(), 100u);
  EXPECT_EQ(r->documents, 100);
  EXPECT_TRUE(r->removed.empty());
  auto rest = ingestOk();
  EXPECT_FALSE(rest.cancelled);
  EXPECT_EQ(rest.added.size(), 100u);  // only what the cancelled run left
  EXPECT_EQ(rest.documents, 200);
  EXPECT_GE(rest.levels.size(), 3u);
}

TEST_F(KnowledgeIngestTest, SecondIngestWhileOneRunsIsRefused) {
  writeFixture();
  std::optional<Error> second;
  std::optional<Expected<session::KnowledgeIngestResult>> first;
  session::KnowledgeIngestRequest req;
  req.workspaceUri = workspaceUri();
  session_.runLocked("tester", [&](Engine&) {
    session_.knowledgeIngest().ingest(req, nullptr, [&](auto r) { first.emplace(std::move(r)); }, {});
    try {
      session_.knowledgeIngest().ingest(req, nullptr, [](auto) {}, {});
    } catch (const Error& e) {
      second = e;
    }
  });
  ASSERT_TRUE(second);
  EXPECT_EQ(second->reason(), "ingestRunning");
  session_.runUntilIdle();
  ASSERT_TRUE(first && *first);
  EXPECT_FALSE(session_.knowledgeIngest().running(workspaceUri()));
  EXPECT_TRUE(ingest());  // free again
}

TEST_F(KnowledgeIngestTest, BadWorkspaceIsAClearError) {
  session::KnowledgeIngestRequest req;
  req.workspaceUri = "https://example.com/x";
  // Refused before anything starts (the caller is on the engine thread, as a handler is).
  try {
    session_.knowledgeIngest().ingest(req, nullptr, [](auto) {}, {});
    ADD_FAILURE() << "an https workspace was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.field(), "workspaceUri");
  }
  EXPECT_FALSE(session_.knowledgeIngest().running(req.workspaceUri));
  // A folder that does not exist ingests nothing (and removes what was there).
  req.workspaceUri = knowledge::pathToFileUri((dir_.path() / "nope").string());
  std::optional<Expected<session::KnowledgeIngestResult>> out;
  session_.runLocked("tester", [&](Engine&) {
    session_.knowledgeIngest().ingest(req, nullptr, [&](auto r) { out.emplace(std::move(r)); }, {});
  });
  session_.runUntilIdle();
  ASSERT_TRUE(out && *out);
  EXPECT_EQ((*out)->documents, 0);
}

TEST_F(KnowledgeIngestTest, CitationsResolveToFileAndLines) {
  writeFixture();
  ingestOk();
  auto a = ask("Where does the configuration file live?");
  ASSERT_TRUE(a.known) << a.text;
  EXPECT_FALSE(a.refinedQuery.empty());
  EXPECT_EQ(a.refinedQuery.find("Where"), std::string::npos);
  ASSERT_FALSE(a.citations.empty());
  const auto& c = a.citations[0];
  EXPECT_EQ(c.uri, uriOf("docs/config.md"));
  EXPECT_EQ(c.level, 0);
  std::vector<std::string> lines = fileLines(c.uri);
  ASSERT_LT(c.endLine, static_cast<int>(lines.size()));
  std::string span;
  for (int l = c.startLine; l <= c.endLine; ++l) span += lines[static_cast<size_t>(l)] + "\n";
  EXPECT_NE(span.find("~/.pagerrc"), std::string::npos);
  EXPECT_EQ(c.endChar, static_cast<int>(lines[static_cast<size_t>(c.endLine)].size()));
  EXPECT_NE(a.text.find("~/.pagerrc"), std::string::npos);
  // Code comments are cited at their own lines.
  auto s = ask("What happens when the user presses space?");
  ASSERT_TRUE(s.known) << s.text;
  EXPECT_EQ(s.citations[0].uri, uriOf("src/scroll.cpp"));
  EXPECT_EQ(s.citations[0].startLine, 1);
  EXPECT_EQ(s.citations[0].endLine, 2);
}

TEST_F(KnowledgeIngestTest, NothingRelevantIsIDontKnow) {
  writeFixture();
  ingestOk();
  auto a = ask("How do I configure kubernetes ingress certificates?");
  EXPECT_FALSE(a.known);
  EXPECT_EQ(a.text, "I don't know");
  EXPECT_TRUE(a.citations.empty());
  for (const auto& c : a.chunks) EXPECT_FALSE(c.kept);
  auto empty = ask("the and of");
  EXPECT_FALSE(empty.known);
}

TEST_F(KnowledgeIngestTest, ConfiguredGlobsDecideWhatIsIngestedAndPersist) {
  writeFixture();
  KnowledgeSettingsUpdate u;
  u.include = std::vector<std::string>{"docs/**"};
  u.exclude = std::vector<std::string>{"**/*.txt"};
  u.maxCorrections = 1;
  KnowledgeSettings set = engine_.configureKnowledge(workspaceUri(), u);
  EXPECT_EQ(set.maxCorrections, 1);
  EXPECT_EQ(set.maxReplans, 3) << "fields left out keep their value";
  auto r = ingestOk();
  EXPECT_EQ(r.added, std::vector<std::string>{uriOf("docs/config.md")}) << "include docs/**, minus *.txt";

  // Kept in the store: a new engine on the same file reads them back.
  Engine again(std::make_unique<SqliteStore>(SqliteStore::Options{dir_.file("grove.db"), {}, true}));
  EXPECT_EQ(again.knowledgeSettings(workspaceUri() + "/").include, std::vector<std::string>{"docs/**"})
      << "the workspace URI is normalised";
  EXPECT_EQ(again.knowledgeSettings("file:///elsewhere").include, std::vector<std::string>{}) << "per workspace";

  KnowledgeSettingsUpdate bad;
  bad.maxReplans = 11;
  EXPECT_THROW(engine_.configureKnowledge(workspaceUri(), bad), Error);
  bad = {};
  bad.clarifyBelow = 1.5;
  EXPECT_THROW(engine_.configureKnowledge(workspaceUri(), bad), Error);
  bad = {};
  bad.include = std::vector<std::string>{"  "};
  EXPECT_THROW(engine_.configureKnowledge(workspaceUri(), bad), Error);
  EXPECT_EQ(engine_.knowledgeSettings(workspaceUri()).maxReplans, 3) << "a refused call stores nothing";
}

}  // namespace
}  // namespace grove::test
