// What the model would receive for a turn: the result of scope resolution
// and prompt rendering (DESIGN §5).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace grove {

struct PromptMessage {
  std::string role;  // "user" | "assistant" | "system"
  std::string content;
  std::vector<std::string> unitIds;  // empty for the new prompt
};

struct ScopePreview {
  std::string system;
  std::vector<PromptMessage> messages;
  int tokens = 0;
  std::vector<std::string> excluded;   // excluded units on the path
  std::vector<std::string> included;   // included units off the path
  std::vector<std::string> truncated;  // units the token budget dropped
};

struct SearchHit {
  std::string unitId;
  std::string projectId;
  std::string snippet;
  double score = 0;
};

/// A unit matching a memory search, in one memolet made from it (Store::unitMatches).
struct UnitMatch {
  std::string unitId;
  std::string projectId;
  int64_t seq = 0;     // the unit's place in its project (append order)
  std::string memoletId;
  int ord = 0;         // the unit's place among the memolet's sources
  double score = 0;    // BM25 of the unit, higher is better
};

struct Revision {
  std::string content;
  int64_t editedAt = 0;  // when this text was written
};

}  // namespace grove
