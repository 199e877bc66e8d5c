#include "memory/BoardPlacement.h"

#include <algorithm>
#include <map>

#include "text/Tokenizer.h"

namespace grove::memory {

namespace {

int64_t newestOf(const PlacementInput& in, const std::string& groupId) {
  for (const auto& [id, at] : in.groupNewest)
    if (id == groupId) return at;
  return 0;
}

}  // namespace

PlacementDecision place(const PlacementInput& in) {
  PlacementDecision out;
  for (const auto& c : in.candidates)
    if (c.sigma > 0) out.related.push_back(c);
  std::sort(out.related.begin(), out.related.end(), [](const auto& a, const auto& b) {
    return a.sigma != b.sigma ? a.sigma > b.sigma : a.id < b.id;
  });
  if (out.related.size() > in.relatedK) out.related.resize(in.relatedK);

  std::map<std::string, double> sums;
  for (const auto& r : out.related)
    if (r.groupId) sums[*r.groupId] += r.sigma;
  for (const auto& [g, s] : sums) out.groups.push_back({g, s});
  // argmax; ties: the group with the newest member, then the smaller id.
  std::sort(out.groups.begin(), out.groups.end(), [&](const GroupScore& a, const GroupScore& b) {
    if (a.score != b.score) return a.score > b.score;
    int64_t na = newestOf(in, a.groupId), nb = newestOf(in, b.groupId);
    if (na != nb) return na > nb;
    return a.groupId < b.groupId;
  });
  if (!out.groups.empty()) {
    out.score = out.groups.front().score;
    if (out.score > in.minGroupScore) out.groupId = out.groups.front().groupId;
  }
  for (const auto& r : out.related)
    if (r.sigma >= in.linkScore && (!out.groupId || r.groupId != out.groupId)) out.links.push_back(r);
  return out;
}

EvolvedFields evolve(const std::vector<std::string>& oldTags, const std::string& oldContext,
                     std::string_view oldText, const std::vector<std::string>& newTags,
                     const std::string& newTitle, size_t maxTags) {
  EvolvedFields out{oldTags, oldContext, false, false};
  // A tag "occurs" in i's text when its code-aware tokens all appear there.
  auto words = text::tokenize(oldText);
  std::sort(words.begin(), words.end());
  for (const auto& tag : newTags) {
    if (out.tags.size() >= maxTags) break;
    if (std::find(out.tags.begin(), out.tags.end(), tag) != out.tags.end()) continue;
    auto toks = text::tokenize(tag);
    if (toks.empty()) continue;
    bool all = std::all_of(toks.begin(), toks.end(),
                           [&](const std::string& t) { return std::binary_search(words.begin(), words.end(), t); });
    if (!all) continue;
    out.tags.push_back(tag);
    out.tagsChanged = true;
  }
  std::string line = "Related: " + newTitle + ".";
  if (!newTitle.empty() && oldContext.find(line) == std::string::npos) {
    out.context = oldContext.empty() ? line : oldContext + " " + line;
    out.contextChanged = true;
  }
  return out;
}

}  // namespace grove::memory
