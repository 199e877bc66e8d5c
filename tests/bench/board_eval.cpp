// grove_board_eval: issue 16's placement quality. On the hand-labelled set
// tests/data/board (24 sessions, train/dev/test), every session's memories
// are captured in order on a fresh workspace board through the real Engine
// (Engine::capture, what grove/board/capture calls) with native placement,
// and the board's grouping is compared with the labels by the adjusted Rand
// index. Baselines on the same items: everything in one group, and k-means
// (k-means++ seeding, 10 restarts, fixed seeds) on the very vectors the
// engine computes sigma from, with the true number of groups (an oracle k)
// and with k chosen without labels (memory::defaultClusterCount, the map's
// rule: round(sqrt(n/2)) clamped to [3, 12]). A program that prints figures,
// not a test.
//
// usage: grove_board_eval [--data DIR] [--sweep] [--sessions] [--chat-items]
//   --sweep       a grid of BoardSettings (minGroupScore, relatedFloor,
//                 relatedK) on train and dev only; the best on train+dev is
//                 then reported once on dev and test
//   --sessions    one line per session as well
//   --chat-items  each chat exchange is a one-exchange conversation of the
//                 workspace, whose memolet becomes a chat item of the board
//                 (by default it is captured as a note: the question, a blank
//                 line and the answer)
//
// Nested groups count as their top-level group (placement makes none, a
// person's reorganisation could).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/Engine.h"
#include "eval/AdjustedRand.h"
#include "memory/KMeans.h"
#include "store/SqliteStore.h"
#include "text/HashedVector.h"

namespace {

namespace fs = std::filesystem;
using grove::memory::eval::adjustedRandIndex;

const char* const kSplits[] = {"train", "dev", "test"};

struct Memory {
  std::string kind, group, path, language, symbol, memo, content;
  std::string question, answer;  // chat
};

struct Session {
  std::string id, split, workspace;
  std::vector<Memory> memories;
};

std::string field(const nlohmann::json& j, const char* name) {
  auto it = j.find(name);
  return it == j.end() || !it->is_string() ? std::string() : it->get<std::string>();
}

Session readSession(const fs::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  nlohmann::json j = nlohmann::json::parse(in);
  Session s{field(j, "id"), field(j, "split"), field(j, "workspace"), {}};
  for (const auto& m : j.at("memories")) {
    Memory x{field(m, "kind"), field(m, "group"), field(m, "path"), field(m, "language"),
             field(m, "symbol"), field(m, "memo"), field(m, "content"), field(m, "question"), field(m, "answer")};
    if (x.kind == "chat") x.content = x.question + "\n\n" + x.answer;
    if (x.group.empty() || x.content.empty())
      throw std::runtime_error(file.string() + ": a memory without group or content");
    s.memories.push_back(std::move(x));
  }
  return s;
}

std::vector<Session> readSplit(const fs::path& root, const std::string& split) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(root / split))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<Session> out;
  for (const auto& f : files) out.push_back(readSession(f));
  return out;
}

grove::CaptureRequest requestOf(const Session& s, const Memory& m) {
  grove::CaptureRequest r;
  r.workspaceUri = s.workspace;
  r.content = m.content;
  if (m.kind == "snippet") {
    grove::Source src;
    src.uri = m.path.rfind('/', 0) == 0 ? "file://" + m.path : s.workspace + "/" + m.path;
    src.languageId = m.language;
    src.memo = m.memo;
    if (!m.symbol.empty()) src.symbol = m.symbol;
    int lines = static_cast<int>(std::count(m.content.begin(), m.content.end(), '\n'));
    src.range = {{10, 0}, {10 + lines, 0}};
    r.source = src;
  }
  return r;
}

/// The partitions of one session's items: labels, the board's, and the
/// vectors the engine placed by.
struct Outcome {
  std::vector<int> labels, board;
  std::vector<std::vector<float>> vectors;
  int labelGroups = 0, boardGroups = 0;
};

/// How chat exchanges reach the board.
enum class ChatMode {
  Notes,  // captured as notes: question, blank line, answer
  Items,  // a conversation of the workspace each (its memolet becomes a chat item)
};

/// The chat item a one-exchange conversation of the workspace puts on the
/// board: the conversation is titled by the question's first line, as a
/// client names a new chat.
std::string chatItem(grove::Engine& engine, const Session& s, const Memory& m, std::set<std::string>& seen) {
  std::string title = m.question.substr(0, std::min(m.question.find('\n'), size_t{60}));
  grove::Project p = engine.createProject(title, s.workspace);
  grove::AppendRequest q;
  q.projectId = p.id;
  q.content = m.question;
  grove::Unit question = engine.append(q);
  grove::AppendRequest a;
  a.projectId = p.id;
  a.parentId = question.id;
  a.role = grove::Role::Assistant;
  a.content = m.answer;
  engine.append(a);
  std::vector<std::string> fresh;
  for (const auto& it : engine.board(s.workspace, false).items)
    if (!seen.count(it.id())) fresh.push_back(it.id());
  if (fresh.size() != 1)
    throw std::runtime_error(s.id + ": a chat exchange made " + std::to_string(fresh.size()) + " board items");
  return fresh[0];
}

/// The whole run's choice (--chat-items).
ChatMode chatMode = ChatMode::Notes;

Outcome runSession(const Session& s, const grove::BoardSettingsUpdate& settings, ChatMode chats) {
  grove::Engine engine(std::make_unique<grove::SqliteStore>(grove::SqliteStore::Options{":memory:", false}));
  engine.configureBoard(s.workspace, settings);
  Outcome out;
  std::map<std::string, int> labelIds;
  std::vector<std::string> itemIds;
  std::set<std::string> seen;
  for (const auto& m : s.memories) {
    std::string id = m.kind == "chat" && chats == ChatMode::Items ? chatItem(engine, s, m, seen)
                                                                    : engine.capture(requestOf(s, m)).item.id();
    seen.insert(id);
    itemIds.push_back(id);
    // The vector sigma was computed from when the item was placed.
    auto v = grove::text::HashedVector::fromBlob(engine.boardItem(s.workspace, id).memolet.vector).values();
    if (v.empty()) throw std::runtime_error(s.id + ": an item without a vector");
    out.vectors.push_back(std::move(v));
    out.labels.push_back(labelIds.emplace(m.group, static_cast<int>(labelIds.size())).first->second);
  }
  out.labelGroups = static_cast<int>(labelIds.size());

  grove::BoardSnapshot snap = engine.board(s.workspace, false);
  std::map<std::string, std::string> parentOf, groupOf;
  for (const auto& g : snap.groups)
    if (g.group.parentId) parentOf[g.group.id] = *g.group.parentId;
  for (const auto& it : snap.items)
    if (it.groupId) groupOf[it.id()] = *it.groupId;
  std::map<std::string, int> topIds;
  for (const auto& id : itemIds) {
    auto g = groupOf.find(id);
    // An unassigned item is its own group.
    std::string top = g == groupOf.end() ? "item:" + id : g->second;
    for (int hops = 0; parentOf.count(top) && hops < 64; ++hops) top = parentOf[top];
    out.board.push_back(topIds.emplace(top, static_cast<int>(topIds.size())).first->second);
  }
  out.boardGroups = static_cast<int>(topIds.size());
  return out;
}

/// k-means++ seeding (D^2 sampling) from a fixed seed per restart, Lloyd
/// iterations (memory::kMeansFrom), the restart with the least inertia.
std::vector<int> kMeansPlusPlus(const std::vector<std::vector<float>>& pts, int k, int restarts = 10) {
  using grove::memory::squaredDistance;
  k = std::min<int>(k, static_cast<int>(pts.size()));
  std::vector<int> best;
  double bestInertia = INFINITY;
  for (int r = 0; r < restarts; ++r) {
    std::mt19937_64 rng(1000 + r);
    std::vector<std::vector<float>> centres{pts[rng() % pts.size()]};
    std::vector<double> d2(pts.size());
    while (static_cast<int>(centres.size()) < k) {
      double sum = 0;
      for (size_t i = 0; i < pts.size(); ++i) {
        d2[i] = INFINITY;
        for (const auto& c : centres) d2[i] = std::min(d2[i], squaredDistance(pts[i], c));
        sum += d2[i];
      }
      if (sum <= 0) break;  // fewer distinct points than k
      double pick = std::uniform_real_distribution<double>(0, sum)(rng);
      size_t i = 0;
      for (; i + 1 < pts.size() && pick >= d2[i]; ++i) pick -= d2[i];
      centres.push_back(pts[i]);
    }
    auto km = grove::memory::kMeansFrom(pts, std::move(centres));
    double inertia = 0;
    for (size_t i = 0; i < pts.size(); ++i)
      inertia += squaredDistance(pts[i], km.centroids[static_cast<size_t>(km.assignment[i])]);
    if (inertia < bestInertia) {
      bestInertia = inertia;
      best = km.assignment;
    }
  }
  return best;
}

enum Method { kGrove, kOneGroup, kKMeansOracle, kKMeansUnsupervised, kMethods };
const char* const kMethodNames[] = {"Grove (native placement)", "one group", "k-means, oracle k",
                                    "k-means, k = defaultClusterCount(n)"};

struct SessionScore {
  std::string id;
  size_t items = 0;
  double ari[kMethods] = {};
  int labelGroups = 0, boardGroups = 0, unsupervisedK = 0;
};

SessionScore score(const Session& s, const grove::BoardSettingsUpdate& settings, bool baselines) {
  Outcome o = runSession(s, settings, chatMode);
  SessionScore r;
  r.id = s.id;
  r.items = o.labels.size();
  r.labelGroups = o.labelGroups;
  r.boardGroups = o.boardGroups;
  r.ari[kGrove] = adjustedRandIndex(o.labels, o.board);
  if (baselines) {
    r.ari[kOneGroup] = adjustedRandIndex(o.labels, std::vector<int>(o.labels.size(), 0));
    r.ari[kKMeansOracle] = adjustedRandIndex(o.labels, kMeansPlusPlus(o.vectors, o.labelGroups));
    r.unsupervisedK = grove::memory::defaultClusterCount(o.labels.size());
    r.ari[kKMeansUnsupervised] = adjustedRandIndex(o.labels, kMeansPlusPlus(o.vectors, r.unsupervisedK));
  }
  return r;
}

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

std::vector<double> column(const std::vector<SessionScore>& scores, Method m) {
  std::vector<double> out;
  for (const auto& s : scores) out.push_back(s.ari[m]);
  return out;
}

void printSplit(const char* split, const std::vector<SessionScore>& scores, bool perSession) {
  size_t items = 0;
  double made = 0, labelled = 0;
  for (const auto& s : scores) {
    items += s.items;
    made += s.boardGroups;
    labelled += s.labelGroups;
  }
  std::printf("%s: %zu sessions, %zu memories\n", split, scores.size(), items);
  std::printf("  %-38s %8s %8s\n", "adjusted Rand index per session", "mean", "median");
  for (int m = 0; m < kMethods; ++m) {
    auto c = column(scores, static_cast<Method>(m));
    std::printf("  %-38s %8.3f %8.3f\n", kMethodNames[m], mean(c), median(c));
  }
  std::printf("  groups per session: Grove made %.1f, labelled %.1f\n", made / static_cast<double>(scores.size()),
              labelled / static_cast<double>(scores.size()));
  if (!perSession) return;
  for (const auto& s : scores)
    std::printf("    %-24s n=%2zu groups %2d/%d  Grove %6.3f  k-means oracle %6.3f  k=%d %6.3f\n", s.id.c_str(),
                s.items, s.boardGroups, s.labelGroups, s.ari[kGrove], s.ari[kKMeansOracle], s.unsupervisedK,
                s.ari[kKMeansUnsupervised]);
}

std::vector<SessionScore> scoreAll(const std::vector<Session>& sessions, const grove::BoardSettingsUpdate& settings,
                                   bool baselines) {
  std::vector<SessionScore> out;
  for (const auto& s : sessions) out.push_back(score(s, settings, baselines));
  return out;
}

struct GridPoint {
  double minGroupScore, relatedFloor;
  int relatedK;
  grove::BoardSettingsUpdate update() const {
    grove::BoardSettingsUpdate u;
    u.minGroupScore = minGroupScore;
    u.relatedFloor = relatedFloor;
    u.relatedK = relatedK;
    return u;
  }
};

double meanGroups(const std::vector<SessionScore>& scores) {
  double g = 0;
  for (const auto& s : scores) g += s.boardGroups;
  return scores.empty() ? 0 : g / static_cast<double>(scores.size());
}

/// The grid on train and dev; returns the point with the best mean ARI over
/// the train+dev sessions (ties: the earlier point).
GridPoint sweep(const std::vector<Session>& train, const std::vector<Session>& dev) {
  // Native sigma between a session's items is mostly 0.1-0.4: minGroupScore
  // from 0.4 on makes nearly every item its own group, and relatedK above 5
  // changed nothing on a wider first grid.
  const double minScores[] = {0, 0.1, 0.2, 0.3};
  const double floors[] = {0.1, 0.15, 0.2, 0.25, 0.3};
  const int ks[] = {1, 3, 5};
  std::printf("\nsweep (train and dev only): mean ARI per session, mean groups made\n");
  std::printf("  %6s %6s %3s | %7s %7s %7s | %6s %6s\n", "minGS", "floor", "K", "train", "dev", "tr+dev", "g/tr",
              "g/dev");
  GridPoint best{0, 0.15, 5};
  double bestScore = -2;
  for (double ms : minScores)
    for (double fl : floors)
      for (int k : ks) {
        GridPoint p{ms, fl, k};
        auto t = scoreAll(train, p.update(), false), d = scoreAll(dev, p.update(), false);
        auto both = column(t, kGrove), dc = column(d, kGrove);
        both.insert(both.end(), dc.begin(), dc.end());
        double all = mean(both);
        std::printf("  %6.2f %6.2f %3d | %7.3f %7.3f %7.3f | %6.1f %6.1f\n", ms, fl, k, mean(column(t, kGrove)),
                    mean(dc), all, meanGroups(t), meanGroups(d));
        if (all > bestScore) {
          bestScore = all;
          best = p;
        }
      }
  grove::BoardSettingsUpdate off;
  off.evolution = "off";
  std::printf("  (defaults with evolution off: train %.3f, dev %.3f)\n", mean(column(scoreAll(train, off, false), kGrove)),
              mean(column(scoreAll(dev, off, false), kGrove)));
  std::printf("chosen on train+dev: minGroupScore %.2f, relatedFloor %.2f, relatedK %d (mean ARI %.3f)\n",
              best.minGroupScore, best.relatedFloor, best.relatedK, bestScore);
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  fs::path data = fs::path(GROVE_SOURCE_DIR) / "tests/data/board";
  bool doSweep = false, perSession = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--data") && i + 1 < argc) {
      data = argv[++i];
    } else if (!std::strcmp(argv[i], "--sweep")) {
      doSweep = true;
    } else if (!std::strcmp(argv[i], "--sessions")) {
      perSession = true;
    } else if (!std::strcmp(argv[i], "--chat-items")) {
      chatMode = ChatMode::Items;
    } else {
      std::fprintf(stderr, "usage: grove_board_eval [--data DIR] [--sweep] [--sessions] [--chat-items]\n");
      return 2;
    }
  }
  try {
    auto t0 = std::chrono::steady_clock::now();
    std::map<std::string, std::vector<Session>> sets;
    for (const char* split : kSplits) sets[split] = readSplit(data, split);

    grove::BoardSettings d;
    std::printf("board placement quality (issue 16) on %s\n", data.filename().string().c_str());
    std::printf("default settings: minGroupScore %.2f, relatedFloor %.2f, relatedK %d, evolution %s\n",
                d.minGroupScore, d.relatedFloor, d.relatedK, d.evolution.c_str());
    std::printf("chat exchanges: %s\n\n", chatMode == ChatMode::Items ? "chat items (one conversation each)"
                                                                        : "notes (question, blank line, answer)");
    for (const char* split : kSplits) printSplit(split, scoreAll(sets[split], {}, true), perSession);

    if (doSweep) {
      GridPoint best = sweep(sets["train"], sets["dev"]);
      std::printf("\nchosen setting, reported once:\n");
      for (const char* split : {"dev", "test"}) {
        auto scores = scoreAll(sets[split], best.update(), false);
        auto c = column(scores, kGrove);
        std::printf("  %-5s Grove mean %.3f, median %.3f, groups made %.1f\n", split, mean(c), median(c),
                    meanGroups(scores));
      }
    }
    std::printf("\n(%.1f s)\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove_board_eval: %s\n", e.what());
    return 1;
  }
  return 0;
}
