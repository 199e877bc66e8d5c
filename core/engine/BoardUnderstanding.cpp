// Engine: what the AI understands of a board, offline (Board.understanding).
// Synchronous and deterministic: the largest groups, the newest items
// (snippets and notes weigh 2, chat 1) and the links between groups.
#include <algorithm>
#include <map>

#include "engine/BoardState.h"

namespace grove::board {

namespace {

constexpr size_t kGroups = 3;
constexpr size_t kRecent = 5;

}  // namespace

std::string understanding(const std::vector<BoardItem>& items, const std::vector<BoardGroup>& groups,
                          const std::vector<BoardLink>& links) {
  if (items.empty()) return "The board is empty.";
  std::map<std::string, size_t> size;
  std::map<std::string, std::string> groupOf, title;
  for (const auto& i : items) {
    if (i.groupId) {
      ++size[*i.groupId];
      groupOf[i.id()] = *i.groupId;
    }
  }
  for (const auto& g : groups) title[g.id] = g.title;

  std::vector<std::pair<std::string, size_t>> largest(size.begin(), size.end());
  std::stable_sort(largest.begin(), largest.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string out = std::to_string(items.size()) + (items.size() == 1 ? " memory" : " memories") + " in " +
                    std::to_string(groups.size()) + (groups.size() == 1 ? " group." : " groups.");
  if (!largest.empty()) {
    out += " Main topics:";
    for (size_t i = 0; i < largest.size() && i < kGroups; ++i)
      out += std::string(i ? ";" : "") + " " + title[largest[i].first] + " (" + std::to_string(largest[i].second) + ")";
    out += ".";
  }

  // Newest first, a snippet or note counting as twice as recent as a chat item.
  std::vector<std::pair<double, const BoardItem*>> recent;
  for (size_t rank = 0; rank < items.size(); ++rank) {
    const BoardItem& i = items[items.size() - 1 - rank];
    double weight = i.kind == "chat" ? 1.0 : 2.0;
    recent.push_back({weight / static_cast<double>(rank + 1), &i});
  }
  std::stable_sort(recent.begin(), recent.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  out += " Recent:";
  for (size_t i = 0; i < recent.size() && i < kRecent; ++i)
    out += std::string(i ? ";" : "") + " " + recent[i].second->memolet.title + " (" + recent[i].second->kind + ")";
  out += ".";

  std::map<std::pair<std::string, std::string>, size_t> between;
  for (const auto& l : links) {
    auto a = groupOf.find(l.from), b = groupOf.find(l.to);
    if (a == groupOf.end() || b == groupOf.end() || a->second == b->second) continue;
    auto key = std::minmax(a->second, b->second);
    ++between[{key.first, key.second}];
  }
  if (!between.empty()) {
    out += " Connected:";
    size_t n = 0;
    for (const auto& [pair, count] : between)
      out += std::string(n++ ? ";" : "") + " " + title[pair.first] + " – " + title[pair.second] + " (" +
             std::to_string(count) + ")";
    out += ".";
  }
  return out;
}

}  // namespace grove::board
