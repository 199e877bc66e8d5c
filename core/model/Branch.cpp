#include "model/Branch.h"

namespace grove {

const char* toString(BranchStatus s) {
  switch (s) {
    case BranchStatus::Open: return "open";
    case BranchStatus::Completed: return "completed";
    case BranchStatus::Abandoned: return "abandoned";
  }
  return "open";
}

std::optional<BranchStatus> parseBranchStatus(std::string_view s) {
  if (s == "open") return BranchStatus::Open;
  if (s == "completed") return BranchStatus::Completed;
  if (s == "abandoned") return BranchStatus::Abandoned;
  return std::nullopt;
}

}  // namespace grove
