#include "knowledge/NodeNote.h"

#include "support/Error.h"

namespace grove::knowledge {

std::string nodesAsNote(const KnowledgeGraph& graph, const std::vector<std::string>& nodeIds) {
  std::string out;
  for (const auto& id : nodeIds) {
    const KnowledgeNode* n = graph.node(id);
    if (!n) throw Error(ErrorKind::NotFound, "nodeNotFound", "node not found: " + id, id);
    if (!out.empty()) out += "\n";
    out += "## " + n->title + "\n";
    if (!n->details.empty()) out += n->details + "\n";
    if (!n->sources.empty()) {
      out += "Sources:";
      for (const auto& c : n->sources)
        out += " " + c.uri + ":" + std::to_string(c.range.start.line + 1) + "-" + std::to_string(c.range.end.line + 1);
      out += "\n";
    }
  }
  return out;
}

}  // namespace grove::knowledge
