// KnowledgeSettings (DESIGN §11.3): how a workspace's knowledge map ingests,
// routes and plans, set by grove/workspace/configure and kept per workspace.
// Plain data, so the store can keep it and every layer can read it.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace grove {

/// With the design's defaults. Empty include / exclude mean the built-in
/// globs (knowledge::defaultScanOptions).
struct KnowledgeSettings {
  std::vector<std::string> include, exclude;
  double clarifyBelow = 0.4;
  bool growOnSearch = true;
  int maxNewNodes = 6;
  int maxCorrections = 5;
  int maxReplans = 3;
};

/// grove/workspace/configure's knowledge half: absent fields stay.
struct KnowledgeSettingsUpdate {
  std::optional<std::vector<std::string>> include, exclude;
  std::optional<double> clarifyBelow;
  std::optional<bool> growOnSearch;
  std::optional<int> maxNewNodes, maxCorrections, maxReplans;
};

}  // namespace grove
