// Test helpers shared by the knowledge tests: the KnowledgeOps a test writes
// most often, built field by field (KnowledgeOp has many optional fields).
#pragma once

#include <optional>
#include <string>

#include "knowledge/KnowledgeOps.h"

namespace grove::knowledge::test {

/// AddNode `title` under `parent` (none: a root), named `ref` for later ops.
inline KnowledgeOp addNodeOp(const std::string& title, std::optional<std::string> parent = std::nullopt,
                             std::optional<std::string> ref = std::nullopt) {
  KnowledgeOp op;
  op.kind = OpKind::AddNode;
  op.title = title;
  if (parent) op.parentId = std::optional<std::string>(*parent);
  op.ref = std::move(ref);
  return op;
}

}  // namespace grove::knowledge::test
