// KnowledgeGraph: one workspace's knowledge map (DESIGN §11.3): nodes with
// unique titles, directed edges that are either hierarchy (parent -> child;
// a node may have several parents) or semantic (a free-text label), and
// visual groups. Plain data; the ops that change it are KnowledgeOps.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/Unit.h"

namespace grove::knowledge {

/// Where a node came from (KnowledgeNode.origin on the wire).
enum class Origin { Document, User, Model, Conversation };
const char* originName(Origin);
std::optional<Origin> originFrom(const std::string& name);

/// A file and lines a node or an answer rests on.
struct Citation {
  std::string uri;
  Range range;
  std::string title;
  std::string quote;
  int level = 0;  // 0: a leaf chunk; higher: a summary level
  bool stale = false;
};

struct Position2 {
  double x = 0;
  double y = 0;
};

struct KnowledgeNode {
  std::string id;
  std::string title;
  std::string details;
  Origin origin = Origin::User;
  std::vector<Citation> sources;
  std::vector<std::string> unitIds;
  bool starred = false;
  std::optional<Position2> position;  // null: laid out by the client
  std::optional<std::string> groupId;
  int64_t createdAt = 0;  // ms since the epoch
  int64_t updatedAt = 0;
  int64_t seq = 0;  // creation order within the map (the outline's order)
};

struct KnowledgeEdge {
  std::string id;
  std::string from;
  std::string to;
  std::optional<std::string> label;
  bool hierarchy = false;  // from is a parent of to
  Origin origin = Origin::User;
  int64_t seq = 0;
};

struct KnowledgeGroup {
  std::string id;
  std::string title;
  int64_t seq = 0;
};

struct KnowledgeGraph {
  std::string workspaceUri;
  int64_t revision = 0;
  int64_t nextSeq = 1;
  std::vector<KnowledgeNode> nodes;  // in creation order
  std::vector<KnowledgeEdge> edges;  // in creation order
  std::vector<KnowledgeGroup> groups;

  KnowledgeNode* node(const std::string& id);
  const KnowledgeNode* node(const std::string& id) const;
  KnowledgeEdge* edge(const std::string& id);
  KnowledgeGroup* group(const std::string& id);
  /// Nodes whose title equals `title` ignoring case and surrounding blanks.
  std::vector<const KnowledgeNode*> byTitle(const std::string& title) const;
  /// Parent ids of a node, in the order the hierarchy edges were made.
  std::vector<std::string> parentIds(const std::string& id) const;
  /// Child ids of a node, in the order the hierarchy edges were made.
  std::vector<std::string> childIds(const std::string& id) const;
  /// Member ids of a group, in node creation order.
  std::vector<std::string> groupMembers(const std::string& groupId) const;
  /// True when `descendant` is reachable from `ancestor` by hierarchy edges
  /// (a node is its own descendant).
  bool isDescendant(const std::string& descendant, const std::string& ancestor) const;
};

/// Title comparison key: trimmed, inner blanks collapsed, lower-case ASCII.
std::string titleKey(const std::string& title);

}  // namespace grove::knowledge
