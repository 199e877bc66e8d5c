#include "knowledge/KnowledgeOps.h"

#include <algorithm>
#include <map>
#include <set>

#include "support/OpError.h"
#include "support/Ids.h"

namespace grove::knowledge {

namespace {

const char* const kOpNames[] = {"AddNode", "UpdateNode", "DeleteNode", "AddEdge", "UpdateEdge",
                                "DeleteEdge", "Reparent", "Group", "Ungroup"};

bool blank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

void addUnique(std::vector<std::string>& v, const std::string& id) {
  if (std::find(v.begin(), v.end(), id) == v.end()) v.push_back(id);
}

// One call's state: the graph, the refs made so far and what changed.
class Applier {
public:
  Applier(KnowledgeGraph& g, const ApplyContext& c) : g_(g), c_(c) {}

  void apply(const KnowledgeOp& op, int index) {
    index_ = index;
    switch (op.kind) {
      case OpKind::AddNode: return addNode(op);
      case OpKind::UpdateNode: return updateNode(op);
      case OpKind::DeleteNode: return deleteNode(op);
      case OpKind::AddEdge: return addEdge(op);
      case OpKind::UpdateEdge: return updateEdge(op);
      case OpKind::DeleteEdge: return deleteEdge(op);
      case OpKind::Reparent: return reparent(op);
      case OpKind::Group: return group(op);
      case OpKind::Ungroup: return ungroup(op);
    }
  }

  ChangedIds changed;

private:
  std::string field(const char* name) const { return "ops[" + std::to_string(index_) + "]." + name; }

  std::string id(char prefix) { return c_.newId ? c_.newId(prefix) : newId(prefix); }

  // An id or "$ref" as the node it names; `what` words the error ("node", "parent").
  KnowledgeNode& nodeRef(const std::string& ref, const char* what = "node") {
    std::string id = ref;
    if (!ref.empty() && ref[0] == '$') {
      auto it = refs_.find(ref.substr(1));
      if (it != refs_.end()) id = it->second;
    }
    KnowledgeNode* n = g_.node(id);
    if (!n)
      throw Error(ErrorKind::NotFound, "nodeNotFound", std::string(what) + " not found: " + ref, ref);
    return *n;
  }

  void remember(const std::optional<std::string>& ref, const std::string& id) {
    if (!ref) return;
    std::string name = (!ref->empty() && (*ref)[0] == '$') ? ref->substr(1) : *ref;
    if (name.empty() || refs_.count(name))
      throw Error::invalidArg(field("ref"), "ref must be unique and non-empty in one call: " + *ref);
    refs_[name] = id;
    changed.refs.emplace_back(name, id);
  }

  void requireTitle(const std::string& title, const std::string& selfId) {
    if (blank(title)) throw Error::invalidArg(field("title"), "title must not be blank");
    for (const auto* other : g_.byTitle(title))
      if (other->id != selfId)
        throw Error::invalidOp("titleExists", "title already exists: " + trimmed(title), other->id);
  }

  KnowledgeEdge& makeEdge(const std::string& from, const std::string& to, std::optional<std::string> label,
                          bool hierarchy, Origin origin) {
    KnowledgeEdge e;
    e.id = id('e');
    e.from = from;
    e.to = to;
    e.label = std::move(label);
    e.hierarchy = hierarchy;
    e.origin = origin;
    e.seq = g_.nextSeq++;
    g_.edges.push_back(std::move(e));
    addUnique(changed.edgeIds, g_.edges.back().id);
    return g_.edges.back();
  }

  // A hierarchy edge parent -> child would close a loop when the parent is
  // already below the child.
  void refuseCycle(const KnowledgeNode& parent, const KnowledgeNode& child) {
    if (g_.isDescendant(parent.id, child.id))
      throw Error::invalidOp("cycle", "cycle: " + parent.title + " is a descendant of " + child.title, parent.id);
  }

  void addParent(const KnowledgeNode& parent, const KnowledgeNode& child, std::optional<std::string> label,
                 Origin origin) {
    refuseCycle(parent, child);
    for (const auto& e : g_.edges)
      if (e.hierarchy && e.from == parent.id && e.to == child.id)
        throw Error::invalidOp("duplicateEdge", "edge already exists: " + parent.title + " -> " + child.title,
                               e.id);
    makeEdge(parent.id, child.id, std::move(label), true, origin);
  }

  void touchNode(KnowledgeNode& n) {
    n.updatedAt = c_.now;
    addUnique(changed.nodeIds, n.id);
  }

  void addNode(const KnowledgeOp& op) {
    std::string title = trimmed(op.title.value_or(""));
    requireTitle(title, "");
    // Resolve the parent before creating anything, so its error names it.
    const KnowledgeNode* parent = nullptr;
    if (op.parentId && *op.parentId) parent = &nodeRef(**op.parentId, "parent");
    std::string parentId = parent ? parent->id : "";
    KnowledgeNode n;
    n.id = id('n');
    n.title = title;
    n.details = op.details.value_or("");
    n.origin = op.origin.value_or(Origin::User);
    n.sources = op.sources;
    n.unitIds = op.unitIds;
    if (op.position && *op.position) n.position = **op.position;
    n.createdAt = n.updatedAt = c_.now;
    n.seq = g_.nextSeq++;
    g_.nodes.push_back(std::move(n));
    std::string newNodeId = g_.nodes.back().id;
    Origin origin = g_.nodes.back().origin;
    addUnique(changed.nodeIds, newNodeId);
    remember(op.ref, newNodeId);
    if (!parentId.empty())
      makeEdge(parentId, newNodeId, op.label ? *op.label : std::nullopt, true, origin);
  }

  void updateNode(const KnowledgeOp& op) {
    KnowledgeNode& n = nodeRef(op.id);
    if (op.title) {
      requireTitle(*op.title, n.id);
      n.title = trimmed(*op.title);
    }
    if (op.details) n.details = *op.details;
    if (op.starred) n.starred = *op.starred;
    for (const auto& u : op.unitIds)
      if (std::find(n.unitIds.begin(), n.unitIds.end(), u) == n.unitIds.end()) n.unitIds.push_back(u);
    if (op.position) n.position = *op.position;
    if (op.groupId) {
      if (*op.groupId && !g_.group(**op.groupId))
        throw Error::notFound("knowledgeGroupNotFound", **op.groupId);
      n.groupId = *op.groupId;
      if (n.groupId) addUnique(changed.groupIds, *n.groupId);
    }
    touchNode(n);
  }

  void deleteNode(const KnowledgeOp& op) {
    const KnowledgeNode& target = nodeRef(op.id);
    std::set<std::string> doomed{target.id};
    if (op.subtree) {
      // Descendants go with it unless another parent outside keeps them.
      bool grew = true;
      while (grew) {
        grew = false;
        for (const auto& n : g_.nodes) {
          if (doomed.count(n.id)) continue;
          auto parents = g_.parentIds(n.id);
          if (parents.empty()) continue;
          if (std::all_of(parents.begin(), parents.end(), [&](const std::string& p) { return doomed.count(p) > 0; })) {
            doomed.insert(n.id);
            grew = true;
          }
        }
      }
    } else {
      // Children re-attach to the node's parents (keeping their edge's label).
      auto parents = g_.parentIds(target.id);
      std::vector<KnowledgeEdge> childEdges;
      for (const auto& e : g_.edges)
        if (e.hierarchy && e.from == target.id) childEdges.push_back(e);
      for (const auto& ce : childEdges)
        for (const auto& p : parents) {
          bool exists = std::any_of(g_.edges.begin(), g_.edges.end(), [&](const KnowledgeEdge& e) {
            return e.hierarchy && e.from == p && e.to == ce.to;
          });
          if (!exists) makeEdge(p, ce.to, ce.label, true, ce.origin);
        }
    }
    for (const auto& e : g_.edges)
      if (doomed.count(e.from) || doomed.count(e.to)) addUnique(changed.edgeIds, e.id);
    g_.edges.erase(std::remove_if(g_.edges.begin(), g_.edges.end(),
                                  [&](const KnowledgeEdge& e) { return doomed.count(e.from) || doomed.count(e.to); }),
                   g_.edges.end());
    for (const auto& n : g_.nodes)
      if (doomed.count(n.id)) addUnique(changed.nodeIds, n.id);
    g_.nodes.erase(std::remove_if(g_.nodes.begin(), g_.nodes.end(),
                                  [&](const KnowledgeNode& n) { return doomed.count(n.id) > 0; }),
                   g_.nodes.end());
  }

  void addEdge(const KnowledgeOp& op) {
    const KnowledgeNode& from = nodeRef(op.from);
    const KnowledgeNode& to = nodeRef(op.to);
    std::optional<std::string> label = op.label ? *op.label : std::nullopt;
    Origin origin = op.origin.value_or(Origin::User);
    if (op.hierarchy) {
      addParent(from, to, label, origin);
    } else {
      if (from.id == to.id) throw Error::invalidArg(field("to"), "an edge needs two different nodes");
      for (const auto& e : g_.edges)
        if (!e.hierarchy && e.from == from.id && e.to == to.id && e.label == label)
          throw Error::invalidOp("duplicateEdge", "edge already exists: " + from.title + " -> " + to.title, e.id);
      makeEdge(from.id, to.id, label, false, origin);
    }
    remember(op.ref, g_.edges.back().id);
  }

  // An edge by id, or the one between from and to (a semantic edge first: the
  // one a label belongs to).
  KnowledgeEdge& edgeRef(const KnowledgeOp& op) {
    if (!op.id.empty()) {
      std::string id = op.id;
      if (id[0] == '$') {
        auto it = refs_.find(id.substr(1));
        if (it != refs_.end()) id = it->second;
      }
      if (KnowledgeEdge* e = g_.edge(id)) return *e;
      throw Error(ErrorKind::NotFound, "edgeNotFound", "edge not found: " + op.id, op.id);
    }
    const KnowledgeNode* from = nullptr;
    const KnowledgeNode* to = nullptr;
    try {
      from = &nodeRef(op.from);
      to = &nodeRef(op.to);
    } catch (const Error&) {
      throw Error(ErrorKind::NotFound, "edgeNotFound", "edge not found: " + op.from + " -> " + op.to, op.from);
    }
    KnowledgeEdge* found = nullptr;
    for (auto& e : g_.edges)
      if (e.from == from->id && e.to == to->id && (!found || (found->hierarchy && !e.hierarchy))) found = &e;
    if (!found)
      throw Error(ErrorKind::NotFound, "edgeNotFound", "edge not found: " + from->title + " -> " + to->title,
                  from->id);
    return *found;
  }

  void updateEdge(const KnowledgeOp& op) {
    KnowledgeEdge& e = edgeRef(op);
    if (op.label) e.label = *op.label;
    addUnique(changed.edgeIds, e.id);
  }

  void deleteEdge(const KnowledgeOp& op) {
    std::string id = edgeRef(op).id;
    addUnique(changed.edgeIds, id);
    g_.edges.erase(std::remove_if(g_.edges.begin(), g_.edges.end(), [&](const KnowledgeEdge& e) { return e.id == id; }),
                   g_.edges.end());
  }

  void reparent(const KnowledgeOp& op) {
    KnowledgeNode& n = nodeRef(op.id);
    std::string nodeId = n.id;
    const KnowledgeNode* parent = nullptr;
    if (op.parentId && *op.parentId) {
      parent = &nodeRef(**op.parentId, "parent");
      refuseCycle(*parent, n);
    }
    std::optional<std::string> label = op.label ? *op.label : std::nullopt;
    for (const auto& e : g_.edges)
      if (e.hierarchy && e.to == nodeId) {
        addUnique(changed.edgeIds, e.id);
        if (!op.label && e.label && !label) label = e.label;  // the move keeps the relation's name
      }
    g_.edges.erase(std::remove_if(g_.edges.begin(), g_.edges.end(),
                                  [&](const KnowledgeEdge& e) { return e.hierarchy && e.to == nodeId; }),
                   g_.edges.end());
    if (parent) makeEdge(parent->id, nodeId, label, true, Origin::User);
    touchNode(*g_.node(nodeId));
  }

  void group(const KnowledgeOp& op) {
    if (op.nodeIds.empty()) throw Error::invalidArg(field("nodeIds"), "a group needs at least one node");
    std::vector<KnowledgeNode*> members;
    for (const auto& ref : op.nodeIds) members.push_back(&nodeRef(ref));
    KnowledgeGroup gr;
    gr.id = id('k');
    gr.title = op.title && !blank(*op.title) ? trimmed(*op.title) : members.front()->title;
    gr.seq = g_.nextSeq++;
    g_.groups.push_back(gr);
    for (auto* m : members) {
      if (m->groupId) addUnique(changed.groupIds, *m->groupId);
      m->groupId = gr.id;
      touchNode(*m);
    }
    addUnique(changed.groupIds, gr.id);
    remember(op.ref, gr.id);
  }

  void ungroup(const KnowledgeOp& op) {
    if (!g_.group(op.id)) throw Error::notFound("knowledgeGroupNotFound", op.id);
    for (auto& n : g_.nodes)
      if (n.groupId == op.id) {
        n.groupId.reset();
        touchNode(n);
      }
    g_.groups.erase(std::remove_if(g_.groups.begin(), g_.groups.end(),
                                   [&](const KnowledgeGroup& gr) { return gr.id == op.id; }),
                    g_.groups.end());
    addUnique(changed.groupIds, op.id);
  }

  KnowledgeGraph& g_;
  const ApplyContext& c_;
  std::map<std::string, std::string> refs_;
  int index_ = 0;
};

}  // namespace

const char* opKindName(OpKind k) { return kOpNames[static_cast<int>(k)]; }

std::optional<OpKind> opKindFrom(const std::string& name) {
  for (int i = 0; i < static_cast<int>(std::size(kOpNames)); ++i)
    if (name == kOpNames[i]) return static_cast<OpKind>(i);
  return std::nullopt;
}

ChangedIds applyOps(KnowledgeGraph& graph, const std::vector<KnowledgeOp>& ops, const ApplyContext& context) {
  Applier a(graph, context);
  for (size_t i = 0; i < ops.size(); ++i) {
    try {
      a.apply(ops[i], static_cast<int>(i));
    } catch (const Error& e) {
      throw OpError(e, static_cast<int>(i));
    }
  }
  return a.changed;
}

}  // namespace grove::knowledge
