#include "knowledge/KnowledgeGraph.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace grove::knowledge {

const char* originName(Origin o) {
  switch (o) {
    case Origin::Document: return "document";
    case Origin::User: return "user";
    case Origin::Model: return "model";
    case Origin::Conversation: return "conversation";
  }
  return "user";
}

std::optional<Origin> originFrom(const std::string& name) {
  if (name == "document") return Origin::Document;
  if (name == "user") return Origin::User;
  if (name == "model") return Origin::Model;
  if (name == "conversation") return Origin::Conversation;
  return std::nullopt;
}

std::string titleKey(const std::string& title) {
  std::string out;
  bool blank = false;
  for (unsigned char c : title) {
    if (std::isspace(c)) {
      blank = !out.empty();
      continue;
    }
    if (blank) out += ' ';
    blank = false;
    out += static_cast<char>(std::tolower(c));
  }
  return out;
}

KnowledgeNode* KnowledgeGraph::node(const std::string& id) {
  for (auto& n : nodes)
    if (n.id == id) return &n;
  return nullptr;
}

const KnowledgeNode* KnowledgeGraph::node(const std::string& id) const {
  for (const auto& n : nodes)
    if (n.id == id) return &n;
  return nullptr;
}

KnowledgeEdge* KnowledgeGraph::edge(const std::string& id) {
  for (auto& e : edges)
    if (e.id == id) return &e;
  return nullptr;
}

KnowledgeGroup* KnowledgeGraph::group(const std::string& id) {
  for (auto& g : groups)
    if (g.id == id) return &g;
  return nullptr;
}

std::vector<const KnowledgeNode*> KnowledgeGraph::byTitle(const std::string& title) const {
  std::vector<const KnowledgeNode*> out;
  std::string key = titleKey(title);
  for (const auto& n : nodes)
    if (titleKey(n.title) == key) out.push_back(&n);
  return out;
}

std::vector<std::string> KnowledgeGraph::parentIds(const std::string& id) const {
  std::vector<std::string> out;
  for (const auto& e : edges)
    if (e.hierarchy && e.to == id) out.push_back(e.from);
  return out;
}

std::vector<std::string> KnowledgeGraph::childIds(const std::string& id) const {
  std::vector<std::string> out;
  for (const auto& e : edges)
    if (e.hierarchy && e.from == id) out.push_back(e.to);
  return out;
}

std::vector<std::string> KnowledgeGraph::groupMembers(const std::string& groupId) const {
  std::vector<std::string> out;
  for (const auto& n : nodes)
    if (n.groupId == groupId) out.push_back(n.id);
  return out;
}

bool KnowledgeGraph::isDescendant(const std::string& descendant, const std::string& ancestor) const {
  std::vector<std::string> todo{ancestor};
  std::set<std::string> seen;
  while (!todo.empty()) {
    std::string id = todo.back();
    todo.pop_back();
    if (id == descendant) return true;
    if (!seen.insert(id).second) continue;
    for (auto& c : childIds(id)) todo.push_back(c);
  }
  return false;
}

}  // namespace grove::knowledge
