// Engine: grove/board/reorganize offline (design/board-and-knowledge.md
// "Reorganize offline"). An instruction that names a grouping key, "by file |
// folder | language | kind | tag | topic", becomes a pending reorganize card
// whose ops regroup the selection; nothing changes until it is accepted.
// Anything else needs a model: with a provider the Session asks the utility
// model for groups (session/BoardReorganizeJobs) and regroupBoard turns them
// into the same kind of card; offline it is 1002 needsModel.
#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <set>

#include "engine/BoardState.h"
#include "memory/KMeans.h"
#include "support/Utf8.h"

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

/// The bucket of one item under a non-topic key ("" = stays where it is).
std::string bucketOf(Key key, const BoardItem& item, const std::string& ws,
                     const std::map<std::string, size_t>& tagCount) {
  switch (key) {
    case Key::File:
      return item.source ? board::relativePath(item.source->uri, ws) : "";
    case Key::Folder: {
      if (!item.source) return "";
      std::string p = board::relativePath(item.source->uri, ws);
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

/// What a reorganize works on: the items named, and every item under the
/// groups named (each checked to be of this board); nothing named is the
/// whole board. Read once: the live items are the candidates, archived ones
/// only keep their groups from being emptied.
struct Selection {
  std::vector<BoardItem> withArchived, all, chosen;
  std::vector<BoardGroup> groups;
  std::set<std::string> selectedGroups;
};

Selection select(Engine::Impl& e, const std::string& ws, const ReorganizeRequest& r) {
  Selection s;
  BoardStore& store = e.store->board();
  s.withArchived = store.items(ws, true);
  for (const auto& item : s.withArchived)
    if (!item.archived) s.all.push_back(item);
  s.groups = store.groups(ws);
  for (const auto& id : r.groupIds) s.selectedGroups.insert(board::groupIn(e, ws, id).id);
  for (bool grew = true; grew;) {  // the named groups' subgroups too
    grew = false;
    for (const auto& g : s.groups)
      if (g.parentId && s.selectedGroups.count(*g.parentId) && s.selectedGroups.insert(g.id).second) grew = true;
  }
  std::set<std::string> named(r.itemIds.begin(), r.itemIds.end());
  for (const auto& id : r.itemIds) board::itemIn(e, ws, id);
  bool whole = r.itemIds.empty() && r.groupIds.empty();
  if (whole)
    for (const auto& g : s.groups) s.selectedGroups.insert(g.id);
  for (auto& item : s.all)
    if (whole || named.count(item.id()) || (item.groupId && s.selectedGroups.count(*item.groupId)))
      s.chosen.push_back(item);
  if (s.chosen.size() < 2)
    throw Error::invalidOp("cannotApply", "reorganize needs at least two memories to regroup", ws);
  return s;
}

/// One new group: its memories, and its title and summary (absent: the
/// Group op describes it from its members).
struct Bucket {
  std::optional<std::string> title, summary;
  std::vector<std::string> ids;
};

struct Regroup {
  std::vector<BoardOp> ops;
  std::vector<std::string> moved;
  size_t emptied = 0;
};

/// The ops that move the buckets' memories into new groups under the
/// selection's common parent (top level when the members sit in different
/// groups, or a named group is emptied), then ungroup the selected groups
/// this leaves empty, deepest first.
Regroup regroupOps(Engine::Impl& e, const Selection& sel, const std::vector<Bucket>& buckets) {
  BoardStore& store = e.store->board();
  std::optional<std::string> parent = sel.chosen[0].groupId;
  for (const auto& item : sel.chosen)
    if (item.groupId != parent) parent = std::nullopt;
  if (parent && sel.selectedGroups.count(*parent)) {
    auto g = store.group(*parent);
    parent = g ? g->parentId : std::nullopt;
    while (parent && sel.selectedGroups.count(*parent)) parent = store.group(*parent)->parentId;
  }
  Regroup out;
  int n = 0;
  for (const auto& b : buckets) {
    BoardOp op;
    op.op = BoardOp::Kind::Group;
    op.ref = "g" + std::to_string(++n);
    op.itemIds = b.ids;
    op.title = b.title;
    op.summary = b.summary;
    op.parentId = parent ? Field<std::string>(std::optional<std::string>(*parent))
                         : Field<std::string>(std::optional<std::string>());
    out.ops.push_back(std::move(op));
    out.moved.insert(out.moved.end(), b.ids.begin(), b.ids.end());
  }
  std::set<std::string> stay;  // groups still holding an item that does not move (archived ones too)
  std::set<std::string> movedSet(out.moved.begin(), out.moved.end());
  std::map<std::string, std::optional<std::string>> parentOf;
  for (const auto& g : sel.groups) parentOf[g.id] = g.parentId;
  for (const auto& item : sel.withArchived)
    if (item.archived || !movedSet.count(item.id()))
      for (auto g = item.groupId; g; g = parentOf.count(*g) ? parentOf[*g] : std::nullopt)
        if (!stay.insert(*g).second) break;
  auto depth = [&](const std::string& id) {
    int d = 0;
    for (auto g = parentOf[id]; g && d < 1000; g = parentOf.count(*g) ? parentOf[*g] : std::nullopt) ++d;
    return d;
  };
  std::vector<std::string> emptied;
  for (const auto& id : sel.selectedGroups)
    if (!stay.count(id) && (!parent || id != *parent)) emptied.push_back(id);
  std::sort(emptied.begin(), emptied.end(), [&](const auto& a, const auto& b) {
    int da = depth(a), db = depth(b);
    return da != db ? da > db : a < b;
  });
  for (const auto& id : emptied) {
    BoardOp op;
    op.op = BoardOp::Kind::Ungroup;
    op.id = id;
    out.ops.push_back(std::move(op));
  }
  out.emptied = emptied.size();
  return out;
}

/// "a, b, c" cut to about 200 bytes, for a card's reason.
std::string titleList(const std::vector<Bucket>& buckets) {
  std::string titles;
  for (const auto& b : buckets)
    if (b.title) titles += (titles.empty() ? "" : ", ") + *b.title;
  return utf8Cut(titles, 200, "…");
}

std::string reasonOf(const Regroup& g, size_t groups, const std::string& how, const std::vector<Bucket>& buckets) {
  std::string reason = std::to_string(g.moved.size()) + " memories into " + std::to_string(groups) + " groups " + how;
  std::string titles = titleList(buckets);
  if (!titles.empty()) reason += ": " + titles;
  if (g.emptied) reason += "; " + std::to_string(g.emptied) + " emptied groups removed";
  return reason;
}

}  // namespace

bool Engine::reorganizesOffline(const std::string& instruction) { return keyOf(instruction).has_value(); }

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
    Selection sel = select(*impl_, ws, r);
    // Buckets, in a stable order (by name; topics by their first member).
    std::map<std::string, std::vector<std::string>> byName;
    if (*key == Key::Topic) {
      std::vector<std::vector<float>> vectors;
      for (const auto& item : sel.chosen)
        vectors.push_back(text::HashedVector::fromBlob(item.memolet.vector).values());
      std::vector<int> cluster = topics(vectors);
      for (size_t i = 0; i < sel.chosen.size(); ++i) {
        int c = i < cluster.size() ? cluster[i] : 0;
        byName[std::string(1, static_cast<char>('a' + std::min(c, 25)))].push_back(sel.chosen[i].id());
      }
    } else {
      std::map<std::string, size_t> tagCount;
      for (const auto& item : sel.chosen)
        for (const auto& t : std::set<std::string>(item.tags.begin(), item.tags.end())) tagCount[t] += 1;
      for (const auto& item : sel.chosen) {
        std::string b = bucketOf(*key, item, ws, tagCount);
        if (!b.empty()) byName[b].push_back(item.id());
      }
    }
    if (byName.empty())
      throw Error::invalidOp("cannotApply",
                             std::string("none of these memories has a ") + keyName(*key) + " to group by", ws);
    std::vector<Bucket> buckets;
    for (auto& [name, ids] : byName) {
      Bucket b;
      if (*key != Key::Topic) b.title = name;  // topics are named from their members
      b.ids = std::move(ids);
      buckets.push_back(std::move(b));
    }
    Regroup g = regroupOps(*impl_, sel, buckets);
    return board::proposeCard(*impl_, ws, SuggestionKind::Reorganize, g.moved,
                              std::string("Reorganize by ") + keyName(*key),
                              reasonOf(g, buckets.size(), std::string("by ") + keyName(*key), buckets),
                              std::move(g.ops));
  });
}

std::vector<BoardCard> Engine::reorganizeSelection(const ReorganizeRequest& r) {
  std::string ws = board::workspace(r.workspaceUri);
  if (r.instruction.find_first_not_of(" \t\r\n") == std::string::npos)
    throw Error::invalidArg("instruction", "instruction must not be empty");
  std::vector<BoardCard> out;
  for (const auto& item : select(*impl_, ws, r).chosen) out.push_back(board::cardOf(item));
  return out;
}

Suggestion Engine::regroupBoard(const ReorganizeRequest& r, const std::vector<Regrouping>& groups) {
  std::string ws = board::workspace(r.workspaceUri);
  return impl_->mutate([&] {
    // The selection again: memories may have gone while the model thought.
    Selection sel = select(*impl_, ws, r);
    std::vector<std::string> ids;
    for (const auto& item : sel.chosen) ids.push_back(item.id());
    std::vector<Bucket> buckets;
    for (auto& g : regroupingFromModel(groups, ids)) {
      Bucket b;
      if (!g.title.empty()) b.title = g.title;
      if (!g.summary.empty()) b.summary = g.summary;
      b.ids = std::move(g.itemIds);
      buckets.push_back(std::move(b));
    }
    if (buckets.empty())
      throw Error::invalidOp("cannotApply",
                             "the model found no way to regroup these memories as asked; try another instruction", ws);
    Regroup g = regroupOps(*impl_, sel, buckets);
    return board::proposeCard(*impl_, ws, SuggestionKind::Reorganize, g.moved,
                              "Reorganize: " + utf8Cut(r.instruction, 80, "…"),
                              reasonOf(g, buckets.size(), "as asked", buckets), std::move(g.ops),
                              SuggestionSource::Model);
  });
}

}  // namespace grove
