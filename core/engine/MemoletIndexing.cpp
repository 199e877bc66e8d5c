// Engine: memolet indexing. Exchanges are segmented into memolets as answers
// land (append only: a new exchange joins the open memolet that ends right
// above it or starts a new one, per memory::Segmenter), and memolets citing a
// unit are rebuilt when that unit is edited, deleted or restored.
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "engine/BoardState.h"
#include "engine/MemoletState.h"
#include "memory/Citations.h"
#include "memory/Keywords.h"
#include "memory/References.h"
#include "memory/Summary.h"
#include "ops/PromptRenderer.h"
#include "support/Ids.h"
#include "support/Log.h"
#include "text/Tokenizer.h"

namespace grove {

namespace {

// Enough history for a stable percentile; older seams say little about now.
constexpr size_t kMaxHistory = 256;
constexpr size_t kKeywords = 5;
constexpr size_t kSummarySentences = 2;
constexpr size_t kMaxSummaryBytes = 320;
constexpr size_t kMaxTitleBytes = 60;

memory::Segmenter makeSegmenter(const MemoletConfig& c) {
  if (c.segmentPercentile < 0) return memory::Segmenter();
  return memory::Segmenter(c.segmentPercentile);
}

// Cuts at a UTF-8 boundary at or below `max` bytes, preferring a space.
std::string cutText(const std::string& s, size_t max) {
  if (s.size() <= max) return s;
  size_t at = max;
  while (at > 0 && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
  size_t space = s.rfind(' ', at);
  if (space != std::string::npos && space > max / 2) at = space;
  return s.substr(0, at) + "…";
}

bool answersAQuestion(Engine::Impl& impl, Node& answer, Node*& question) {
  const Unit& a = answer.unit;
  if (a.removed || a.role != Role::Assistant || a.kind != Kind::Message) return false;
  if (a.status != Status::Complete && a.status != Status::Interrupted) return false;
  if (a.content.empty()) return false;
  question = impl.parentOf(answer);
  return question && !question->unit.removed && question->unit.role == Role::User &&
         question->unit.kind == Kind::Message;
}

std::string exchangeText(const Unit& q, const Unit& a) {
  return memolets::unitText(q) + "\n\n" + memolets::unitText(a);
}

}  // namespace

MemoletConfig MemoletConfig::fromEnvironment() {
  MemoletConfig c;
  if (const char* v = std::getenv("GROVE_RRF_K"); v && *v) {
    int k = std::atoi(v);
    if (k > 0) c.rrfK = k;
  }
  if (const char* v = std::getenv("GROVE_SEGMENT_PERCENTILE"); v && *v) {
    double p = std::atof(v);
    if (p > 1.0) p /= 100.0;  // "75" and "0.75" both mean the 75th percentile
    if (p >= 0.0 && p <= 1.0) c.segmentPercentile = p;
  }
  for (auto [name, weight] : {std::pair{"GROVE_MEMOLET_EXCHANGE_WEIGHT", &c.exchangeWeight},
                               std::pair{"GROVE_MEMOLET_WINDOW_WEIGHT", &c.windowWeight}})
    if (const char* v = std::getenv(name); v && *v) {
      double w = std::atof(v);
      if (w >= 0) *weight = w;
    }
  if (const char* v = std::getenv("GROVE_MEMOLET_MAX_CONTEXTS"); v && *v) {
    int n = std::atoi(v);
    if (n > 0) c.maxContexts = static_cast<size_t>(n);
  }
  return c;
}

// The defaults are the settings chosen on the development splits.
MemoletConfig MemoletConfig::granularSearch() { return MemoletConfig{}; }

MemoletConfig MemoletConfig::wholeMemolets() {
  MemoletConfig c;
  c.rrfK = 60;
  c.exchangeWeight = 0.0;
  c.windowWeight = 0.0;
  c.rescoreDepth = 0;
  return c;
}

std::vector<std::string> MemoletContext::ids() const {
  std::vector<std::string> out;
  for (const auto& m : referenced) out.push_back(m.id);
  for (const auto& m : retrieved) out.push_back(m.id);
  return out;
}

MemoletState::MemoletState(const MemoletConfig& config) : segmenter(makeSegmenter(config)) {}

MemoletState& Engine::Impl::memolets() {
  if (!memo) memo = std::make_shared<MemoletState>(memoletConfig);
  return *memo;
}

void Engine::Impl::memoletsChanged(const std::string& projectId, std::vector<std::string> ids) {
  if (ids.empty()) return;
  // Merge into the previous event of the same project (one per mutation).
  if (!memoletPending.empty() && memoletPending.back().projectId == projectId) {
    auto& prev = memoletPending.back().memoletIds;
    for (auto& id : ids)
      if (std::find(prev.begin(), prev.end(), id) == prev.end()) prev.push_back(std::move(id));
    return;
  }
  memoletPending.push_back({projectId, std::move(ids)});
}

namespace memolets {

// Reads again the memolets of projects another core appended to: only theirs,
// where dropping the indexes would read every memolet of the store again.
void refreshStale(Engine::Impl& impl, MemoletState& s) {
  for (auto it = s.projectOf.begin(); it != s.projectOf.end();) {
    if (!s.staleProjects.count(it->second)) {
      ++it;
      continue;
    }
    s.hashed.remove(it->first);
    it = s.projectOf.erase(it);
  }
  for (const auto& projectId : s.staleProjects)
    for (auto& row : impl.store->memolets().vectorRows(projectId)) {
      s.hashed.upsert(row.id, text::HashedVector::fromBlob(row.vector).values(), s.groupFor(row.projectId));
      s.projectOf[row.id] = row.projectId;
    }
  s.staleProjects.clear();
  s.provider.reset();  // rebuilt on its next use (with a provider only)
}

void appendedElsewhere(Engine::Impl& impl, const std::string& projectId) {
  if (!impl.memo) return;  // nothing loaded yet
  MemoletState& s = *impl.memo;
  s.staleProjects.insert(projectId);
  s.maybeBehind = true;
  s.documentFrequency.clear();
  s.documentCount = 0;
}

MemoletState& loaded(Engine::Impl& impl) {
  MemoletState& s = impl.memolets();
  if (s.loaded) {
    if (!s.staleProjects.empty()) refreshStale(impl, s);
    return s;
  }
  for (auto& row : impl.store->memolets().vectorRows()) {
    s.hashed.upsert(row.id, text::HashedVector::fromBlob(row.vector).values(), s.groupFor(row.projectId));
    s.projectOf[row.id] = row.projectId;
  }
  s.loaded = true;
  return s;
}

const memory::VectorIndex* providerIndex(Engine::Impl& impl, const std::string& model) {
  MemoletState& s = loaded(impl);
  if (model.empty()) return nullptr;
  if (!s.provider || s.providerModel != model) {
    s.provider.reset();
    s.providerModel = model;
    for (auto& row : impl.store->memolets().vectorRows()) {
      if (row.embeddingModel != model || row.embedding.empty()) continue;
      std::vector<float> v = text::HashedVector::fromBlob(row.embedding).values();
      if (!s.provider) s.provider = std::make_unique<memory::VectorIndex>(static_cast<int>(v.size()));
      s.provider->upsert(row.id, v);
    }
    if (!s.provider) s.provider = std::make_unique<memory::VectorIndex>(0);
  }
  return s.provider->size() ? s.provider.get() : nullptr;
}

void write(Engine::Impl& impl, const Memolet& m) {
  impl.dirty = true;
  impl.store->memolets().putMemolet(m);
  keepIndexed(impl, m);
}

void dropIndexed(Engine::Impl& impl, const std::string& id) {
  if (impl.memo) ++impl.memo->writesSinceCounted;
  if (!impl.memo || !impl.memo->loaded) return;
  MemoletState& s = *impl.memo;
  s.hashed.remove(id);
  s.projectOf.erase(id);
  if (s.provider) s.provider->remove(id);
}

void keepIndexed(Engine::Impl& impl, const Memolet& m) {
  if (impl.memo) ++impl.memo->writesSinceCounted;
  if (!impl.memo || !impl.memo->loaded) return;
  MemoletState& s = *impl.memo;
  if (m.text.empty()) {
    s.hashed.remove(m.id);
    s.projectOf.erase(m.id);
  } else {
    s.hashed.upsert(m.id, text::HashedVector::fromBlob(m.vector).values(), s.groupFor(m.projectId));
    s.projectOf[m.id] = m.projectId;
  }
  if (s.provider && !s.providerModel.empty()) {
    if (!m.text.empty() && !m.embedding.empty() && m.embeddingModel == s.providerModel) {
      std::vector<float> v = text::HashedVector::fromBlob(m.embedding).values();
      if (s.provider->dims() == 0 || s.provider->size() == 0)
        s.provider = std::make_unique<memory::VectorIndex>(static_cast<int>(v.size()));
      s.provider->upsert(m.id, v);
    } else {
      s.provider->remove(m.id);
    }
  }
}

Memolet require(Engine::Impl& impl, const std::string& id) {
  if (!memory::isMemoletId(id)) throw Error::notFound("memoletNotFound", id);
  auto m = impl.store->memolets().memolet(id);
  if (!m) throw Error::notFound("memoletNotFound", id);
  // A board capture that never went to a conversation belongs to no project.
  if (m->projectId.empty()) return std::move(*m);
  ProjectState* ps = impl.findState(m->projectId);
  if (!ps || ps->project.deletedAt) throw Error::notFound("memoletNotFound", id);
  return std::move(*m);
}

std::string unitText(const Unit& u) {
  const char* label = u.role == Role::User ? "User" : u.role == Role::Assistant ? "Assistant" : "System";
  return std::string(label) + ": " + renderUnit(u);
}

std::string titleFrom(const std::string& text) {
  std::string line;
  for (char c : text) {
    if (c == '\n') {
      if (line.find_first_not_of(" \t") != std::string::npos) break;
      line.clear();
      continue;
    }
    line.push_back(c == '[' ? '(' : c == ']' ? ')' : c == '\r' || c == '\t' ? ' ' : c);
  }
  // A leading role label says nothing about the topic.
  for (const char* label : {"User: ", "Assistant: ", "System: ", "Note: "})
    if (line.rfind(label, 0) == 0) line.erase(0, std::string(label).size());
  size_t b = line.find_first_not_of(" #>*-");
  line = b == std::string::npos ? std::string() : line.substr(b);
  while (!line.empty() && line.back() == ' ') line.pop_back();
  if (line.empty()) return "Untitled memory";
  return cutText(line, kMaxTitleBytes);
}

namespace {

/// Fewest writes that drop the cached counts: a small store's first memolets
/// would otherwise drop them at every exchange.
constexpr size_t kMinWritesToRecount = 16;

/// Drops the cached counts once the memolets have changed by a tenth. Cached
/// for good, a term's count stayed what it was when indexing first looked it
/// up, often 0 (the memolet that brought it was not yet written), and search
/// weighed and chose its terms by those counts.
void recountIfChanged(MemoletState& s) {
  if (s.writesSinceCounted <= std::max(kMinWritesToRecount, s.documentCount / 10)) return;
  s.documentFrequency.clear();
  s.documentCount = 0;
  s.writesSinceCounted = 0;
}

}  // namespace

size_t documentFrequency(Engine::Impl& impl, std::string_view term) {
  // Document frequencies change slowly; a cache keeps indexing an exchange
  // within milliseconds, and is dropped as the memolets grow.
  MemoletState& s = impl.memolets();
  recountIfChanged(s);
  auto it = s.documentFrequency.find(std::string(term));
  if (it != s.documentFrequency.end()) return it->second;
  size_t count = impl.store->memolets().documentFrequency(term);
  s.documentFrequency.emplace(std::string(term), count);
  return count;
}

size_t documentCount(Engine::Impl& impl) {
  MemoletState& s = impl.memolets();
  recountIfChanged(s);
  if (s.documentCount == 0) s.documentCount = impl.store->memolets().documentCount();
  return s.documentCount;
}

std::vector<std::string> keywords(Engine::Impl& impl, const std::vector<std::string>& tokens, size_t n) {
  auto df = [&](std::string_view term) { return documentFrequency(impl, term); };
  return memory::keywordTerms(tokens, n, df, documentCount(impl) + 1);
}

void describe(Engine::Impl& impl, Memolet& m) {
  std::vector<std::string> tokens = text::tokenize(m.text);
  m.keywords = keywords(impl, tokens, kKeywords);
  m.summary = cutText(memory::extractiveSummary(m.text, kSummarySentences), kMaxSummaryBytes);
  m.vector = text::HashedVector::fromTokens(tokens).toCompactBlob();
  // A provider embedding describes the old text: the embedding job redoes it.
  m.embedding.clear();
  m.embeddingModel.clear();
  m.updatedAt = impl.now();
}

void rebuild(Engine::Impl& impl, Memolet& m) {
  std::string text;
  if (m.span) {
    Node* n = impl.findNode(m.span->unitId);
    if (n && !n->unit.removed) {
      const std::string& c = n->unit.content;
      size_t start = std::min<size_t>(static_cast<size_t>(m.span->start), c.size());
      size_t end = std::min<size_t>(static_cast<size_t>(m.span->end), c.size());
      if (end > start) text = c.substr(start, end - start);
    }
  } else {
    for (const auto& id : m.sourceUnitIds) {
      Node* n = impl.findNode(id);
      if (!n || n->unit.removed || n->unit.kind == Kind::Placeholder || n->unit.content.empty())
        continue;
      if (!text.empty()) text += "\n\n";
      text += unitText(n->unit);
    }
  }
  if (text == m.text) return;
  m.text = std::move(text);
  if (!m.manual && !m.text.empty()) m.title = titleFrom(m.text);
  describe(impl, m);
}

void placeNearNeighbour(Engine::Impl& impl, Memolet& m) {
  MemoletState& s = loaded(impl);
  auto hits = s.hashed.topK(text::HashedVector::fromBlob(m.vector).values(), 2,
                            [&](const std::string& id) { return id != m.id; });
  if (hits.empty()) return;
  if (auto near = impl.store->memolets().memolet(hits.front().id)) {
    m.x = near->x;
    m.y = near->y;
    m.cluster = near->cluster;
  }
}

namespace {

Memolet& add(IndexingPass& pass, Memolet m, bool retext) {
  pass.byId.emplace(m.id, pass.memolets.size());
  if (m.tailUnitId) pass.byTail[*m.tailUnitId] = pass.memolets.size();
  pass.memolets.push_back(std::move(m));
  pass.retext.push_back(retext);
  return pass.memolets.back();
}

// The pass's copy of memolet `id`, read from the store on first touch; null
// when there is no such memolet.
Memolet* touch(Engine::Impl& impl, IndexingPass& pass, const std::string& id) {
  auto it = pass.byId.find(id);
  if (it != pass.byId.end()) return &pass.memolets[it->second];
  auto m = impl.store->memolets().memolet(id);
  if (!m) return nullptr;
  return &add(pass, std::move(*m), false);
}

// The open memolet whose last exchange ends at answer `tailUnitId`, as the
// pass has it. The store's rows lag the pass, so a memolet the pass already
// grew past that answer, or closed, is not open there any more.
Memolet* openAt(Engine::Impl& impl, IndexingPass& pass, const std::string& tailUnitId) {
  auto known = pass.byTail.find(tailUnitId);
  if (known != pass.byTail.end()) {
    Memolet& m = pass.memolets[known->second];
    if (m.tailUnitId == tailUnitId && !m.closed) return &m;
  }
  auto id = impl.store->memolets().openAt(tailUnitId);
  if (!id) return nullptr;
  Memolet* m = touch(impl, pass, *id);
  return m && m->tailUnitId == tailUnitId && !m->closed ? m : nullptr;
}

const text::HashedVector& exchangeVector(IndexingPass& pass, Node& q, Node& a) {
  auto it = pass.exchangeVectors.find(a.unit.id);
  if (it == pass.exchangeVectors.end())
    it = pass.exchangeVectors.emplace(a.unit.id, text::HashedVector::fromText(exchangeText(q.unit, a.unit))).first;
  return it->second;
}

}  // namespace

std::vector<std::string> indexExchange(Engine::Impl& impl, IndexingPass& pass, Node& q, Node& a) {
  MemoletStore& ms = impl.store->memolets();
  if (!ms.citing(a.unit.id).empty()) return {};  // already indexed (e.g. a redo)
  MemoletState& s = impl.memolets();
  const std::string projectId = a.unit.projectId;
  std::string exText = exchangeText(q.unit, a.unit);
  const text::HashedVector vec = exchangeVector(pass, q, a);

  if (!pass.historyRead) {
    pass.history = ms.segmentHistory(projectId);
    pass.historyRead = true;
  }
  std::vector<double>& history = pass.history;
  // The exchange above, on this path: its answer is q's parent.
  Memolet* open = nullptr;
  Node* prevA = impl.parentOf(q);
  Node* prevQ = nullptr;
  if (prevA && answersAQuestion(impl, *prevA, prevQ)) {
    history.push_back(vec.cosine(exchangeVector(pass, *prevQ, *prevA)));
    if (history.size() > kMaxHistory) history.erase(history.begin());
    pass.historyChanged = true;
    open = openAt(impl, pass, prevA->unit.id);
  }

  std::vector<std::string> changed;
  bool fresh = true;
  if (open) {
    text::HashedVector centroid = text::HashedVector::fromBlob(open->segmentSum);
    centroid.normalize();
    fresh = s.segmenter.startsNewSegment(history, vec.cosine(centroid),
                                         static_cast<size_t>(open->exchanges));
  }
  if (open && !fresh) {
    text::HashedVector sum = text::HashedVector::fromBlob(open->segmentSum);
    sum.add(vec);
    open->segmentSum = sum.toBlob();
    open->exchanges += 1;
    open->tailUnitId = a.unit.id;
    open->sourceUnitIds.push_back(q.unit.id);
    open->sourceUnitIds.push_back(a.unit.id);
    open->text += (open->text.empty() ? "" : "\n\n") + exText;
    const size_t at = pass.byId.at(open->id);
    pass.retext[at] = true;
    pass.byTail[a.unit.id] = at;
    changed.push_back(open->id);
    return changed;
  }
  Memolet m;
  if (open) {
    // A closed memolet never changes by segmentation again, so the running
    // sum of its exchanges' vectors (a kilobyte) is dropped with it.
    open->closed = true;
    open->segmentSum.clear();
    changed.push_back(open->id);
    // Until the next map, the new one sits where its conversation's previous
    // memolet does (a nearest-neighbour scan would cost the whole index per
    // exchange).
    m.x = open->x;
    m.y = open->y;
    m.cluster = open->cluster;
  }
  m.id = newId('m');
  m.projectId = projectId;
  m.text = exText;
  m.title = titleFrom(q.unit.content);
  m.sourceUnitIds = {q.unit.id, a.unit.id};
  m.tailUnitId = a.unit.id;
  m.segmentSum = vec.toBlob();
  m.exchanges = 1;
  m.createdAt = impl.now();
  s.documentCount += 1;
  changed.push_back(m.id);
  add(pass, std::move(m), true);
  return changed;
}

void finishPass(Engine::Impl& impl, IndexingPass& pass, const std::string& projectId) {
  for (size_t i = 0; i < pass.memolets.size(); ++i) {
    if (pass.retext[i]) describe(impl, pass.memolets[i]);
    write(impl, pass.memolets[i]);
  }
  if (pass.historyChanged) impl.store->memolets().putSegmentHistory(projectId, pass.history);
  pass = IndexingPass();
}

}  // namespace memolets

size_t Engine::Impl::catchUpMemolets(const std::string& projectId, size_t limit,
                                      const std::function<bool()>& yield) {
  // Units a batch looks at before it may make way for a waiting request, so
  // indexing progresses however busy the core is.
  constexpr size_t kBeforeYield = 2;
  // Cores on one database claim a project's indexing with its row lock: a
  // second core waits here, then reads how far the first got (nothing is
  // indexed twice).
  if (sharedStore) findState(projectId);
  MemoletStore& ms = store->memolets();
  int64_t next = ms.indexedUpTo(projectId);
  std::vector<std::string> changed;
  memolets::IndexingPass pass;
  size_t seen = 0;
  bool yielding = false;
  // Rows are read in growing steps when the batch may make way: one that
  // stops after two units should not have read 512 with their text.
  size_t step = yield ? 16 : 512;
  while (seen < limit && !yielding) {
    std::vector<Unit> rows = store->unitsFromSeq(projectId, next, std::min<size_t>(step, limit - seen));
    step = std::min<size_t>(step * 2, 512);
    if (rows.empty()) break;
    for (auto& row : rows) {
      next = row.seq + 1;
      ++seen;
      Node* n = adopt(std::move(row));
      // A streaming answer is indexed when its stream ends (memoletsOnUnits).
      Node* q = nullptr;
      if (answersAQuestion(*this, *n, q))
        for (auto& m : memolets::indexExchange(*this, pass, *q, *n))
          if (std::find(changed.begin(), changed.end(), m) == changed.end()) changed.push_back(std::move(m));
      // An exchange costs about 80 µs to index: a request waiting behind a
      // batch of hundreds would wait tens of milliseconds.
      if (yield && seen >= kBeforeYield && yield()) {
        yielding = true;
        break;
      }
    }
    // Written per read of rows, in the same transaction: a long backlog (an
    // import, a restart after a crash) must not hold all its memolets and
    // exchange vectors in memory at once.
    memolets::finishPass(*this, pass, projectId);
  }
  if (seen == 0) return 0;
  dirty = true;
  ms.putIndexedUpTo(projectId, next);
  if (!changed.empty()) {
    board::followChat(*this, projectId, changed);
    memoletsChanged(projectId, std::move(changed));
  }
  return seen;
}

void Engine::Impl::memoletsReadable() {
  if (!deferMemolets) return;
  MemoletState& s = memolets();
  if (!s.maybeBehind) return;
  try {
    mutate([&] {
      for (const auto& projectId : store->memolets().projectsBehind())
        catchUpMemolets(projectId, std::numeric_limits<size_t>::max());
    });
    memolets().maybeBehind = false;
  } catch (const Error& e) {
    // A read still answers (from what is indexed) when the store cannot be
    // written, e.g. a read-only store.
    log::warn(std::string("memolet indexing could not catch up: ") + e.what());
  }
}

void Engine::Impl::memoletsOnUnits(ChangeOp op, const std::vector<std::string>& unitIds) {
  const bool appended = op == ChangeOp::Append;
  const bool changedText = op == ChangeOp::Edit || op == ChangeOp::Delete || op == ChangeOp::Stream ||
                           op == ChangeOp::Undo || op == ChangeOp::Redo;
  if (!appended && !changedText) return;
  std::vector<std::string> changed;
  std::string projectId;
  for (const auto& id : unitIds) {
    Node* n = findNode(id);
    if (!n) continue;
    projectId = n->unit.projectId;
    if (appended) {
      // An answer whose stream ended after the progress mark passed it (the
      // mark skips streaming units) is indexed now; the rest waits for the
      // mark, below or in a deferred catch-up.
      Node* q = nullptr;
      // The in-memory test first: most appends are not answers, and the mark is a query.
      if (answersAQuestion(*this, *n, q) && n->unit.seq < store->memolets().indexedUpTo(projectId)) {
        memolets::IndexingPass pass;
        for (auto& m : memolets::indexExchange(*this, pass, *q, *n)) changed.push_back(std::move(m));
        memolets::finishPass(*this, pass, projectId);
      }
      continue;
    }
    for (const auto& mid : store->memolets().citing(id)) {
      auto m = store->memolets().memolet(mid);
      if (!m) continue;
      std::string before = m->text;
      memolets::rebuild(*this, *m);
      if (m->text == before) continue;
      memolets::write(*this, *m);
      if (std::find(changed.begin(), changed.end(), mid) == changed.end()) changed.push_back(mid);
    }
  }
  if (!changed.empty()) {
    board::followChat(*this, projectId, changed);
    memoletsChanged(projectId, std::move(changed));
  }
  if (appended && !projectId.empty()) {
    if (deferMemolets)
      memolets().maybeBehind = true;
    else
      catchUpMemolets(projectId, std::numeric_limits<size_t>::max());
  }
}

}  // namespace grove
