// Branch: a chain of units starting at a branch-starting unit (the head) and
// running down its continuing children. Metadata is stored by head id, so
// re-designating the mainline never leaves membership inconsistent.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace grove {

enum class BranchStatus { Open, Completed, Abandoned };

const char* toString(BranchStatus);
std::optional<BranchStatus> parseBranchStatus(std::string_view);

/// What is stored about a branch; everything else is derived from the tree.
struct BranchMeta {
  std::string projectId;
  std::string headId;
  std::optional<std::string> title;
  std::optional<std::string> intent;
  BranchStatus status = BranchStatus::Open;
  std::optional<std::string> summary;
};

struct Branch {
  std::string headId;
  std::optional<std::string> anchorId;  // the head's parent; nullopt for the mainline
  std::optional<std::string> title;
  std::optional<std::string> intent;
  BranchStatus status = BranchStatus::Open;
  std::optional<std::string> summary;
  bool isMainline = false;
  std::vector<std::string> unitIds;  // head first, then its continuing descendants
};

}  // namespace grove
