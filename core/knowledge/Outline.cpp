#include "knowledge/Outline.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

namespace grove::knowledge {

namespace {

std::string oneLine(const std::string& s) {
  std::string out = s;
  for (char& c : out)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  return out;
}

}  // namespace

std::vector<std::string> breadthFirst(const KnowledgeGraph& g) {
  std::map<std::string, const KnowledgeNode*> byId;
  for (const auto& n : g.nodes) byId[n.id] = &n;
  auto creation = [&](const std::string& a, const std::string& b) {
    const auto* x = byId[a];
    const auto* y = byId[b];
    return x->seq != y->seq ? x->seq < y->seq : a < b;
  };
  std::vector<std::string> roots;
  for (const auto& n : g.nodes)
    if (g.parentIds(n.id).empty()) roots.push_back(n.id);
  std::sort(roots.begin(), roots.end(), creation);
  std::vector<std::string> order;
  std::set<std::string> seen;
  std::deque<std::string> queue(roots.begin(), roots.end());
  for (const auto& r : roots) seen.insert(r);
  auto walk = [&] {
    while (!queue.empty()) {
      std::string id = queue.front();
      queue.pop_front();
      order.push_back(id);
      auto children = g.childIds(id);
      std::sort(children.begin(), children.end(), creation);
      for (const auto& c : children)
        if (byId.count(c) && seen.insert(c).second) queue.push_back(c);
    }
  };
  walk();
  // Ops refuse cycles, but a map read from elsewhere might hold one: its
  // nodes still appear, in creation order.
  for (const auto& n : g.nodes)
    if (seen.insert(n.id).second) {
      queue.push_back(n.id);
      walk();
    }
  return order;
}

std::string outline(const KnowledgeGraph& g) {
  std::vector<std::string> order = breadthFirst(g);
  std::map<std::string, size_t> rank;
  for (size_t i = 0; i < order.size(); ++i) rank[order[i]] = i;
  std::string out;
  for (const auto& id : order) {
    const KnowledgeNode* n = g.node(id);
    out += "N " + n->id + " " + oneLine(n->title);
    if (!n->details.empty()) out += " — " + oneLine(n->details);
    out += '\n';
  }
  std::vector<const KnowledgeEdge*> edges;
  for (const auto& e : g.edges) edges.push_back(&e);
  std::sort(edges.begin(), edges.end(), [&](const KnowledgeEdge* a, const KnowledgeEdge* b) {
    if (a->hierarchy != b->hierarchy) return a->hierarchy;
    if (rank[a->from] != rank[b->from]) return rank[a->from] < rank[b->from];
    if (rank[a->to] != rank[b->to]) return rank[a->to] < rank[b->to];
    if (a->label != b->label) return a->label < b->label;
    return a->id < b->id;
  });
  for (const auto* e : edges) {
    std::string arrow;
    if (e->hierarchy)
      arrow = e->label ? "-[" + oneLine(*e->label) + "]->" : "-->";
    else
      arrow = e->label ? "~[" + oneLine(*e->label) + "]~>" : "~~>";
    out += "E " + e->from + " " + arrow + " " + e->to + "\n";
  }
  return out;
}

}  // namespace grove::knowledge
