// Contexty's board placement and native evolution (DESIGN §11.2), as pure
// functions over given relatedness scores, so the arithmetic is tested on
// hand-computed sigma without a store or a vector.
//
//   R      = the relatedK candidates with the highest sigma_i > 0
//   S(g)   = sum of sigma_i over i in R with i.groupId = g (unassigned: no group)
//   g*     = argmax S(g); ties: the group with the newest member, then the smaller id
//   m -> g* if S(g*) > minGroupScore, else a new group
//   link m <-> i for each i in R in another group than m's with sigma_i >= linkScore
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grove::memory {

struct PlacementCandidate {
  std::string id;
  std::optional<std::string> groupId;
  double sigma = 0;
};

struct GroupScore {
  std::string groupId;
  double score = 0;
};

struct PlacementInput {
  std::vector<PlacementCandidate> candidates;
  /// When each group's newest member was created (ms); absent groups count as 0.
  std::vector<std::pair<std::string, int64_t>> groupNewest;
  size_t relatedK = 5;
  double minGroupScore = 0;
  double linkScore = 0.6;
};

struct PlacementDecision {
  std::vector<PlacementCandidate> related;  // R, highest sigma first (ties: smaller id)
  std::vector<GroupScore> groups;           // S(g) > 0, in argmax order
  std::optional<std::string> groupId;       // g*, or nullopt: make a new group
  double score = 0;                         // S(g*) of the best group, 0 when none
  /// Items of R to link with m; which ones depends on m's group, so it is
  /// computed for the decided group (a new group: every i in R qualifies).
  std::vector<PlacementCandidate> links;
};

/// Applies the formula. Candidates with sigma <= 0 never enter R.
PlacementDecision place(const PlacementInput& input);

/// Native evolution of an older item i by a new one m: i gains those of m's
/// tags that occur in i's text (at most `maxTags` in all, existing first), and
/// "Related: <m.title>." is appended to its context (once).
struct EvolvedFields {
  std::vector<std::string> tags;
  std::string context;
  bool tagsChanged = false;
  bool contextChanged = false;
};
EvolvedFields evolve(const std::vector<std::string>& oldTags, const std::string& oldContext,
                     std::string_view oldText, const std::vector<std::string>& newTags,
                     const std::string& newTitle, size_t maxTags = 8);

}  // namespace grove::memory
