// The knowledge map through the Engine on a SQLite store: one undo entry per
// call, undo/redo of every op, revisions, expectedRevision, preview, change
// events, per-workspace maps; and the ask route for edits and searches.
#include <gtest/gtest.h>

#include <memory>

#include "../KnowledgeOpBuilders.h"
#include "engine/Engine.h"
#include "knowledge/Outline.h"
#include "session/KnowledgeAsk.h"
#include "store/SqliteStore.h"
#include "support/OpError.h"

namespace grove {
namespace {

using knowledge::KnowledgeOp;
using knowledge::OpKind;

using knowledge::test::addNodeOp;
KnowledgeOp addNode(const std::string& title, std::optional<std::string> parent = std::nullopt,
                    std::optional<std::string> ref = std::nullopt) {
  return addNodeOp(title, std::move(parent), std::move(ref));
}

class KnowledgeMapTest : public ::testing::Test {
protected:
  const std::string ws = "file:///projects/space";
  std::unique_ptr<Engine> engine;
  std::vector<KnowledgeChange> events;

  void SetUp() override {
    engine = std::make_unique<Engine>(std::make_unique<SqliteStore>(SqliteStore::Options{":memory:", false}));
    engine->setKnowledgeListener([this](const KnowledgeChange& e) { events.push_back(e); });
  }

  KnowledgeEditResult edit(std::vector<KnowledgeOp> ops, bool preview = false,
                           std::optional<int64_t> expected = std::nullopt) {
    KnowledgeEditRequest r;
    r.workspaceUri = ws;
    r.ops = std::move(ops);
    r.preview = preview;
    r.expectedRevision = expected;
    return engine->editKnowledge(r);
  }
  std::string outline() { return knowledge::outline(engine->knowledgeMap(ws)); }
  std::string idOf(const std::string& title) { return engine->knowledgeMap(ws).byTitle(title).at(0)->id; }
};

TEST_F(KnowledgeMapTest, EachCallIsOneUndoEntryAndRedoRestoresIt) {
  edit({addNode("Core", std::nullopt, "c"), addNode("Engine", "$c"), addNode("Store", "$c")});
  std::string afterFirst = outline();
  edit({addNode("SQLite", idOf("Store"))});
  std::string afterSecond = outline();
  EXPECT_EQ(engine->knowledgeMap(ws).revision, 2);

  KnowledgeChange undone = engine->undoKnowledge(ws);
  EXPECT_EQ(undone.op, "undo");
  EXPECT_EQ(undone.revision, 3);
  EXPECT_EQ(outline(), afterFirst);
  engine->undoKnowledge(ws);
  EXPECT_EQ(outline(), "");
  EXPECT_THROW(
      {
        try {
          engine->undoKnowledge(ws);
        } catch (const Error& e) {
          EXPECT_EQ(e.reason(), "nothingToUndo");
          throw;
        }
      },
      Error);
  engine->redoKnowledge(ws);
  EXPECT_EQ(outline(), afterFirst);
  engine->redoKnowledge(ws);
  EXPECT_EQ(outline(), afterSecond);
  try {
    engine->redoKnowledge(ws);
    FAIL() << "redo past the end";
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "nothingToRedo");
  }
}

TEST_F(KnowledgeMapTest, EveryOpKindUndoesToTheSameBytes) {
  edit({addNode("A", std::nullopt, "a"), addNode("B", "$a", "b"), addNode("C", "$b"), addNode("D")});
  std::vector<std::vector<KnowledgeOp>> calls;
  KnowledgeOp update;
  update.kind = OpKind::UpdateNode;
  update.id = idOf("C");
  update.title = "C2";
  update.starred = true;
  calls.push_back({update});
  KnowledgeOp del;
  del.kind = OpKind::DeleteNode;
  del.id = idOf("B");
  calls.push_back({del});
  KnowledgeOp link;
  link.kind = OpKind::AddEdge;
  link.from = idOf("D");
  link.to = idOf("A");
  link.label = std::optional<std::string>("explains");
  calls.push_back({link});
  KnowledgeOp move;
  move.kind = OpKind::Reparent;
  move.id = idOf("B");
  move.parentId = std::optional<std::string>(idOf("D"));
  calls.push_back({move});
  KnowledgeOp group;
  group.kind = OpKind::Group;
  group.nodeIds = {idOf("A"), idOf("D")};
  calls.push_back({group});
  for (const auto& ops : calls) {
    std::string before = outline();
    auto map = engine->knowledgeMap(ws);
    edit(ops);
    engine->undoKnowledge(ws);
    EXPECT_EQ(outline(), before) << knowledge::opKindName(ops[0].kind);
    EXPECT_EQ(engine->knowledgeMap(ws).nodes.size(), map.nodes.size());
    EXPECT_EQ(engine->knowledgeMap(ws).groups.size(), map.groups.size());
  }
}

TEST_F(KnowledgeMapTest, AFailingOpStoresNothingAndSaysWhichOp) {
  edit({addNode("A")});
  size_t eventsBefore = events.size();
  try {
    edit({addNode("B"), addNode("C", std::string("nMissing"))});
    FAIL() << "the call succeeded";
  } catch (const OpError& e) {
    EXPECT_EQ(e.opIndex(), 1);
    EXPECT_STREQ(e.what(), "parent not found: nMissing");
  }
  EXPECT_EQ(engine->knowledgeMap(ws).nodes.size(), 1u);
  EXPECT_EQ(engine->knowledgeMap(ws).revision, 1);
  EXPECT_EQ(events.size(), eventsBefore);
}

TEST_F(KnowledgeMapTest, PreviewReportsWithoutStoring) {
  auto r = edit({addNode("A", std::nullopt, "a")}, true);
  EXPECT_EQ(r.change.revision, 0);
  EXPECT_EQ(r.refs.size(), 1u);
  EXPECT_TRUE(engine->knowledgeMap(ws).nodes.empty());
  EXPECT_TRUE(events.empty());
}

TEST_F(KnowledgeMapTest, StaleExpectedRevisionIsAConflict) {
  edit({addNode("A")});
  try {
    edit({addNode("B")}, false, 0);
    FAIL() << "no conflict";
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "revisionConflict");
  }
  EXPECT_EQ(edit({addNode("B")}, false, 1).change.revision, 2);
}

TEST_F(KnowledgeMapTest, ChangesAreAnnouncedWithWhatTheyTouched) {
  auto r = edit({addNode("A", std::nullopt, "a"), addNode("B", "$a")});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].workspaceUri, ws);
  EXPECT_EQ(events[0].op, "edit");
  EXPECT_EQ(events[0].nodeIds.size(), 2u);
  EXPECT_EQ(events[0].edgeIds.size(), 1u);
  engine->undoKnowledge(ws);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].op, "undo");
  EXPECT_EQ(events[1].nodeIds, events[0].nodeIds);
}

TEST_F(KnowledgeMapTest, OneMapPerNormalisedWorkspace) {
  edit({addNode("A")});
  EXPECT_EQ(engine->knowledgeMap("file:///projects/space/").nodes.size(), 1u);
  EXPECT_EQ(engine->knowledgeMap("file:///projects/%73pace").nodes.size(), 1u);
  EXPECT_TRUE(engine->knowledgeMap("file:///projects/other").nodes.empty());
  try {
    engine->knowledgeMap("  ");
    FAIL() << "blank workspaceUri accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.field(), "workspaceUri");
  }
}

TEST_F(KnowledgeMapTest, AskRunsAStructuredEditAsOneUndoEntry) {
  edit({addNode("Core", std::nullopt, "c"), addNode("Engine", "$c")});
  session::KnowledgeAskRequest r;
  r.workspaceUri = ws;
  r.input = "add Caching, Indexes and Views under Engine and link Caching to Core as speeds up";
  r.intent = knowledge::IntentLabel::Edit;
  session::KnowledgeTurn t = session::askKnowledge(*engine, r);
  ASSERT_FALSE(t.failure) << t.failure->message;
  ASSERT_TRUE(t.change);
  EXPECT_EQ(t.change->op, "ask");
  EXPECT_EQ(engine->knowledgeMap(ws).nodes.size(), 5u);
  EXPECT_NE(t.message.find("Added Caching under Engine"), std::string::npos) << t.message;
  engine->undoKnowledge(ws);
  EXPECT_EQ(engine->knowledgeMap(ws).nodes.size(), 2u);
}

TEST_F(KnowledgeMapTest, AskExplainsWhatItCannotDo) {
  edit({addNode("Core", std::nullopt, "c"), addNode("Engine", "$c")});
  session::KnowledgeAskRequest r;
  r.workspaceUri = ws;
  r.intent = knowledge::IntentLabel::Edit;
  r.input = "move Core under Engine";
  auto t = session::askKnowledge(*engine, r);
  ASSERT_TRUE(t.failure);
  EXPECT_EQ(t.failure->kind, "opFailed");
  EXPECT_EQ(t.failure->message, "cycle: Engine is a descendant of Core");
  ASSERT_TRUE(t.plan);
  ASSERT_EQ(t.plan->attempts.size(), 1u);
  EXPECT_EQ(t.plan->attempts[0].opIndex, 0);
  r.input = "make the map prettier";
  EXPECT_EQ(session::askKnowledge(*engine, r).failure->kind, "needsModel");
  EXPECT_EQ(engine->knowledgeMap(ws).revision, 1);
}

TEST_F(KnowledgeMapTest, SearchAnswersGraphFirstElseIDontKnow) {
  KnowledgeOp details = addNode("Undo log");
  details.details = "every change is one entry with before and after images";
  edit({details});
  session::KnowledgeAskRequest r;
  r.workspaceUri = ws;
  r.intent = knowledge::IntentLabel::Search;
  r.input = "what is the undo log?";
  auto t = session::askKnowledge(*engine, r);
  ASSERT_TRUE(t.answer);
  EXPECT_TRUE(t.answer->known);
  EXPECT_NE(t.answer->text.find("Undo log"), std::string::npos);
  r.input = "how do quaternions rotate vectors?";
  t = session::askKnowledge(*engine, r);
  EXPECT_FALSE(t.answer->known);
  EXPECT_EQ(t.answer->text, "I don't know");
}

TEST_F(KnowledgeMapTest, DeixisResolvesToTheSelectedNode) {
  edit({addNode("Core", std::nullopt, "c"), addNode("Engine", "$c")});
  auto intent = session::classifyKnowledge(*engine, ws, "expand this", idOf("Engine"));
  EXPECT_EQ(intent.nodeId, std::optional<std::string>(idOf("Engine")));
  EXPECT_EQ(intent.label, knowledge::IntentLabel::Expansion);
  EXPECT_EQ(intent.rewritten, "What are the sub-topics covered in the documents related to Engine?");
}

}  // namespace
}  // namespace grove
