// Child suggestions from document passages and an exchange integrated into
// the map: the pure halves of grove/knowledge/suggest and fromUnit.
#include <gtest/gtest.h>

#include "KnowledgeOpBuilders.h"
#include "knowledge/ChildSuggestions.h"
#include "knowledge/ExchangeIntegration.h"
#include "knowledge/KnowledgeOps.h"

namespace grove::knowledge {
namespace {

KnowledgeGraph mapWith(const std::vector<KnowledgeOp>& ops) {
  KnowledgeGraph g;
  applyOps(g, ops, ApplyContext{});
  return g;
}

Citation at(int line) { return Citation{"file:///w/docs/a.md", Range{{line, 0}, {line + 2, 10}}, "", "", 0, false}; }

TEST(ChildSuggestions, HeadingsAndListLeadsNotInTheMapNorTakenNorTheNodeItself) {
  KnowledgeGraph g = mapWith({test::addNodeOp("History", std::nullopt, "h"), test::addNodeOp("Redo stack")});
  std::string history = g.nodes[0].id;
  std::vector<ChildSource> sources = {
      {"History", "# History\n\nThe history keeps changes.", at(0)},
      {"History › Undo log", "## Undo log\n\nThe undo log keeps one entry per call. More.", at(4)},
      {"History › Redo stack", "The redo stack.", at(8)},
      {"History › Checkpoints",
       "- **Snapshots**: written every hundred entries\n- Compaction — folds old entries\n"
       "- a plain item with no lead\n1. Retention: how long entries stay",
       at(12)},
  };
  auto got = childCandidates(g, history, sources, {"Checkpoints"}, 5);
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[0].title, "Undo log");
  EXPECT_EQ(got[0].relation, "includes");
  EXPECT_EQ(got[0].details, "The undo log keeps one entry per call.");
  EXPECT_EQ(got[0].citation.range.start.line, 4);
  EXPECT_EQ(got[1].title, "Snapshots");
  EXPECT_EQ(got[1].relation, "mentions");
  EXPECT_EQ(got[1].details, "written every hundred entries");
  EXPECT_EQ(got[2].title, "Compaction");
  EXPECT_EQ(got[3].title, "Retention");
  EXPECT_EQ(childCandidates(g, history, sources, {"Checkpoints"}, 2).size(), 2u);
  EXPECT_TRUE(childCandidates(g, history, {}, {}, 5).empty());
}

TEST(ChildSuggestions, ModelChildrenNeedAPassageAndANewTitle) {
  KnowledgeGraph g = mapWith({test::addNodeOp("History", std::nullopt, "h"), test::addNodeOp("Redo stack")});
  std::string history = g.nodes[0].id;
  std::vector<ChildSource> sources = {{"History › Undo log", "The undo log keeps one entry per call. More.", at(4)},
                                      {"History › Checkpoints", "Snapshots are written often.", at(12)}};
  std::vector<ProposedChild> proposed = {
      {"**Undo entries**", "records", "One entry per call.", 1},
      {"Invented topic", "includes", "Not in any passage.", 3},   // no passage 3
      {"Floating topic", "includes", "Cites nothing.", 0},        // no passage at all
      {"redo  STACK", "includes", "Already in the map.", 2},      // the map's title, as its key reads
      {"history", "includes", "The node itself.", 1},
      {"Checkpoint policy", "", "", 2},                           // taken before
      {"undo entries", "includes", "Proposed twice.", 2},
      {"A title that runs on for far more than eight words here", "includes", "", 1},
      {"Snapshots", "", "", 2},
      {"Retention", "includes", "Extra.", 2},
  };
  auto got = judgedChildren(g, history, sources, {"Checkpoint Policy"}, proposed, 2);
  ASSERT_EQ(got.size(), 2u) << "cut to the limit";
  EXPECT_EQ(got[0].title, "Undo entries");
  EXPECT_EQ(got[0].relation, "records");
  EXPECT_EQ(got[0].details, "One entry per call.");
  EXPECT_EQ(got[0].citation.range.start.line, 4) << "the passage it named";
  EXPECT_EQ(got[1].title, "Snapshots");
  EXPECT_EQ(got[1].relation, "includes") << "a blank relation";
  EXPECT_EQ(got[1].details, "Snapshots are written often.") << "blank details: the passage's first sentence";
  EXPECT_EQ(got[1].citation.range.start.line, 12);
  EXPECT_TRUE(judgedChildren(g, history, {}, {}, proposed, 5).empty()) << "no passage: nothing is grounded";
}

TEST(ExchangeIntegration, TopicUnderTheAnchorPointsUnderTheTopicAndReuseByDetails) {
  KnowledgeGraph g = mapWith({test::addNodeOp("Undo log", std::nullopt, "u")});
  KnowledgeOp withDetails = test::addNodeOp("Image before");
  withDetails.details = "the map before the call";
  applyOps(g, {withDetails}, ApplyContext{});
  std::string undo = g.nodes[0].id, before = g.nodes[1].id;
  Exchange x{"How does the undo log work? Tell me.", "It keeps entries.\n\n- **Before image**: the map before the call\n"
                                                    "- **After image**: the map after the call\n",
             {"u_9"}, {}};
  auto ops = integrateExchange(g, x, undo, Origin::Conversation, 6);
  applyOps(g, ops, ApplyContext{});
  auto topic = g.byTitle("How does the undo log work");
  ASSERT_EQ(topic.size(), 1u);
  EXPECT_EQ(topic[0]->details, "It keeps entries.");
  EXPECT_EQ(g.parentIds(topic[0]->id), std::vector<std::string>{undo});
  // "Before image" matches the existing node by its details: reused, not made.
  EXPECT_TRUE(g.byTitle("Before image").empty());
  EXPECT_EQ(g.parentIds(before), std::vector<std::string>{topic[0]->id});
  EXPECT_EQ(g.node(before)->unitIds, std::vector<std::string>{"u_9"});
  ASSERT_EQ(g.byTitle("After image").size(), 1u);
  EXPECT_EQ(g.byTitle("After image")[0]->origin, Origin::Conversation);
  // Once more: nothing new, no duplicate edge, no error.
  size_t nodes = g.nodes.size(), edges = g.edges.size();
  applyOps(g, integrateExchange(g, x, undo, Origin::Conversation, 6), ApplyContext{});
  EXPECT_EQ(g.nodes.size(), nodes);
  EXPECT_EQ(g.edges.size(), edges);
}

TEST(ExchangeIntegration, AnAnswerNamingItsOwnAnchorMakesNoCycle) {
  KnowledgeGraph g = mapWith({test::addNodeOp("Engine")});
  Exchange x{"What runs where?", "###\n- **Engine**: the owner of the truth\n", {"u_1"}, {}};
  auto ops = integrateExchange(g, x, g.nodes[0].id, Origin::Conversation, 6);
  EXPECT_NO_THROW(applyOps(g, ops, ApplyContext{}));
  EXPECT_EQ(g.nodes.size(), 2u);
  EXPECT_EQ(topicTitle("  "), "");
  EXPECT_EQ(topicTitle("Why does the engine own every single change made by the clients?"),
            "Why does the engine own every single change");
}

}  // namespace
}  // namespace grove::knowledge
