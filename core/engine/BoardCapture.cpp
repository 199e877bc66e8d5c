// Engine: grove/board/capture. A note or snippet is stored and analysed
// offline (title, summary, tags, context), placed by Contexty's formula over
// native sigma (one undo entry with the capture), then evolves its related
// items (another entry). The model path (session/BoardCaptureJobs) runs the
// same code with the utility model's analysis and sigma in the request, and
// evolves after its reply. Behaviour: design/board-and-knowledge.md.
#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "engine/BoardState.h"
#include "engine/MemoletState.h"
#include "memory/BoardPlacement.h"
#include "ops/WorkspaceUri.h"
#include "memory/FtsText.h"
#include "memory/Rrf.h"
#include "memory/Summary.h"
#include "support/Ids.h"
#include "text/Tokenizer.h"

namespace grove {

namespace {

constexpr size_t kPrefilter = 50;    // candidates scored per placement
constexpr size_t kMaxTitle = 80;

std::string firstLine(const std::string& text) {
  size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  size_t e = text.find('\n', b);
  std::string line = text.substr(b, e == std::string::npos ? std::string::npos : e - b);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
  if (line.size() > kMaxTitle) {
    size_t cut = kMaxTitle;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8 characters
    line = line.substr(0, cut) + "…";
  }
  return line;
}

std::string pathOf(const std::string& uri) {
  size_t slash = uri.find_last_of('/');
  return slash == std::string::npos ? uri : uri.substr(slash + 1);
}

/// Offline analysis: the title is the symbol or the first line, the summary
/// extractive, the tags the top keywords, the context where it came from.
/// Each field the model's analysis gave replaces it; the user's title wins.
void analyse(Engine::Impl& e, BoardItem& item, const std::optional<std::string>& title,
             const std::optional<BoardAnalysis>& model) {
  const std::string& content = item.memolet.text;
  if (title && !title->empty()) {
    item.memolet.title = *title;
    item.userEdited.push_back("title");
  } else if (item.source && item.source->symbol && !item.source->symbol->empty()) {
    item.memolet.title = *item.source->symbol;
  } else {
    item.memolet.title = firstLine(item.memo.empty() ? content : item.memo);
  }
  if (item.memolet.title.empty()) item.memolet.title = "Untitled";
  item.memolet.summary = memory::extractiveSummary(item.memo.empty() ? content : item.memo + "\n\n" + content, 2);
  item.tags = memolets::keywords(e, text::tokenize(item.memo + "\n" + content), 5);
  if (item.source) {
    std::string where = pathOf(item.source->uri);
    if (item.source->symbol && !item.source->symbol->empty()) where += " (" + *item.source->symbol + ")";
    item.context = "captured from " + where;
  }
  if (!model) return;
  if (model->title && !(title && !title->empty())) {
    std::string t = firstLine(*model->title);
    if (!t.empty()) item.memolet.title = t;
  }
  if (model->summary) item.memolet.summary = *model->summary;
  if (model->tags) item.tags = *model->tags;
  if (model->context) item.context = *model->context;
}

/// Candidates: the non-archived items, prefiltered to kPrefilter by BM25
/// plus vectors (fused by rank), each with its native sigma.
std::vector<memory::PlacementCandidate> candidates(Engine::Impl& e, const BoardItem& m,
                                                   const BoardSettings& s) {
  BoardIndex& idx = board::index(e, m.workspaceUri);
  text::HashedVector mv = text::HashedVector::fromBlob(m.memolet.vector);
  std::vector<std::string> vectorRanking;
  // m is on the board already: one more than needed, then m is dropped.
  for (auto& hit : idx.vectors.topK(mv.values(), kPrefilter + 1))
    if (hit.id != m.id() && vectorRanking.size() < kPrefilter) vectorRanking.push_back(std::move(hit.id));
  std::vector<std::string> bm25Ranking;
  // BM25 at scale: the query's rarest terms only (FTS5 scores every item
  // holding any OR-ed term).
  auto df = [&](std::string_view term) { return memolets::documentFrequency(e, term); };
  auto terms = memory::selectQueryTerms(text::tokenize(boardItemText(m)), df, memolets::documentCount(e));
  for (const auto& r : e.store->board().bm25(m.workspaceUri, memory::ftsMatchTokens(terms), kPrefilter))
    if (r.id != m.id()) bm25Ranking.push_back(r.id);
  auto fused = memory::reciprocalRankFusion({vectorRanking, bm25Ranking});
  if (fused.size() > kPrefilter) fused.resize(kPrefilter);

  std::vector<memory::PlacementCandidate> out;
  for (const auto& f : fused) {
    auto it = idx.at.find(f.id);
    if (it == idx.at.end()) continue;
    const BoardEntry& c = idx.entries[it->second];
    double sigma = std::clamp(mv.cosine(c.vector), 0.0, 1.0);
    if (sigma < s.relatedFloor) sigma = 0;
    out.push_back({c.id, c.groupId, sigma});
  }
  return out;
}

/// The newest member of each group a candidate sits in (placement breaks
/// ties between groups by it); other groups cannot win, so they are skipped.
std::vector<std::pair<std::string, int64_t>> newestMembers(BoardIndex& idx,
                                                           const std::vector<memory::PlacementCandidate>& cands) {
  std::unordered_map<std::string, int64_t> newest;
  for (const auto& c : cands)
    if (c.groupId) newest.emplace(*c.groupId, 0);
  if (newest.empty()) return {};
  for (const auto& c : idx.entries) {
    if (!c.groupId || c.archived) continue;
    auto it = newest.find(*c.groupId);
    if (it != newest.end()) it->second = std::max(it->second, c.createdAt);
  }
  std::vector<std::pair<std::string, int64_t>> out(newest.begin(), newest.end());
  std::sort(out.begin(), out.end());
  return out;
}

/// The model's sigma in place of the native one: a candidate it did not
/// score counts 0, and relatedFloor still applies.
void useModelSigma(std::vector<memory::PlacementCandidate>& cands, const std::vector<ScoredId>& sigma,
                   const BoardSettings& s) {
  std::unordered_map<std::string, double> by;
  for (const auto& x : sigma) by.emplace(x.id, std::clamp(x.score, 0.0, 1.0));
  for (auto& c : cands) {
    auto it = by.find(c.id);
    c.sigma = it == by.end() || it->second < s.relatedFloor ? 0 : it->second;
  }
}

/// Places m and links it (m is written in tx); returns the placement. With
/// `modelSigma` the model's relatedness decides (method "model").
BoardPlacement placeItem(Engine::Impl& e, BoardTx& tx, BoardItem& m, const BoardSettings& s,
                         const std::optional<std::vector<ScoredId>>& modelSigma,
                         std::vector<memory::PlacementCandidate>& related) {
  memory::PlacementInput in;
  in.candidates = candidates(e, m, s);
  if (modelSigma) useModelSigma(in.candidates, *modelSigma, s);
  BoardIndex& idx = board::index(e, m.workspaceUri);
  in.groupNewest = newestMembers(idx, in.candidates);
  in.relatedK = static_cast<size_t>(std::max(1, s.relatedK));
  in.minGroupScore = s.minGroupScore;
  in.linkScore = s.linkScore;
  memory::PlacementDecision d = memory::place(in);
  related = d.related;

  BoardPlacement p;
  p.score = d.score;
  p.threshold = s.minGroupScore;
  p.method = modelSigma ? "model" : "native";
  for (const auto& r : d.related) p.related.push_back({r.id, r.sigma});
  for (const auto& g : d.groups) p.groups.push_back({g.groupId, g.score});
  if (d.groupId) {
    p.groupId = *d.groupId;
  } else {
    BoardGroup g;
    g.id = newId('g');
    g.workspaceUri = m.workspaceUri;
    g.origin = "placement";
    g.createdAt = e.now();
    auto [title, summary] = board::describe(e, {boardItemText(m)});
    g.title = title;
    g.summary = summary;
    board::writeGroup(e, tx, g);
    p.groupId = g.id;
    p.created = true;
  }
  m.groupId = p.groupId;
  m.placement = p;
  board::writeItem(e, tx, m);
  // The model path names a group the capture described (session/BoardCaptureJobs).
  p.described = p.created || board::membershipChanged(e, tx, p.groupId);
  for (const auto& l : d.links)
    board::writeLink(e, tx, BoardLink{newId('l'), m.workspaceUri, m.id(), l.id, std::nullopt, "placement", e.now()});
  return p;
}

/// Evolution: each related item with sigma >= evolveScore gains m's tags
/// that occur in its text and a "Related:" line in its context. A field the
/// user edited is never written (nor any with `evolution: "cards"`): an
/// evolve card proposes it instead (badge `proposed` naming the card).
BoardEvolution evolveRelated(Engine::Impl& e, BoardTx& tx, const BoardItem& m, const BoardSettings& s,
                             const std::vector<memory::PlacementCandidate>& related) {
  BoardEvolution out;
  if (s.evolution == "off") return out;
  for (const auto& r : related) {
    if (r.sigma < s.evolveScore) continue;
    auto old = e.store->board().item(r.id);
    if (!old || old->archived) continue;
    auto ev = memory::evolve(old->tags, old->context, boardItemText(*old), m.tags, m.memolet.title);
    BoardItem next = *old;
    std::vector<std::string> written, proposed;
    auto decide = [&](bool changed, const char* field) {
      if (!changed) return false;
      bool mine = old->edited(field) || s.evolution == "cards";
      (mine ? proposed : written).push_back(field);
      return !mine;
    };
    BoardOp card;  // what accepting the proposal writes
    card.op = BoardOp::Kind::UpdateItem;
    card.id = r.id;
    if (decide(ev.tagsChanged, "tags")) next.tags = ev.tags;
    else if (ev.tagsChanged) card.tags = ev.tags;
    if (decide(ev.contextChanged, "context")) next.context = ev.context;
    else if (ev.contextChanged) card.context = ev.context;
    if (written.empty() && proposed.empty()) continue;
    if (!written.empty()) {
      next.badges.push_back({"updated", written, m.id(), std::nullopt, e.now()});
      out.updated.push_back({r.id, written});
    }
    if (!proposed.empty()) {
      std::string fields = proposed.size() == 2 ? "tags and context" : proposed[0];
      Suggestion s = board::proposeCard(
          e, m.workspaceUri, SuggestionKind::Evolve, {r.id}, "Update " + fields + " of \"" + old->memolet.title + "\"",
          "related to the new memory \"" + m.memolet.title + "\" (sigma " + std::to_string(r.sigma).substr(0, 4) + ")",
          {card});
      next.badges.push_back({"proposed", proposed, m.id(), s.id, e.now()});
      out.proposed.push_back(s.id);
    }
    next.memolet.updatedAt = e.now();
    board::writeItem(e, tx, std::move(next));
  }
  return out;
}

/// A capture's request checked before anything runs; the workspace URI normalised.
std::string checkedWorkspace(const CaptureRequest& r) {
  std::string ws = board::workspace(r.workspaceUri);
  if (r.content.find_first_not_of(" \t\r\n") == std::string::npos)
    throw Error::invalidArg("content", "content must not be empty");
  return ws;
}

/// The new item as the request describes it, analysed, with its vector
/// (not written; the code unit, if any, is not linked yet).
BoardItem newItem(Engine::Impl& e, const CaptureRequest& r, const std::string& ws) {
  BoardItem item;
  item.memolet.id = newId('m');
  item.memolet.projectId = r.projectId.value_or("");
  item.memolet.text = r.content;
  item.memolet.manual = true;
  item.memolet.closed = true;
  item.memolet.createdAt = item.memolet.updatedAt = e.now();
  item.workspaceUri = ws;
  item.kind = r.source ? "snippet" : "note";
  item.source = r.source;
  // Where it was captured stays, as for a code unit, while `range` follows the code.
  if (item.source && !item.source->capturedRange) item.source->capturedRange = item.source->range;
  if (r.source) item.memo = r.source->memo;
  analyse(e, item, r.title, r.analysis);
  // m's vector for the candidates; m is written once, placed.
  item.memolet.vector = text::HashedVector::fromText(boardItemText(item)).toCompactBlob();
  return item;
}


}  // namespace

void board::placeAndEvolve(Engine::Impl& e, BoardItem& item, const BoardSettings& s, BoardPlacement& placement,
                           std::optional<BoardEvolution>& evolution,
                           const std::optional<std::vector<ScoredId>>& modelSigma, bool evolve) {
  // m's vector for the candidates (a chat item's is its memolet's); m is
  // written once, placed.
  if (item.kind != "chat") item.memolet.vector = text::HashedVector::fromText(boardItemText(item)).toCompactBlob();
  BoardTx tx{item.workspaceUri, "capture", {}, {}, {}};
  std::vector<memory::PlacementCandidate> related;
  placement = placeItem(e, tx, item, s, modelSigma, related);
  board::finish(e, tx, "capture");
  if (!evolve) return;

  BoardTx evolveTx{item.workspaceUri, "evolve", {}, {}, {}};
  evolution = evolveRelated(e, evolveTx, item, s, related);
  board::finish(e, evolveTx, "evolve");
}

std::optional<CaptureResult> Engine::captureAppended(const Unit& unit) {
  if (unit.kind != Kind::Code || !unit.source) return std::nullopt;
  const Project p = project(unit.projectId);
  if (!p.workspaceUri || !normalizeWorkspaceUri(*p.workspaceUri)) return std::nullopt;
  CaptureRequest r;
  r.workspaceUri = *p.workspaceUri;
  r.content = unit.content;
  r.source = unit.source;
  r.unitId = unit.id;
  return capture(r);
}

CaptureResult Engine::capture(const CaptureRequest& r) {
  std::string ws = checkedWorkspace(r);
  CaptureResult out;
  impl_->mutate([&] {
    // The code unit first, exactly as grove/unit/append (its own didChange).
    if (r.projectId) {
      AppendRequest a;
      a.projectId = *r.projectId;
      a.parentId = r.parentId ? *r.parentId : impl_->state(*r.projectId).project.cursorId;
      a.role = Role::User;
      a.kind = r.source ? Kind::Code : Kind::Note;
      a.content = r.content;
      a.source = r.source;
      out.unit = append(a);
    }
    BoardSettings s = impl_->store->board().info(ws).settings;
    BoardItem item = newItem(*impl_, r, ws);
    if (r.unitId) {
      const Unit& unit = impl_->liveNode(*r.unitId).unit;
      item.memolet.projectId = unit.projectId;
      item.memolet.sourceUnitIds.push_back(unit.id);
    }
    if (out.unit) item.memolet.sourceUnitIds.push_back(out.unit->id);

    BoardTx tx{ws, "capture", {}, {}, {}};
    if (r.groupId) {
      // Placed by hand (or left unassigned with null).
      std::optional<std::string> g = *r.groupId;
      if (g) board::groupIn(*impl_, ws, *g);
      item.groupId = g;
      item.userEdited.push_back("group");
      BoardPlacement p;
      p.groupId = g.value_or("");
      p.threshold = s.minGroupScore;
      p.method = "manual";
      item.placement = p;
      board::writeItem(*impl_, tx, item);
      if (g) board::membershipChanged(*impl_, tx, *g);
      out.placement = p;
      out.item = item;
      board::finish(*impl_, tx, "capture");
      return;
    }
    board::placeAndEvolve(*impl_, item, s, out.placement, out.evolution, r.sigma, !r.deferEvolution);
    out.item = *impl_->store->board().item(item.id());
  });
  return out;
}

void Engine::checkCapture(const CaptureRequest& r) {
  std::string ws = checkedWorkspace(r);
  if (r.projectId) impl_->state(*r.projectId);
  if (r.groupId && *r.groupId) board::groupIn(*impl_, ws, **r.groupId);
}

CaptureCandidates Engine::captureCandidates(const CaptureRequest& r, size_t limit) {
  std::string ws = checkedWorkspace(r);
  BoardSettings s = impl_->store->board().info(ws).settings;
  BoardItem item = newItem(*impl_, r, ws);
  CaptureCandidates out;
  out.item = board::cardOf(item);
  out.content = r.content;
  for (const auto& c : candidates(*impl_, item, s)) {
    if (out.candidates.size() == limit) break;
    auto stored = impl_->store->board().item(c.id);
    if (!stored) continue;
    out.candidates.push_back(board::cardOf(*stored));
    out.nativeSigma.push_back(c.sigma);
  }
  return out;
}

BoardEvolution Engine::evolveCapture(const std::string& workspaceUri, const std::string& itemId,
                                     const std::optional<GroupDescription>& named) {
  std::string ws = board::workspace(workspaceUri);
  BoardEvolution out;
  impl_->mutate([&] {
    auto m = impl_->store->board().item(itemId);
    // Undone or archived in the meantime: nothing evolves from it.
    if (!m || m->archived || m->workspaceUri != ws || !m->placement || m->placement->method == "manual") return;
    std::vector<memory::PlacementCandidate> related;
    for (const auto& r : m->placement->related) related.push_back({r.id, std::nullopt, r.score});
    BoardTx tx{ws, "evolve", {}, {}, {}};
    out = evolveRelated(*impl_, tx, *m, impl_->store->board().info(ws).settings, related);
    // The model names the item's group, unless it moved on or the user
    // wrote that field since.
    bool stayed = m->groupId && *m->groupId == m->placement->groupId;
    auto g = stayed ? impl_->store->board().group(*m->groupId) : std::nullopt;
    if (named && g) {
      auto mine = [&](const char* f) { return std::count(g->userEdited.begin(), g->userEdited.end(), f) > 0; };
      bool wrote = false;
      if (named->title && !mine("title") && g->title != *named->title) g->title = *named->title, wrote = true;
      if (named->summary && !mine("summary") && g->summary != *named->summary) g->summary = *named->summary, wrote = true;
      if (wrote) board::writeGroup(*impl_, tx, *g);
    }
    board::finish(*impl_, tx, "evolve");
  });
  return out;
}

std::vector<BoardCard> Engine::boardGroupCards(const std::string& workspaceUri, const std::string& groupId) {
  std::string ws = board::workspace(workspaceUri);
  std::vector<BoardCard> out;
  for (const auto& item : board::newestMembers(*impl_, ws, groupId)) out.push_back(board::cardOf(item));
  return out;
}

}  // namespace grove
