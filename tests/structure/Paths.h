// Paths: small builders for detector inputs in the structure tests.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "structure/Analysis.h"

namespace grove::structure::testing {

/// Exchanges (user, assistant) as path units with ids u<n>/a<n>, numbering
/// from `first`.
inline std::vector<PathTurn> exchanges(const std::vector<std::pair<std::string, std::string>>& qa, int first = 0) {
  std::vector<PathTurn> out;
  int n = first;
  for (const auto& [q, a] : qa) {
    out.push_back({"u" + std::to_string(n), "user", q});
    out.push_back({"a" + std::to_string(n), "assistant", a});
    ++n;
  }
  return out;
}

/// The cursor on the mainline at the end of `path`.
inline AnalysisInput onMainline(std::vector<PathTurn> path, std::string message) {
  AnalysisInput in;
  in.path = std::move(path);
  in.message = std::move(message);
  return in;
}

/// The cursor at the end of a branch that left `parent` at its tip.
inline AnalysisInput onBranch(const std::vector<PathTurn>& parent, const std::vector<PathTurn>& branch,
                              std::string title, std::string message) {
  AnalysisInput in;
  in.path = parent;
  in.path.insert(in.path.end(), branch.begin(), branch.end());
  in.message = std::move(message);
  in.onBranch = true;
  in.branchHeadId = branch.front().unitId;
  in.branchTitle = std::move(title);
  size_t from = parent.size() > 4 ? parent.size() - 4 : 0;
  in.parentContext.assign(parent.begin() + static_cast<long>(from), parent.end());
  in.parentTipId = parent.back().unitId;
  return in;
}

inline const Signal* find(const std::vector<Signal>& signals, SignalKind kind) {
  for (const auto& s : signals)
    if (s.kind == kind) return &s;
  return nullptr;
}

/// A C++ thread about erasing from a vector (the parent in several tests).
inline std::vector<PathTurn> vectorThread() {
  return exchanges({
      {"My program segfaults when I erase elements from a std::vector inside a range-for loop over widgets.",
       "Erasing inside a range-for invalidates the iterator. Use the erase-remove idiom: "
       "widgets.erase(std::remove_if(widgets.begin(), widgets.end(), isDead), widgets.end());"},
      {"and if I need to call cleanup() on each dead widget before removing it?",
       "Partition first with std::stable_partition, call cleanup() on the dead tail, then erase the tail."},
      {"does stable_partition keep the order of the live widgets?",
       "Yes, std::stable_partition keeps the relative order of the live widgets and of the dead ones."},
  });
}

/// A branch about std::move vs std::forward, left from vectorThread().
inline std::vector<PathTurn> moveBranch() {
  return exchanges(
      {
          {"Unrelated, but what's the difference between std::move and std::forward?",
           "std::move casts to an rvalue unconditionally; std::forward<T> casts only when T was deduced from an "
           "rvalue, preserving the value category of a forwarding reference."},
          {"so in a template taking T&& I should always use forward?",
           "When T is deduced at that call, yes: std::forward<T>(arg). For a class template parameter, T&& is a "
           "plain rvalue reference and std::move is right."},
      },
      10);
}

}  // namespace grove::structure::testing
