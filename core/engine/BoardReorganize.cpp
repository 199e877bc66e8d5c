// Engine: grove/board/reorganize offline (design/board-and-knowledge.md
// "Reorganize offline"). An instruction that names a grouping key, "by file |
// folder | language | kind | tag | topic", becomes a pending reorganize card
// whose ops regroup the selection; nothing changes until it is accepted.
// Anything else needs a model (1002 needsModel).
#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <set>

#include "engine/BoardState.h"
#include "memory/KMeans.h"

namespace grove {

namespace {

enum class Key { File, Folder, Language, Kind, Tag, Topic };

const char* keyName(Key k) {
  switch (k) {
    case Key::File: return "file";
    case Key::Folder: return "folder";
    case Key::Language: return "language";
    case Key::Kind: return "kind";
    case Key::Tag: return "tag";
    case Key::Topic: return "topic";
  }
  return "";
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string w;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!w.empty()) {
      out.push_back(std::move(w));
      w.clear();
    }
  }
  if (!w.empty()) out.push_back(std::move(w));
  return out;
}

/// The key after "by" / "per" / "into" (or a key word alone, as in "group
/// these into topics"), with plurals and a few synonyms.
std::optional<Key> keyOf(const std::string& instruction) {
  static const std::map<std::string, Key> kKeys = {
      {"file", Key::File},         {"files", Key::File},         {"folder", Key::Folder},
      {"folders", Key::Folder},    {"directory", Key::Folder},   {"directories", Key::Folder},
      {"dir", Key::Folder},        {"language", Key::Language},  {"languages", Key::Language},
      {"lang", Key::Language},     {"kind", Key::Kind},          {"kinds", Key::Kind},
      {"type", Key::Kind},         {"types", Key::Kind},         {"source", Key::Kind},
      {"tag", Key::Tag},           {"tags", Key::Tag},           {"topic", Key::Topic},
      {"topics", Key::Topic},      {"theme", Key::Topic},        {"themes", Key::Topic},
      {"subject", Key::Topic},     {"subjects", Key::Topic}};
  auto ws = words(instruction);
  for (size_t i = 0; i + 1 < ws.size(); ++i)
    if (ws[i] == "by" || ws[i] == "per" || ws[i] == "into")
      for (size_t j = i + 1; j < ws.size() && j <= i + 2; ++j)  // "by their file", "by the language"
        if (auto it = kKeys.find(ws[j]); it != kKeys.end()) return it->second;
  return std::nullopt;
}

std::string pathPart(const std::string& uri, const std::string& ws) {
  std::string p = uri;
  if (p.rfind(ws + "/", 0) == 0) p = p.substr(ws.size() + 1);
  else if (p.rfind("file://", 0) == 0) p = p.substr(7);
  return p;
}

/// The bucket of one item under a non-topic key ("" = stays where it is).
std::string bucketOf(Key key, const BoardItem& item, const std::string& ws,
                     const std::map<std::string, size_t>& tagCount) {
  switch (key) {
    case Key::File:
      return item.source ? pathPart(item.source->uri, ws) : "";
    case Key::Folder: {
      if (!item.source) return "";
      std::string p = pathPart(item.source->uri, ws);
      size_t slash = p.find_last_of('/');
      return slash == std::string::npos ? "(workspace root)" : p.substr(0, slash);
    }
    case Key::Language:
      if (!item.source) return "";
      if (!item.source->languageId.empty()) return item.source->languageId;
      return "";
    case Key::Kind:
      return item.kind == "chat" ? "Chat" : item.kind == "snippet" ? "Snippets" : "Notes";
    case Key::Tag: {
      // The item's tag shared by the most of the selection (ties: the first).
      std::string best;
      size_t bestCount = 0;
      for (const auto& t : item.tags) {
        auto it = tagCount.find(t);
        size_t c = it == tagCount.end() ? 0 : it->second;
        if (c > bestCount) best = t, bestCount = c;
      }
      return best;
    }
    case Key::Topic: return "";
  }
  return "";
}

constexpr size_t kSilhouetteMax = 200;  // above it, silhouettes cost too much: the default k

double squaredDistance(const std::vector<float>& a, const std::vector<float>& b) {
  double d = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) d += double(a[i] - b[i]) * (a[i] - b[i]);
  return d;
}

/// Mean silhouette of a partition over precomputed distances (a singleton counts 0).
double silhouette(const std::vector<std::vector<double>>& dist, const std::vector<int>& cluster, int k) {
  size_t n = cluster.size();
  double total = 0;
  for (size_t i = 0; i < n; ++i) {
    std::vector<double> sum(static_cast<size_t>(k), 0);
    std::vector<size_t> count(static_cast<size_t>(k), 0);
    for (size_t j = 0; j < n; ++j)
      if (j != i) sum[static_cast<size_t>(cluster[j])] += dist[i][j], count[static_cast<size_t>(cluster[j])] += 1;
    size_t own = static_cast<size_t>(cluster[i]);
    if (count[own] == 0) continue;
    double a = sum[own] / double(count[own]);
    double b = std::numeric_limits<double>::max();
    for (size_t c = 0; c < sum.size(); ++c)
      if (c != own && count[c] > 0) b = std::min(b, sum[c] / double(count[c]));
    if (b == std::numeric_limits<double>::max()) continue;
    total += (b - a) / std::max(a, b);
  }
  return n ? total / double(n) : 0;
}

/// Topics: k-means with the k (2..12) whose partition has the best mean
/// silhouette, so "by topic" finds as many topics as the memories hold;
/// on large selections, the default k.
std::vector<int> topics(const std::vector<std::vector<float>>& vectors) {
  size_t n = vectors.size();
  if (n > kSilhouetteMax) return memory::kMeans(vectors, memory::defaultClusterCount(n)).assignment;
  std::vector<std::vector<double>> dist(n, std::vector<double>(n, 0));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) dist[i][j] = dist[j][i] = squaredDistance(vectors[i], vectors[j]);
  std::vector<int> best(n, 0);
  double bestScore = -2;
  for (int k = 2; k <= 12 && static_cast<size_t>(k) < n; ++k) {
    auto km = memory::kMeans(vectors, k);
    if (km.assignment.size() != n) continue;
    double score = silhouette(dist, km.assignment, static_cast<int>(km.centroids.size()));
    if (score > bestScore + 1e-9) bestScore = score, best = km.assignment;
  }
  return best;
}

}  // namespace

Suggestion Engine::reorganizeBoard(const ReorganizeRequest& r) {
  std::string ws = board::workspace(r.workspaceUri);
  if (r.instruction.find_first_not_of(" \t\r\n") == std::string::npos)
    throw Error::invalidArg("instruction", "instruction must not be empty");
  auto key = keyOf(r.instruction);
  if (!key)
    throw Error::invalidOp("needsModel",
                           "without a model, reorganize understands \"by file\", \"by folder\", \"by language\", "
                           "\"by kind\", \"by tag\" or \"by topic\"; configure a provider for other instructions",
                           ws);
  return impl_->mutate([&] {
    BoardStore& store = impl_->store->board();
    // Read once: the live items are the candidates, archived ones only keep
    // their groups from being emptied.
    std::vector<BoardItem> withArchived = store.items(ws, true), all;
    for (const auto& item : withArchived)
      if (!item.archived) all.push_back(item);
    std::vector<BoardGroup> groups = store.groups(ws);
    // The selection: the items named, and every item under the groups named
    // (each checked to be of this board); nothing named is the whole board.
    std::set<std::string> selectedGroups;
    for (const auto& id : r.groupIds) selectedGroups.insert(board::groupIn(*impl_, ws, id).id);
    for (bool grew = true; grew;) {  // the named groups' subgroups too
      grew = false;
      for (const auto& g : groups)
        if (g.parentId && selectedGroups.count(*g.parentId) && selectedGroups.insert(g.id).second) grew = true;
    }
    std::set<std::string> named(r.itemIds.begin(), r.itemIds.end());
    for (const auto& id : r.itemIds) board::itemIn(*impl_, ws, id);
    bool whole = r.itemIds.empty() && r.groupIds.empty();
    if (whole)
      for (const auto& g : groups) selectedGroups.insert(g.id);
    std::vector<BoardItem> chosen;
    for (auto& item : all)
      if (whole || named.count(item.id()) || (item.groupId && selectedGroups.count(*item.groupId)))
        chosen.push_back(item);
    if (chosen.size() < 2)
      throw Error::invalidOp("cannotApply", "reorganize needs at least two memories to regroup", ws);

    // Buckets, in a stable order (by name; topics by their first member).
    std::map<std::string, std::vector<std::string>> buckets;
    if (*key == Key::Topic) {
      std::vector<std::vector<float>> vectors;
      for (const auto& item : chosen) vectors.push_back(text::HashedVector::fromBlob(item.memolet.vector).values());
      std::vector<int> cluster = topics(vectors);
      for (size_t i = 0; i < chosen.size(); ++i) {
        int c = i < cluster.size() ? cluster[i] : 0;
        buckets[std::string(1, static_cast<char>('a' + std::min(c, 25)))].push_back(chosen[i].id());
      }
    } else {
      std::map<std::string, size_t> tagCount;
      for (const auto& item : chosen)
        for (const auto& t : std::set<std::string>(item.tags.begin(), item.tags.end())) tagCount[t] += 1;
      for (const auto& item : chosen) {
        std::string b = bucketOf(*key, item, ws, tagCount);
        if (!b.empty()) buckets[b].push_back(item.id());
      }
    }
    if (buckets.empty())
      throw Error::invalidOp("cannotApply",
                             std::string("none of these memories has a ") + keyName(*key) + " to group by", ws);

    // New groups go under the selection's common parent (top level when the
    // members sit in different groups, or a named group is emptied).
    std::optional<std::string> parent = chosen[0].groupId;
    for (const auto& item : chosen)
      if (item.groupId != parent) parent = std::nullopt;
    if (parent && selectedGroups.count(*parent)) {
      auto g = store.group(*parent);
      parent = g ? g->parentId : std::nullopt;
      while (parent && selectedGroups.count(*parent)) parent = store.group(*parent)->parentId;
    }
    std::vector<BoardOp> ops;
    std::vector<std::string> moved;
    std::string titles;
    int n = 0;
    for (const auto& [name, ids] : buckets) {
      BoardOp op;
      op.op = BoardOp::Kind::Group;
      op.ref = "g" + std::to_string(++n);
      op.itemIds = ids;
      // Topics are named from their members (the Group op's generated title).
      if (*key != Key::Topic) op.title = name;
      op.parentId = parent ? Field<std::string>(std::optional<std::string>(*parent))
                           : Field<std::string>(std::optional<std::string>());
      ops.push_back(std::move(op));
      moved.insert(moved.end(), ids.begin(), ids.end());
      if (*key != Key::Topic) titles += (titles.empty() ? "" : ", ") + name;
    }
    // The named (or all) groups that this leaves empty go, deepest first.
    std::set<std::string> stay;  // groups still holding an item that does not move
    std::set<std::string> movedSet(moved.begin(), moved.end());
    std::map<std::string, std::optional<std::string>> parentOf;
    for (const auto& g : groups) parentOf[g.id] = g.parentId;
    for (const auto& item : all)
      if (!movedSet.count(item.id()))
        for (auto g = item.groupId; g; g = parentOf.count(*g) ? parentOf[*g] : std::nullopt)
          if (!stay.insert(*g).second) break;
    // Archived items keep their group too.
    for (const auto& item : withArchived)
      if (item.archived)
        for (auto g = item.groupId; g; g = parentOf.count(*g) ? parentOf[*g] : std::nullopt)
          if (!stay.insert(*g).second) break;
    auto depth = [&](const std::string& id) {
      int d = 0;
      for (auto g = parentOf[id]; g && d < 1000; g = parentOf.count(*g) ? parentOf[*g] : std::nullopt) ++d;
      return d;
    };
    std::vector<std::string> emptied;
    for (const auto& id : selectedGroups)
      if (!stay.count(id) && (!parent || id != *parent)) emptied.push_back(id);
    std::sort(emptied.begin(), emptied.end(), [&](const auto& a, const auto& b) {
      int da = depth(a), db = depth(b);
      return da != db ? da > db : a < b;
    });
    for (const auto& id : emptied) {
      BoardOp op;
      op.op = BoardOp::Kind::Ungroup;
      op.id = id;
      ops.push_back(std::move(op));
    }

    std::string reason = std::to_string(moved.size()) + " memories into " + std::to_string(buckets.size()) +
                         " groups by " + keyName(*key);
    if (!titles.empty()) reason += ": " + (titles.size() > 200 ? titles.substr(0, 200) + "…" : titles);
    if (!emptied.empty()) reason += "; " + std::to_string(emptied.size()) + " emptied groups removed";
    return board::proposeCard(*impl_, ws, SuggestionKind::Reorganize, moved,
                              std::string("Reorganize by ") + keyName(*key), reason, std::move(ops));
  });
}

}  // namespace grove
