// Engine: finding memolets. Search fuses BM25 (FTS5) with vector similarity
// (hashed vectors, plus provider embeddings when the query has one) by
// reciprocal rank fusion; a turn does the same for every expanded query and
// keeps an adaptive top-k. Also the memory map and `@` completion.
#include <algorithm>
#include <cmath>
#include <cctype>
#include <unordered_map>
#include <unordered_set>

#include "agents/MemoletPrompts.h"
#include "engine/BoardMemory.h"
#include "engine/MemoletHitWindows.h"
#include "engine/MemoletState.h"
#include "memory/AdaptiveTopK.h"
#include "memory/Citations.h"
#include "memory/ExchangeRanking.h"
#include "memory/ContextyScore.h"
#include "memory/FtsText.h"
#include "memory/KMeans.h"
#include "memory/Keywords.h"
#include "memory/Layout.h"
#include "memory/QueryVariants.h"
#include "memory/References.h"
#include "memory/Rrf.h"
#include "memory/Summary.h"
#include "ops/Tokens.h"
#include "support/WordNet.h"
#include "text/Tokenizer.h"

namespace grove {

namespace {

/// Which memolets may be ranked.
struct Pool {
  std::optional<std::string> project;     // only this project's
  std::optional<std::string> notProject;  // anything but this project's
  std::optional<std::unordered_set<std::string>> only;  // only these ids
  std::unordered_set<std::string> excluded;
  std::unordered_set<std::string> trashed;  // projects in the trash
  /// When set, the only board-only memolets (no project: notes and
  /// snippets) that may be ranked: a turn's own workspace board's.
  std::optional<std::unordered_set<std::string>> board;
};

/// A long question's words past this many (the rarest kept) are not looked
/// up a message at a time (each is one BM25 query over the units). The
/// query's synonyms count among them: with 8, a thesaurus's rare synonyms
/// displaced the question's own words (chosen on the development splits:
/// 8, 12, 16, 20, 24 and 30; docs/decisions.md, "counts that follow the
/// memolets"). In a large store the share below keeps the cost down.
constexpr size_t kMaxUnitTerms = 24;
/// ...and past the rarest, a word in more than this share of the memolets:
/// its messages are many, each costs a BM25 score, and it ranks little.
constexpr double kMaxUnitTermShare = 0.01;
/// Messages ranked per term when the pool is filtered after the cut.
constexpr size_t kMaxFilteredUnitDepth = 300;

std::unordered_set<std::string> trashedProjects(Engine::Impl& impl) {
  auto ids = impl.store->memolets().trashedProjects();
  return {ids.begin(), ids.end()};
}

bool unrestricted(const Pool& pool) {
  return !pool.only && !pool.project && !pool.notProject && pool.excluded.empty() && pool.trashed.empty() &&
         !pool.board;
}

bool admits(const Pool& pool, const std::string& id, const std::string& projectId) {
  if (pool.only && !pool.only->count(id)) return false;
  if (pool.excluded.count(id)) return false;
  if (pool.project && projectId != *pool.project) return false;
  if (pool.notProject && projectId == *pool.notProject) return false;
  if (pool.board && projectId.empty() && !pool.board->count(id)) return false;
  return !pool.trashed.count(projectId);
}

memory::VectorIndex::Filter filterFor(MemoletState& s, const Pool& pool) {
  // No filter at all when nothing is excluded: the scan stays a tight loop.
  if (unrestricted(pool)) return {};
  return [&s, &pool](const std::string& id) {
    auto it = s.projectOf.find(id);
    return it != s.projectOf.end() && admits(pool, id, it->second);
  };
}

/// BM25 ranking of one FTS5 match expression (memory::ftsMatchQuery) within the pool.
void lexicalRanking(Engine::Impl& impl, const Pool& pool, const std::string& match, size_t depth,
                    std::vector<std::vector<std::string>>& out) {
  MemoletState& s = memolets::loaded(impl);
  auto filter = filterFor(s, pool);
  std::vector<std::string> lexical;
  // A sandbox or an exclusion list filters after the fact: look deeper.
  size_t bmDepth = pool.only || pool.notProject ? std::max<size_t>(depth * 4, 200) : depth;
  for (auto& r : impl.store->memolets().bm25(match, pool.project, bmDepth)) {
    if (filter && !filter(r.id)) continue;
    lexical.push_back(std::move(r.id));
    if (lexical.size() >= depth) break;
  }
  if (!lexical.empty()) out.push_back(std::move(lexical));
}

/// The pool's memolets ranked by their best matching exchange and by their
/// best window (memory/ExchangeRanking), from the store's BM25 over single
/// messages, a query term at a time; a list is left out when nothing
/// matched. Their RRF weights go to `weights`, one per list added (the lists
/// before them weigh 1).
memory::ExchangeRankings exchangeRankings(Engine::Impl& impl, const Pool& pool, const std::string& query,
                                          std::vector<std::vector<std::string>>& out, std::vector<double>& weights) {
  const MemoletConfig& cfg = impl.memoletConfig;
  if (cfg.exchangeWeight <= 0 && cfg.windowWeight <= 0) return {};
  MemoletState& s = memolets::loaded(impl);
  auto filter = filterFor(s, pool);
  // Excluding a project filters after the cut: look deeper, but no deeper
  // than a turn looked before the depth doubled (each message is a lookup,
  // and a turn ranks many queries).
  int depth = static_cast<int>(pool.notProject || pool.only ? std::min(cfg.unitDepth * 3, kMaxFilteredUnitDepth)
                                                            : cfg.unitDepth);
  // Each term is one BM25 query over every message: in a large store the
  // rarest few carry the ranking, and a common word costs much and ranks
  // little (memory::selectQueryTerms, as for memolets at scale).
  auto df = [&](std::string_view t) { return memolets::documentFrequency(impl, t); };
  std::vector<std::string> terms = memory::selectQueryTerms(text::tokenize(query), df, memolets::documentCount(impl),
                                                            kMaxUnitTerms, kMaxUnitTermShare);
  std::vector<memory::ExchangeMatch> matches;
  for (size_t t = 0; t < terms.size(); ++t)
    for (auto& m : impl.store->unitMatches(memory::ftsPrefixMatchTokens({terms[t]}), pool.project, depth)) {
      // Only indexed memolets (with text, not archived) may be ranked.
      if (!s.projectOf.count(m.memoletId) || (filter && !filter(m.memoletId))) continue;
      matches.push_back({std::move(m.memoletId), static_cast<size_t>(m.ord) / 2, std::move(m.projectId),
                         static_cast<size_t>(std::max<int64_t>(m.seq - 1, 0)) / 2, t, m.score});
    }
  memory::ExchangeRankings ranked = memory::rankExchanges(matches, 3, cfg.windowSaturation);
  weights.resize(out.size(), 1.0);
  if (!ranked.byExchange.empty() && cfg.exchangeWeight > 0) {
    out.push_back(ranked.byExchange);
    weights.push_back(cfg.exchangeWeight);
  }
  if (!ranked.byWindow.empty() && cfg.windowWeight > 0) {
    out.push_back(ranked.byWindow);
    weights.push_back(cfg.windowWeight);
  }
  return ranked;
}

/// A search query in other words than it was typed in: people ask in other
/// words than they were answered in ("my container is losing files" for
/// "mount a named docker volume").
struct Expansion {
  std::string memolets;  // ranked by BM25 over memolets beside the query itself
  std::string messages;  // looked up message by message (exchangeRankings)
};

/// The query with its programming thesaurus's synonyms (memory::relatedTerms)
/// for both rankings, and its nouns' WordNet synonyms for the memolets' only:
/// a message ranking keeps the eight rarest terms, and a dictionary's
/// synonyms would displace the query's own there (LoCoMo dev 0.833 -> 0.825).
/// Figures: docs/decisions.md, "the query's synonyms in memolet search".
Expansion expand(const MemoletConfig& cfg, const std::string& query) {
  Expansion out{query, query};
  for (const auto& t : memory::relatedTerms(query)) out.messages += " " + t;
  out.memolets = out.messages;
  if (cfg.wordNetSenses > 0) {
    const WordNet& wordNet = WordNet::system();
    for (const auto& word : memory::contentWordsOf(query))
      for (const auto& synonym : wordNet.synonyms(word, WordNet::Part::Noun, cfg.wordNetSenses))
        out.memolets += " " + synonym;
  }
  return out;
}

/// Vector rankings of several queries, one scan per index: hashed vectors
/// (cosine at least minSimilarity), and provider embeddings when given.
void vectorRankings(Engine::Impl& impl, const MemoletConfig& cfg, const Pool& pool,
                    const std::vector<std::string>& queries,
                    const std::vector<std::vector<float>>& embeddings, const std::string& model,
                    size_t depth, std::vector<std::vector<std::string>>& out) {
  MemoletState& s = memolets::loaded(impl);
  auto filter = filterFor(s, pool);
  // A project's memolets are few next to the whole index: score just those
  // rows (their group), with the rest of the pool's rules as the filter.
  const bool byGroup = pool.project && !pool.only;
  Pool rest = pool;
  if (byGroup) rest.project.reset();
  auto restFilter = filterFor(s, rest);
  std::vector<std::vector<float>> hashedQueries;
  for (const auto& q : queries) hashedQueries.push_back(text::HashedVector::fromText(q).values());
  std::vector<std::vector<memory::VectorHit>> ranked;
  if (byGroup) {
    auto group = s.groupOf.find(*pool.project);
    ranked = group == s.groupOf.end() ? std::vector<std::vector<memory::VectorHit>>(hashedQueries.size())
                                      : s.hashed.topKInGroup(hashedQueries, depth, group->second, restFilter);
  } else {
    ranked = s.hashed.topKMany(hashedQueries, depth, filter);
  }
  for (auto& hits : ranked) {
    std::vector<std::string> ids;
    for (auto& h : hits)
      if (h.score >= cfg.minSimilarity) ids.push_back(std::move(h.id));
    if (!ids.empty()) out.push_back(std::move(ids));
  }
  if (embeddings.empty()) return;
  const memory::VectorIndex* index = memolets::providerIndex(impl, model);
  if (!index) return;
  std::vector<std::vector<float>> units;
  for (const auto& e : embeddings) units.push_back(text::HashedVector::fromValues(e).values());
  for (auto& hits : index->topKMany(units, depth, filter)) {
    std::vector<std::string> ids;
    for (auto& h : hits) ids.push_back(std::move(h.id));
    if (!ids.empty()) out.push_back(std::move(ids));
  }
}

// The message as a search query: references read as their titles.
std::string queryText(const std::string& message) { return memory::withTitles(message); }

PromptContext contextOf(const Memolet& m) {
  PromptContext c;
  c.id = m.id;
  c.title = m.title;
  c.text = m.text;
  return c;
}

/// Contexty's ranking (DESIGN §11.2) over what the other rankings found plus
/// the workspace board's best BM25 matches, best first; `scores` gets each
/// candidate's parts, shown with the blocks.
std::vector<std::string> contextyRanking(Engine::Impl& impl, const Pool& pool, const std::string& query,
                                         const board::TurnBoard& turnBoard,
                                         const std::vector<std::vector<std::string>>& lists,
                                         std::unordered_map<std::string, memory::ContextyScore>& scores) {
  std::vector<std::string> candidates;
  std::unordered_set<std::string> seen;
  for (const auto& list : lists)
    for (const auto& id : list)
      if (seen.insert(id).second) candidates.push_back(id);
  if (turnBoard.workspaceUri) {
    auto filter = filterFor(memolets::loaded(impl), pool);
    for (const auto& hit : impl.store->board().bm25(*turnBoard.workspaceUri, memory::ftsMatchQuery(query), 50))
      if ((!filter || filter(hit.id)) && seen.insert(hit.id).second) candidates.push_back(hit.id);
  }
  constexpr double kDayMs = 86400000.0;
  const int64_t now = impl.now();
  std::vector<std::pair<double, std::string>> ranked;
  for (const auto& id : candidates) {
    auto m = impl.store->memolets().memolet(id);
    if (!m || m->text.empty()) continue;
    auto item = board::itemOf(impl, id);
    double ageDays = std::max(0.0, static_cast<double>(now - m->createdAt) / kDayMs);
    auto score = memory::contextyScore(query, board::contextyText(*m, item),
                                       item ? item->tags : std::vector<std::string>{}, ageDays);
    if (score.total <= 0) continue;
    scores[id] = score;
    ranked.push_back({score.total, id});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> out;
  for (auto& [score, id] : ranked) out.push_back(std::move(id));
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::vector<MemoletHit> Engine::searchMemolets(const MemoletQuery& q) {
  impl_->memoletsReadable();
  if (q.query.find_first_not_of(" \t\r\n") == std::string::npos)
    throw Error::invalidArg("query", "query must not be empty");
  if (q.projectId) impl_->state(*q.projectId);  // throws for a trashed project
  size_t limit = std::clamp<size_t>(q.limit, 1, 200);
  Pool pool;
  pool.project = q.projectId;
  // A scoped search admits only its own (live) project's memolets, so it
  // need not read which projects are trashed: that read scans them all.
  if (!q.projectId) pool.trashed = trashedProjects(*impl_);
  std::vector<std::vector<std::string>> lists;
  size_t depth = std::max<size_t>(limit * 3, 50);
  const Expansion expansion = expand(impl_->memoletConfig, q.query);
  lexicalRanking(*impl_, pool, memory::ftsMatchQuery(q.query), depth, lists);
  if (expansion.memolets != q.query)
    lexicalRanking(*impl_, pool, memory::ftsMatchQuery(expansion.memolets), depth, lists);
  std::vector<std::vector<float>> embeddings;
  if (!q.embedding.empty()) embeddings.push_back(q.embedding);
  vectorRankings(*impl_, impl_->memoletConfig, pool, {q.query}, embeddings, q.embeddingModel, depth, lists);
  std::vector<double> weights;
  auto exchanges = exchangeRankings(*impl_, pool, expansion.messages, lists, weights);
  const MemoletConfig& cfg = impl_->memoletConfig;
  auto fused = memory::weightedReciprocalRankFusion(lists, weights, cfg.rrfK);
  memolets::SearchReads reads;
  if (cfg.rescoreDepth > 0 && cfg.rescoreWeight > 0) {
    auto rescored =
        memolets::rescoredWindows(*impl_, q.query, fused, cfg.rescoreDepth, cfg.rescoreShift, exchanges.centre, reads);
    memory::addToFusion(fused, rescored, cfg.rescoreWeight, cfg.rrfK);
  }
  std::vector<MemoletHit> out;
  for (const auto& f : fused) {
    if (out.size() >= limit) break;
    const Memolet* m = reads.memolet(*impl_, f.id);
    if (!m) continue;
    MemoletHit hit;
    hit.sentences = memory::matchingSentences(m->text, q.query, 3);
    hit.focusUnitIds = memolets::focusOf(*impl_, *m, exchanges.centre, reads);
    // Fused ids are distinct: nothing reads this memolet again.
    hit.memolet = std::move(*reads.memolets.at(f.id));
    hit.score = f.score;
    out.push_back(std::move(hit));
  }
  return out;
}

bool Engine::hasRetrievable(const std::string& projectId) {
  impl_->memoletsReadable();
  impl_->state(projectId);
  if (!impl_->store->memolets().sandboxIds(projectId).empty()) return true;
  MemoletState& s = memolets::loaded(*impl_);
  for (const auto& [id, project] : s.projectOf)
    if (project != projectId) {
      ProjectState* ps = impl_->findState(project);
      if (ps && !ps->project.deletedAt) return true;
    }
  return false;
}

void Engine::checkMemory(const std::string& message, const MemoryChoice& choice) {
  impl_->memoletsReadable();
  for (const auto& id : memory::referencedIds(message)) memolets::require(*impl_, id);
  for (const auto& group : memory::referencedGroupIds(message)) board::mentionedMembers(*impl_, group);
  for (const auto* ids : {&choice.add, &choice.remove})
    for (const auto& id : *ids) memolets::require(*impl_, id);
  board::presetPool(*impl_, board::TurnBoard{}, choice.preset, choice.groupId);
}

MemoletContext Engine::memoletContext(const RetrievalRequest& r) {
  impl_->memoletsReadable();
  ProjectState& project = impl_->state(r.projectId);
  const MemoryChoice& choice = r.memory;
  board::TurnBoard turnBoard = board::turnBoard(*impl_, project.project.workspaceUri);
  // Checked before anything else: a bad preset or group fails the turn.
  auto presetIds = board::presetPool(*impl_, turnBoard, choice.preset, choice.groupId);
  for (const auto& id : choice.remove) memolets::require(*impl_, id);
  std::unordered_set<std::string> excluded(r.exclude.begin(), r.exclude.end());
  excluded.insert(choice.remove.begin(), choice.remove.end());
  excluded.insert(turnBoard.archived.begin(), turnBoard.archived.end());

  MemoletContext ctx;
  std::vector<PromptContext> explicitContexts, retrievedContexts;
  // Explicit memories first, never cut: mentions, a group's newest members,
  // then what the user added. An unknown one fails the turn before anything runs.
  auto addExplicit = [&](const std::string& id, const char* why) {
    Memolet m = memolets::require(*impl_, id);
    if (excluded.count(id)) return;
    excluded.insert(id);
    auto item = board::itemOf(*impl_, id);
    PromptContext pc = board::promptContextOf(m, item, true);
    ctx.blocks.push_back(board::blockOf(m, pc, item, why));
    explicitContexts.push_back(std::move(pc));
    ctx.referenced.push_back(std::move(m));
  };
  for (const auto& id : memory::referencedIds(r.message)) addExplicit(id, "mention");
  for (const auto& group : memory::referencedGroupIds(r.message))
    for (const auto& id : board::mentionedMembers(*impl_, group)) addExplicit(id, "group");
  for (const auto& id : choice.add) addExplicit(id, "added");

  if (choice.preset != "none") {
    // Retrieval scope: a preset's items; else the project's sandbox when it
    // has one; otherwise the memories of the user's other conversations and
    // the workspace board's notes and snippets (this project's own units
    // follow the scope rules and must not leak across branches).
    Pool pool;
    std::vector<std::string> sandbox = impl_->store->memolets().sandboxIds(r.projectId);
    if (presetIds)
      pool.only = std::move(*presetIds);
    else if (!sandbox.empty())
      pool.only.emplace(sandbox.begin(), sandbox.end());
    else
      pool.notProject = r.projectId;
    pool.board = turnBoard.retrievable;
    pool.excluded = excluded;
    pool.trashed = trashedProjects(*impl_);

    std::string query = queryText(r.message);
    std::vector<std::string> queries = r.queries;
    if (queries.empty()) queries = memory::queryVariants(query, 5);
    std::vector<std::vector<std::string>> lists;
    for (const auto& q : queries) lexicalRanking(*impl_, pool, memory::ftsMatchQuery(q), 30, lists);
    vectorRankings(*impl_, impl_->memoletConfig, pool, queries, r.queryEmbeddings, r.embeddingModel, 30, lists);
    std::vector<double> weights;
    exchangeRankings(*impl_, pool, query, lists, weights);
    std::unordered_map<std::string, memory::ContextyScore> contexty;
    auto byContexty = contextyRanking(*impl_, pool, query, turnBoard, lists, contexty);
    if (!byContexty.empty()) lists.push_back(std::move(byContexty));
    auto fused = memory::weightedReciprocalRankFusion(lists, weights, impl_->memoletConfig.rrfK);
    std::vector<double> scores;
    for (const auto& f : fused) scores.push_back(f.score);
    size_t keep = memory::adaptiveTopK(scores, 0.8, 1, impl_->memoletConfig.maxContexts);
    int allowance = r.budgetTokens ? *r.budgetTokens / 2 : -1;
    int used = 0;
    for (size_t i = 0; i < keep; ++i) {
      auto m = impl_->store->memolets().memolet(fused[i].id);
      if (!m || m->text.empty()) continue;
      auto item = board::itemOf(*impl_, m->id);
      PromptContext pc = board::promptContextOf(*m, item, false);
      MemoryBlock b = board::blockOf(*m, pc, item, "retrieved");
      // With a budget, retrieved contexts take at most half of it; explicit
      // ones are never cut.
      if (allowance >= 0 && used + b.tokens > allowance) break;
      used += b.tokens;
      b.rank = static_cast<int>(i) + 1;
      b.score = fused[i].score;
      if (auto it = contexty.find(m->id); it != contexty.end()) b.contexty = it->second;
      ctx.blocks.push_back(std::move(b));
      retrievedContexts.push_back(std::move(pc));
      ctx.retrieved.push_back(std::move(*m));
    }
  }
  // `none` leaves out what the AI understands of the board as well.
  std::string understanding = choice.preset == "none" ? std::string() : turnBoard.understanding;
  ctx.section = renderMemoletContext(explicitContexts, retrievedContexts, understanding);
  return ctx;
}

MemoletContext Engine::refineContext(const RetrievalRequest& r, const RefineRequest& f) {
  impl_->memoletsReadable();
  impl_->state(r.projectId);
  auto load = [&](const std::vector<std::string>& ids) {
    std::vector<Memolet> out;
    for (const auto& id : ids) out.push_back(memolets::require(*impl_, id));
    return out;
  };
  for (const auto& g : f.group) {
    if (!(g.weight >= 0.0 && g.weight <= 1.0))
      throw Error::invalidArg("group", "a group weight must be between 0 and 1");
    if (g.a == g.b) throw Error::invalidArg("group", "a group joins two different memolets");
  }
  std::unordered_set<std::string> removed(f.remove.begin(), f.remove.end());
  load(f.remove);  // unknown ids fail even when they would only be removed
  std::unordered_set<std::string> placed;  // ids in an instruction section
  // A memolet may be in several instruction sections (highlighted and
  // grouped); each section lists it once, and GENERAL only what is left.
  auto keep = [&](const std::vector<Memolet>& ms) {
    std::vector<PromptContext> out;
    std::unordered_set<std::string> listed;
    for (const auto& m : ms)
      if (!removed.count(m.id) && listed.insert(m.id).second) {
        placed.insert(m.id);
        out.push_back(contextOf(m));
      }
    return out;
  };
  RefineSections s;
  s.removed = removed.size();
  std::vector<Memolet> explicitOnes;
  for (const auto& g : f.group) {
    Memolet a = memolets::require(*impl_, g.a), b = memolets::require(*impl_, g.b);
    if (removed.count(a.id) || removed.count(b.id)) continue;
    placed.insert(a.id);
    placed.insert(b.id);
    s.group.push_back({contextOf(a), contextOf(b), g.weight});
  }
  s.highlight = keep(load(f.highlight));
  s.obscure = keep(load(f.obscure));
  s.add = keep(load(f.add));

  // GENERAL: what the turn would use anyway (references and retrieval),
  // without the removed ones and those placed above.
  RetrievalRequest base = r;
  std::vector<std::string> removedIds(f.remove.begin(), f.remove.end());
  base.message = scrubMemolets(r.message, removedIds);
  for (const auto& id : removed) base.exclude.push_back(id);
  for (const auto& id : placed) base.exclude.push_back(id);
  MemoletContext general = memoletContext(base);
  std::vector<Memolet> generalOnes = general.referenced;
  generalOnes.insert(generalOnes.end(), general.retrieved.begin(), general.retrieved.end());
  std::vector<Memolet> rest;
  for (auto& m : generalOnes)
    if (!placed.count(m.id)) rest.push_back(std::move(m));
  s.general = keep(rest);

  MemoletContext ctx;
  ctx.referenced = std::move(general.referenced);
  std::unordered_set<std::string> referenced;
  for (const auto& m : ctx.referenced) referenced.insert(m.id);
  std::unordered_set<std::string> inPrompt = referenced;
  auto note = [&](const PromptContext& c) {
    if (inPrompt.insert(c.id).second) ctx.retrieved.push_back(memolets::require(*impl_, c.id));
  };
  for (const auto* list : {&s.add, &s.highlight, &s.obscure}) for (const auto& c : *list) note(c);
  for (const auto& g : s.group) {
    note(g.a);
    note(g.b);
  }
  for (const auto& c : s.general) note(c);
  ctx.section = renderRefineSection(s);
  // The blocks: GENERAL ones keep why they were there; what the user placed
  // by hand (ADD, HIGHLIGHT, OBSCURE, GROUP) was added.
  std::unordered_map<std::string, const MemoryBlock*> why;
  for (const auto& b : general.blocks) why[b.memoletId] = &b;
  std::unordered_set<std::string> byHand;
  for (const auto* list : {&s.add, &s.highlight, &s.obscure})
    for (const auto& c : *list) byHand.insert(c.id);
  for (const auto& g : s.group) byHand.insert({g.a.id, g.b.id});
  for (const auto& m : ctx.referenced) ctx.blocks.push_back(*why.at(m.id));
  for (const auto& m : ctx.retrieved) {
    auto it = why.find(m.id);
    if (it != why.end() && !byHand.count(m.id)) {
      ctx.blocks.push_back(*it->second);
    } else {
      auto item = board::itemOf(*impl_, m.id);
      ctx.blocks.push_back(board::blockOf(m, board::promptContextOf(m, item, true), item, "added"));
    }
  }
  return ctx;
}

MemoletMap Engine::memoletMap(const std::optional<std::string>& projectId, std::optional<int> k) {
  impl_->memoletsReadable();
  if (k && *k < 1) throw Error::invalidArg("k", "k must be at least 1");
  return impl_->mutate([&] {
    if (projectId) impl_->state(*projectId);
    std::vector<Memolet> all = impl_->store->memolets().memolets(projectId);
    MemoletMap map;
    if (all.empty()) return map;
    std::vector<std::vector<float>> vectors;
    vectors.reserve(all.size());
    for (const auto& m : all) vectors.push_back(text::HashedVector::fromBlob(m.vector).values());
    auto points = memory::layout2d(vectors);
    int clusters = k ? std::min<int>(*k, static_cast<int>(all.size()))
                     : memory::defaultClusterCount(all.size());
    auto km = memory::kMeans(vectors, clusters);
    size_t used = km.centroids.size();
    std::vector<std::vector<std::string>> terms(used);
    std::vector<size_t> sizes(used, 0);
    for (size_t i = 0; i < all.size(); ++i) {
      Memolet& m = all[i];
      int c = i < km.assignment.size() ? km.assignment[i] : 0;
      map.points.push_back({m.id, points[i].x, points[i].y, c});
      if (m.x != points[i].x || m.y != points[i].y || m.cluster != c) {
        impl_->dirty = true;
        impl_->store->memolets().putPlacement(m.id, points[i].x, points[i].y, c);
      }
      if (c >= 0 && static_cast<size_t>(c) < used) {
        sizes[c] += 1;
        terms[c].insert(terms[c].end(), m.keywords.begin(), m.keywords.end());
      }
    }
    // Cluster keywords: TF-IDF over the members' keywords, a cluster being a document.
    std::unordered_map<std::string, size_t> df;
    for (const auto& t : terms) {
      std::unordered_set<std::string> seen(t.begin(), t.end());
      for (const auto& w : seen) df[w] += 1;
    }
    for (size_t c = 0; c < used; ++c) {
      auto words = memory::keywordTerms(
          terms[c], 5,
          [&](std::string_view w) {
            auto it = df.find(std::string(w));
            return it == df.end() ? size_t(0) : it->second;
          },
          used);
      map.clusters.push_back({static_cast<int>(c), std::move(words), sizes[c]});
    }
    return map;
  });
}

std::vector<MemoletCompletion> Engine::completeMemolets(const std::string& prefix,
                                                        const std::optional<std::string>& projectId,
                                                        size_t limit) {
  impl_->memoletsReadable();
  if (projectId) impl_->state(*projectId);
  limit = std::clamp<size_t>(limit, 1, 100);
  MemoletStore& ms = impl_->store->memolets();
  std::vector<std::string> sandbox = projectId ? ms.sandboxIds(*projectId) : std::vector<std::string>{};
  std::unordered_set<std::string> inSandbox(sandbox.begin(), sandbox.end());

  // Words of the prefix; each must begin a word of the title or a keyword.
  std::vector<std::string> words;
  std::string w;
  for (unsigned char c : prefix) {
    if (std::isalnum(c) || c == '_' || c >= 0x80) {
      w += static_cast<char>(std::tolower(c));
    } else if (!w.empty()) {
      words.push_back(std::move(w));
      w.clear();
    }
  }
  if (!w.empty()) words.push_back(std::move(w));

  std::vector<Memolet> candidates;
  if (words.empty()) {
    for (const auto& id : sandbox)
      if (auto m = ms.memolet(id); m && !m->text.empty()) candidates.push_back(std::move(*m));
    if (projectId) {
      auto own = ms.memolets(projectId);
      std::reverse(own.begin(), own.end());  // newest first
      for (auto& m : own) candidates.push_back(std::move(m));
    }
  } else {
    std::string match = "{title keywords} : (";
    for (size_t i = 0; i < words.size(); ++i) match += (i ? " AND " : "") + ("\"" + words[i] + "\"*");
    match += ")";
    for (const auto& r : ms.bm25(match, std::nullopt, 200))
      if (auto m = ms.memolet(r.id)) candidates.push_back(std::move(*m));
    // Ids are typed too (a pasted id completes to its reference).
    if (words.size() == 1 && memory::isMemoletId(prefix))
      if (auto m = ms.memolet(prefix); m && !m->text.empty()) candidates.insert(candidates.begin(), *m);
  }
  // Sandbox first, then this project's, then the rest; a title starting with
  // the prefix before one that only contains it.
  auto group = [&](const Memolet& m) {
    if (inSandbox.count(m.id)) return 0;
    return projectId && m.projectId == *projectId ? 1 : 2;
  };
  std::string lowerPrefix = lower(prefix);
  std::stable_sort(candidates.begin(), candidates.end(), [&](const Memolet& a, const Memolet& b) {
    int ga = group(a), gb = group(b);
    if (ga != gb) return ga < gb;
    bool pa = !lowerPrefix.empty() && lower(a.title).rfind(lowerPrefix, 0) == 0;
    bool pb = !lowerPrefix.empty() && lower(b.title).rfind(lowerPrefix, 0) == 0;
    return pa > pb;
  });
  std::vector<MemoletCompletion> out;
  // Board groups of the project's workspace come first: a few, named by the user.
  if (projectId && !words.empty())
    for (auto& g : board::completeGroups(*impl_, impl_->state(*projectId).project.workspaceUri, words,
                                         std::min<size_t>(limit, 5)))
      out.push_back(std::move(g));
  std::unordered_set<std::string> seen;
  std::unordered_set<std::string> trashed = trashedProjects(*impl_);
  for (const auto& m : candidates) {
    if (out.size() >= limit) break;
    if (trashed.count(m.projectId) || !seen.insert(m.id).second) continue;
    out.push_back({m.id, m.title, m.summary, memory::formatReference(m.title, m.id), "memolet"});
  }
  return out;
}

}  // namespace grove
