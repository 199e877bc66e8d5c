// The map's ops: all or nothing, refs, the design's error wording, DeleteNode
// re-attaching children, subtree deletion, Reparent moving a subtree.
#include <gtest/gtest.h>

#include "KnowledgeOpBuilders.h"
#include "knowledge/KnowledgeOps.h"
#include "support/OpError.h"

namespace grove::knowledge {
namespace {

KnowledgeOp add(const std::string& title, std::optional<std::string> parent = std::nullopt,
                std::optional<std::string> ref = std::nullopt) {
  return test::addNodeOp(title, std::move(parent), std::move(ref));
}

KnowledgeOp withId(OpKind kind, const std::string& id) {
  KnowledgeOp op;
  op.kind = kind;
  op.id = id;
  return op;
}

KnowledgeOp reparent(const std::string& id, std::optional<std::string> parent) {
  KnowledgeOp op = withId(OpKind::Reparent, id);
  op.parentId = parent;
  return op;
}

KnowledgeOp edge(const std::string& from, const std::string& to, std::optional<std::string> label = std::nullopt,
                 bool hierarchy = false) {
  KnowledgeOp op;
  op.kind = OpKind::AddEdge;
  op.from = from;
  op.to = to;
  op.label = label;
  op.hierarchy = hierarchy;
  return op;
}

class KnowledgeOpsTest : public ::testing::Test {
protected:
  // A counter for ids, so the tests can name what they made.
  ApplyContext ctx{1000, [this](char p) { return std::string(1, p) + std::to_string(++next_); }};
  KnowledgeGraph g;
  int next_ = 0;

  std::string idOf(const std::string& title) {
    auto found = g.byTitle(title);
    return found.size() == 1 ? found[0]->id : "";
  }
  ChangedIds run(std::vector<KnowledgeOp> ops) { return applyOps(g, ops, ctx); }
  OpError failure(std::vector<KnowledgeOp> ops) {
    KnowledgeGraph copy = g;
    try {
      applyOps(copy, ops, ctx);
    } catch (const OpError& e) {
      return e;
    }
    ADD_FAILURE() << "the ops succeeded or threw something else";
    return OpError(Error::storage("none"), -1);
  }
};

TEST_F(KnowledgeOpsTest, RefsNameNodesMadeEarlierInTheSameCall) {
  auto changed = run({add("Storage", std::nullopt, "s"), add("SQLite", "$s", "q"), edge("$q", "$s", "implements")});
  ASSERT_EQ(g.nodes.size(), 2u);
  EXPECT_EQ(g.parentIds(idOf("SQLite")), std::vector<std::string>{idOf("Storage")});
  ASSERT_EQ(changed.refs.size(), 2u);
  EXPECT_EQ(changed.refs[0].first, "s");
  EXPECT_EQ(changed.refs[0].second, idOf("Storage"));
  EXPECT_EQ(g.edges.back().label, std::optional<std::string>("implements"));
  EXPECT_FALSE(g.edges.back().hierarchy);
}

TEST_F(KnowledgeOpsTest, TitlesAreUniqueIgnoringCaseAndBlanks) {
  run({add("Undo log")});
  OpError e = failure({add("Other"), add("  undo   LOG ")});
  EXPECT_EQ(e.reason(), "titleExists");
  EXPECT_EQ(std::string(e.what()), "title already exists: undo   LOG");
  EXPECT_EQ(e.opIndex(), 1);
}

TEST_F(KnowledgeOpsTest, BlankTitleIsAnInvalidParamNamingTheOp) {
  OpError e = failure({add("A"), add("B"), add("   ")});
  EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
  EXPECT_EQ(e.field(), "ops[2].title");
}

TEST_F(KnowledgeOpsTest, MissingNodeAndParentUseTheDesignsWording) {
  EXPECT_STREQ(failure({withId(OpKind::DeleteNode, "nX")}).what(), "node not found: nX");
  OpError e = failure({add("A", std::string("nGone"))});
  EXPECT_STREQ(e.what(), "parent not found: nGone");
  EXPECT_EQ(e.reason(), "nodeNotFound");
  EXPECT_EQ(e.kind(), ErrorKind::NotFound);
}

TEST_F(KnowledgeOpsTest, ReparentUnderADescendantIsACycle) {
  run({add("X", std::nullopt, "x"), add("Y", "$x", "y"), add("Z", "$y")});
  OpError e = failure({reparent(idOf("X"), idOf("Z"))});
  EXPECT_EQ(e.reason(), "cycle");
  EXPECT_STREQ(e.what(), "cycle: Z is a descendant of X");
  EXPECT_EQ(failure({reparent(idOf("X"), idOf("X"))}).reason(), "cycle");
  EXPECT_EQ(failure({edge(idOf("Z"), idOf("X"), std::nullopt, true)}).reason(), "cycle");
}

TEST_F(KnowledgeOpsTest, ReparentMovesTheWholeSubtree) {
  run({add("A", std::nullopt, "a"), add("B", std::nullopt, "b"), add("C", "$a", "c"), add("D", "$c")});
  run({reparent(idOf("C"), idOf("B"))});
  EXPECT_EQ(g.parentIds(idOf("C")), std::vector<std::string>{idOf("B")});
  EXPECT_EQ(g.parentIds(idOf("D")), std::vector<std::string>{idOf("C")});
  EXPECT_TRUE(g.childIds(idOf("A")).empty());
  run({reparent(idOf("C"), std::nullopt)});
  EXPECT_TRUE(g.parentIds(idOf("C")).empty());
}

TEST_F(KnowledgeOpsTest, DeleteNodeReattachesChildrenToItsParents) {
  run({add("P1", std::nullopt, "p1"), add("P2", std::nullopt, "p2"), add("M", "$p1", "m"),
       edge("$p2", "$m", std::nullopt, true), add("K1", "$m"), add("K2", "$m"), add("Other", std::nullopt, "o"),
       edge("$m", "$o", "relates")});
  std::string m = idOf("M");
  run({withId(OpKind::DeleteNode, m)});
  EXPECT_EQ(idOf("M"), "");
  for (const char* k : {"K1", "K2"}) {
    auto parents = g.parentIds(idOf(k));
    EXPECT_EQ(parents, (std::vector<std::string>{idOf("P1"), idOf("P2")})) << k;
  }
  for (const auto& e : g.edges) {
    EXPECT_NE(e.from, m);
    EXPECT_NE(e.to, m);
  }
}

TEST_F(KnowledgeOpsTest, DeleteSubtreeKeepsDescendantsWithAnotherParent) {
  run({add("Root", std::nullopt, "r"), add("Keep", std::nullopt, "k"), add("A", "$r", "a"), add("B", "$a", "b"),
       add("Shared", "$a", "s"), edge("$k", "$s", std::nullopt, true)});
  KnowledgeOp del = withId(OpKind::DeleteNode, idOf("A"));
  del.subtree = true;
  run({del});
  EXPECT_EQ(idOf("A"), "");
  EXPECT_EQ(idOf("B"), "");
  ASSERT_NE(idOf("Shared"), "");
  EXPECT_EQ(g.parentIds(idOf("Shared")), std::vector<std::string>{idOf("Keep")});
}

TEST_F(KnowledgeOpsTest, SameEdgeTwiceIsDuplicateEdge) {
  run({add("A", std::nullopt, "a"), add("B", std::nullopt, "b"), edge("$a", "$b", "causes")});
  EXPECT_EQ(failure({edge(idOf("A"), idOf("B"), "causes")}).reason(), "duplicateEdge");
  run({edge(idOf("A"), idOf("B"), "enables")});  // another label is another edge
  EXPECT_EQ(g.edges.size(), 2u);
}

TEST_F(KnowledgeOpsTest, EdgeByEndpointsIsRelabelledAndDeleted) {
  run({add("A", std::nullopt, "a"), add("B", std::nullopt, "b"), edge("$a", "$b", "causes")});
  KnowledgeOp relabel;
  relabel.kind = OpKind::UpdateEdge;
  relabel.from = idOf("A");
  relabel.to = idOf("B");
  relabel.label = std::optional<std::string>("prevents");
  run({relabel});
  EXPECT_EQ(g.edges[0].label, std::optional<std::string>("prevents"));
  KnowledgeOp del;
  del.kind = OpKind::DeleteEdge;
  del.from = idOf("B");
  del.to = idOf("A");
  OpError e = failure({del});
  EXPECT_EQ(e.reason(), "edgeNotFound");
  EXPECT_STREQ(e.what(), "edge not found: B -> A");
  std::swap(del.from, del.to);
  run({del});
  EXPECT_TRUE(g.edges.empty());
}

TEST_F(KnowledgeOpsTest, UpdateNodeStarsPinsAndUnpins) {
  run({add("A")});
  KnowledgeOp up = withId(OpKind::UpdateNode, idOf("A"));
  up.starred = true;
  up.position = std::optional<Position2>(Position2{3, 4});
  run({up});
  EXPECT_TRUE(g.nodes[0].starred);
  ASSERT_TRUE(g.nodes[0].position);
  KnowledgeOp unpin = withId(OpKind::UpdateNode, idOf("A"));
  unpin.position = std::optional<Position2>{};
  run({unpin});
  EXPECT_FALSE(g.nodes[0].position);
}

TEST_F(KnowledgeOpsTest, GroupsGatherAndUngroupReleases) {
  run({add("A", std::nullopt, "a"), add("B", std::nullopt, "b")});
  KnowledgeOp group;
  group.kind = OpKind::Group;
  group.nodeIds = {idOf("A"), idOf("B")};
  group.title = "Pair";
  auto changed = run({group});
  ASSERT_EQ(g.groups.size(), 1u);
  EXPECT_EQ(g.groupMembers(g.groups[0].id).size(), 2u);
  EXPECT_EQ(failure({withId(OpKind::Ungroup, "kNone")}).reason(), "knowledgeGroupNotFound");
  run({withId(OpKind::Ungroup, g.groups[0].id)});
  EXPECT_TRUE(g.groups.empty());
  EXPECT_FALSE(g.nodes[0].groupId);
}

TEST_F(KnowledgeOpsTest, AFailingOpReportsItsIndex) {
  OpError e = failure({add("A"), add("B"), withId(OpKind::UpdateNode, "nMissing")});
  EXPECT_EQ(e.opIndex(), 2);
}

}  // namespace
}  // namespace grove::knowledge
