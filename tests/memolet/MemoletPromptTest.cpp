// The memolet prompt sections are pinned by golden files (tests/data/golden/):
// a change to core/prompts/memolet_*.txt shows up as a diff here, on purpose.
// GROVE_UPDATE_GOLDEN=1 rewrites them; review the diff before committing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "agents/MemoletPrompts.h"

namespace grove {
namespace {

void expectGolden(const std::string& actual, const std::string& name) {
  const std::string path = std::string(GROVE_GOLDEN_DIR) + "/" + name;
  if (std::getenv("GROVE_UPDATE_GOLDEN")) {
    std::ofstream(path) << actual;
    return;
  }
  std::ifstream f(path);
  ASSERT_TRUE(f.good()) << "missing golden file " << name;
  std::stringstream s;
  s << f.rdbuf();
  EXPECT_EQ(actual, s.str());
}

const PromptContext kVolumes{"m_volumes", "Keeping files across docker restarts",
                             "User: How do I keep files when a container restarts?\n\n"
                             "Assistant: Mount a named volume: docker run -v data:/var/lib/data."};
const PromptContext kToml{"m_toml", "TOML parsing in C++",
                          "User: Which C++ library parses TOML?\n\nAssistant: toml11, or toml++."};
const PromptContext kBackup{"m_backup", "Backing up a volume",
                            "Assistant: Run a throwaway container that tars the volume."};
const PromptContext kLogs{"m_logs", "Reading container logs", "Assistant: docker logs -f <name>."};

TEST(MemoletPrompt, ContextSectionReferencedFirstThenRetrieved) {
  expectGolden(renderMemoletContext({kVolumes}, {kToml, kBackup}) + "\n", "memolet_context.txt");
  EXPECT_EQ(renderMemoletContext({}, {}), "");
}

// Context-augmented turns (DESIGN §11.2): the board's understanding opens the
// section; each block names its kind, explicit ones say MENTION, and a board
// memory shows its context, summary and tags before its text.
TEST(MemoletPrompt, BoardMemoriesShowKindMentionAndTheirFields) {
  PromptContext snippet;
  snippet.id = "m_retry";
  snippet.title = "Retry loop";
  snippet.kind = "snippet";
  snippet.mention = true;
  snippet.context = "captured from src/net/retry.ts (retryWithBackoff)";
  snippet.summary = "Retries a request with exponential backoff.";
  snippet.tags = {"retry", "backoff", "http"};
  snippet.text = "File: src/net/retry.ts (lines 3-9) in retryWithBackoff\nMemo: cap at 30 s\n```ts\nfor (;;) {}\n```";
  PromptContext chat = kToml;
  chat.kind = "chat";
  expectGolden(renderMemoletContext({snippet}, {chat}, "2 memories in 1 group. Main topics: retry backoff (2).") + "\n",
               "memory_context.txt");
  // Without a kind (refinement sections) the header stays the plain one.
  EXPECT_EQ(renderContextBlock(kLogs), "[MEMOLET: Reading container logs | memolet:m_logs]\nAssistant: docker logs -f <name>.");
  // The understanding alone is still a section (a board with nothing retrieved).
  EXPECT_EQ(renderMemoletContext({}, {}, "The board is empty.").rfind("[TASK UNDERSTANDING] The board is empty.\n", 0), 0u);
}

TEST(MemoletPrompt, RefineSectionHasEveryInstructionType) {
  RefineSections s;
  s.add = {kBackup};
  s.removed = 1;
  s.highlight = {kVolumes};
  s.obscure = {kLogs};
  s.group = {{kVolumes, kBackup, 0.7}};
  s.general = {kToml};
  expectGolden(renderRefineSection(s) + "\n", "memolet_refine.txt");
}

TEST(MemoletPrompt, EmptySectionsSayNone) {
  RefineSections s;
  s.general = {kToml};
  std::string out = renderRefineSection(s);
  EXPECT_NE(out.find("ADD_CONTEXT (use these; they were not used before):\n(none)"), std::string::npos) << out;
  EXPECT_NE(out.find("REMOVE_CONTEXT (removed by the user; do not use or mention them):\n(none)"), std::string::npos);
  EXPECT_NE(out.find("1. GENERAL_CONTEXT: m_toml"), std::string::npos);
}

TEST(MemoletPrompt, ScrubbingRemovesReferencesAndCitationsOfRemovedMemolets) {
  std::string text = "Compare @[Volumes](memolet:m_volumes) and @[TOML](memolet:m_toml) "
                     "[citation:m_volumes][citation:m_toml] [[citation: m_volumes]]";
  EXPECT_EQ(scrubMemolets(text, {"m_volumes"}),
            "Compare (a removed memory) and @[TOML](memolet:m_toml) [citation:m_toml] ");
  EXPECT_EQ(scrubMemolets(text, {}), text);
}

TEST(MemoletPrompt, ValuesAreNeverReadAsTemplateMarkers) {
  PromptContext tricky{"m_x", "Templates", "Write {{general_context}} literally."};
  RefineSections s;
  s.add = {tricky};
  EXPECT_NE(renderRefineSection(s).find("Write {{general_context}} literally."), std::string::npos);
}

}  // namespace
}  // namespace grove
