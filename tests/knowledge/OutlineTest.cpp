// The outline: the exact format, breadth-first order, and the same bytes for
// the same graph however it was built.
#include <gtest/gtest.h>

#include "knowledge/KnowledgeOps.h"
#include "knowledge/Outline.h"

namespace grove::knowledge {
namespace {

KnowledgeNode node(const std::string& id, const std::string& title, int64_t seq, const std::string& details = "") {
  KnowledgeNode n;
  n.id = id;
  n.title = title;
  n.details = details;
  n.seq = seq;
  return n;
}

KnowledgeEdge edge(const std::string& id, const std::string& from, const std::string& to, bool hierarchy,
                   std::optional<std::string> label, int64_t seq) {
  KnowledgeEdge e;
  e.id = id;
  e.from = from;
  e.to = to;
  e.hierarchy = hierarchy;
  e.label = std::move(label);
  e.seq = seq;
  return e;
}

KnowledgeGraph sample() {
  KnowledgeGraph g;
  g.nodes = {node("nB", "Store", 2, "SQLite with\nmigrations"), node("nA", "Core", 1), node("nC", "Engine", 3),
             node("nD", "Undo log", 4)};
  g.edges = {edge("e1", "nA", "nC", true, std::nullopt, 5), edge("e2", "nC", "nD", true, "records", 6),
             edge("e3", "nB", "nD", true, std::nullopt, 7), edge("e4", "nC", "nB", false, "writes to", 8),
             edge("e5", "nD", "nA", false, std::nullopt, 9)};
  return g;
}

TEST(OutlineTest, ExactFormatBreadthFirstFromTheRoots) {
  EXPECT_EQ(outline(sample()),
            "N nA Core\n"
            "N nB Store — SQLite with migrations\n"
            "N nC Engine\n"
            "N nD Undo log\n"
            "E nA --> nC\n"
            "E nB --> nD\n"
            "E nC -[records]-> nD\n"
            "E nC ~[writes to]~> nB\n"
            "E nD ~~> nA\n");
}

TEST(OutlineTest, SameGraphSameBytesWhateverTheStorageOrder) {
  KnowledgeGraph a = sample();
  KnowledgeGraph b = sample();
  std::reverse(b.nodes.begin(), b.nodes.end());
  std::reverse(b.edges.begin(), b.edges.end());
  EXPECT_EQ(outline(a), outline(b));
}

TEST(OutlineTest, SiblingsWithTheSameSeqGoById) {
  KnowledgeGraph g;
  g.nodes = {node("nZ", "Z", 1), node("nY", "Y", 1)};
  EXPECT_EQ(outline(g), "N nY Y\nN nZ Z\n");
}

TEST(OutlineTest, EmptyMapIsEmpty) { EXPECT_EQ(outline(KnowledgeGraph{}), ""); }

}  // namespace
}  // namespace grove::knowledge
