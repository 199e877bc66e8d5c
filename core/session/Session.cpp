#include "session/Session.h"

#include "knowledge/Ingest.h"
#include "knowledge/WorkspaceUri.h"
#include "llm/ConfigLoader.h"
#include "llm/ProviderRegistry.h"
#include "session/BoardCaptureJobs.h"
#include "session/BoardReorganizeJobs.h"
#include "session/EmbeddingJobs.h"
#include "session/KnowledgeAskJobs.h"
#include "session/KnowledgeSuggest.h"
#include "session/KnowledgeSuggestJobs.h"
#include "session/StructureJobs.h"
#include "session/SummaryJobs.h"
#include "support/Log.h"
#include "workspace/LocalSourceFiles.h"

namespace grove::session {

namespace {

std::unique_ptr<Executor> makeExecutor(const SessionOptions& o, ManualExecutor*& manual) {
  if (!o.deterministic) return std::make_unique<PoolExecutor>(o.workers);
  auto m = std::make_unique<ManualExecutor>();
  manual = m.get();
  return m;
}

}  // namespace

Session::Session(Engine& engine, llm::ProviderRegistry& providers, SessionOptions options)
    : engine_(engine), providers_(&providers), executor_(makeExecutor(options, manual_)) {
  startAnchors(options);
  engine_.setChangeListener([this](const ChangeEvent& e) { changes_.push_back(e); });
  engine_.setSuggestionListener([this](const SuggestionEvent& e) { suggestions_.push_back(e); });
  engine_.setMemoletListener([this](const MemoletEvent& e) { memolets_.push_back(e); });
  engine_.setBoardListener([this](const BoardChange& e) { boards_.push_back(e); });
  engine_.setKnowledgeListener([this](const KnowledgeChange& e) { knowledge_.push_back(e); });
  startIndexing(options);
}

Session::Session(Engine& engine, SessionOptions options)
    : engine_(engine),
      ownProviders_(std::make_unique<llm::ProviderRegistry>(llm::offlineSettings())),
      providers_(ownProviders_.get()),
      executor_(makeExecutor(options, manual_)) {
  startAnchors(options);
  engine_.setChangeListener([this](const ChangeEvent& e) { changes_.push_back(e); });
  engine_.setSuggestionListener([this](const SuggestionEvent& e) { suggestions_.push_back(e); });
  engine_.setMemoletListener([this](const MemoletEvent& e) { memolets_.push_back(e); });
  engine_.setBoardListener([this](const BoardChange& e) { boards_.push_back(e); });
  engine_.setKnowledgeListener([this](const KnowledgeChange& e) { knowledge_.push_back(e); });
  startIndexing(options);
}

Session::~Session() {
  closing_.cancel();
  if (indexing_) indexing_->stop();
  // Queued work may still call back into the session: let it finish first.
  executor_.reset();
  engine_.setDeferredMemoletIndexing(false);
  engine_.setChangeListener(nullptr);
  engine_.setSuggestionListener(nullptr);
  engine_.setMemoletListener(nullptr);
  engine_.setBoardListener(nullptr);
  engine_.setKnowledgeListener(nullptr);
}

void Session::startAnchors(const SessionOptions& o) {
  anchors_ = std::make_unique<SourceAnchors>(
      o.sourceFiles ? o.sourceFiles : std::make_shared<workspace::LocalSourceFiles>());
}

Unit Session::appendUnit(const AppendRequest& request) {
  Unit unit = engine_.append(request);
  try {
    engine_.captureAppended(unit);
  } catch (const Error& e) {
    // The append is stored and answered; only the board's copy is missing.
    log::warn(std::string("a captured code unit could not reach its board: ") + e.what());
  }
  if (!SourceAnchors::wantsProvenance(unit)) return unit;
  afterCommit([this, unit, actor = engine_.actor()] {
    post([this, unit, actor] {
      GitProvenance git = anchors_->probe(*unit.source, closing_.withTimeout(kGitProbeLimit));
      if (!git.commit && !git.branch && !git.dirty) return;  // no git, no repository, or too slow
      runLocked(actor, [&](Engine& e) {
        Unit now = e.unit(unit.id);
        // A client may have filled them meanwhile (an edit of the source).
        if (!now.source || now.source->gitCommit || now.source->gitBranch || now.source->dirty) return;
        Source s = *now.source;
        s.gitCommit = git.commit;
        s.gitBranch = git.branch;
        s.dirty = git.dirty;
        e.updateSources({{unit.id, s}});
      });
    });
  });
  return unit;
}

RefreshResult Session::refreshWorkspace(const RefreshRequest& request) {
  return anchors_->refresh(engine_, request);
}

void Session::refreshWorkspace(const RefreshRequest& request, Done<RefreshResult> done) {
  RefreshResult result = anchors_->refresh(engine_, request);
  const std::string ws = knowledge::normalizeWorkspaceUri(request.workspaceUri);
  // Only a workspace someone ingested has documents to keep current: a save
  // elsewhere must not start a knowledge index nobody asked for.
  if (knowledge::documentIndexInfo(engine_.knowledgeDocuments(), ws).documents == 0 || knowledgeIngest_.running(ws))
    return done(std::move(result));
  std::vector<DocumentChange> changes;
  for (const FileChange& c : request.changes.value_or(std::vector<FileChange>{})) {
    if (c.text) continue;  // an unsaved buffer is not the document yet
    changes.push_back({c.uri, c.type == FileChangeType::Renamed ? "renamed" : "changed", c.oldUri});
  }
  if (request.changes && changes.empty()) return done(std::move(result));
  knowledgeIngest_.refreshDocuments(
      ws, changes, [result = std::move(result), done = std::move(done)](Expected<KnowledgeIngestResult> r) mutable {
        if (r) {
          result.documentsAdded = std::move(r->added);
          result.documentsUpdated = std::move(r->updated);
          result.documentsRemoved = std::move(r->removed);
        } else {
          // The anchors are stored; the documents catch up at the next ingest.
          log::warn("workspace refresh: documents not re-ingested: " + std::string(r.error().what()));
        }
        done(std::move(result));
      });
}

void Session::startIndexing(const SessionOptions& o) {
  bool defer = o.deferIndexing.value_or(!o.deterministic);
  engine_.setDeferredMemoletIndexing(defer);
  if (!defer) return;
  indexing_ = std::make_unique<IndexingJobs>(
      *this, o.deterministic ? std::chrono::milliseconds(0) : o.indexingDelay);
  // A previous run may have stopped with exchanges not yet indexed.
  indexing_->schedule();
}

void Session::setEventSink(EventSink sink) {
  std::lock_guard<std::mutex> lock(mu_);
  sink_ = std::move(sink);
}

bool Session::offline() const { return providers_->offline(); }

const std::string& Session::actor() const { return engine_.actor(); }

std::unique_lock<std::mutex> Session::lockEngine() {
  waiting_.fetch_add(1, std::memory_order_relaxed);
  std::unique_lock<std::mutex> lock(mu_);
  waiting_.fetch_sub(1, std::memory_order_relaxed);
  return lock;
}

void Session::runBatch(const std::string& actor, const std::function<void(Engine&)>& work,
                       const std::function<void(const std::optional<Error>&)>& committed) {
  std::unique_lock<std::mutex> lock = lockEngine();
  engine_.setActor(actor);
  engine_.beginBatch();
  std::optional<Error> failure;
  // The store could not write (a full disk, most often): indexing waits for
  // a write of the user's to succeed, so space given back goes to it first.
  auto holdIndexingAfter = [this](const Error& e) {
    if (e.kind() == ErrorKind::Storage && indexing_) indexing_->hold();
  };
  auto abandon = [this] {
    engine_.abortBatch();
    afterCommit_.clear();
  };
  try {
    work(engine_);
  } catch (const Error& e) {
    abandon();
    holdIndexingAfter(e);
    throw;
  } catch (...) {
    abandon();
    throw;
  }
  try {
    engine_.commitBatch();
  } catch (const Error& e) {
    // Nothing of the batch is durable: nothing may report success or follow it.
    log::error(std::string("commit failed: ") + e.what());
    failure = e;
  }
  committed(failure);
  if (failure) afterCommit_.clear();
  publish();
  if (failure) holdIndexingAfter(*failure);
  auto tasks = std::move(afterCommit_);
  afterCommit_.clear();
  for (auto& t : tasks) t();
}

void Session::runLocked(const std::string& actor, const std::function<void(Engine&)>& fn) {
  std::unique_lock<std::mutex> lock = lockEngine();
  engine_.setActor(actor);
  try {
    fn(engine_);
  } catch (const std::exception& e) {
    log::error(std::string("continuation failed: ") + e.what());
  }
  publish();
  // A continuation may start more work that waits for durability; outside a
  // batch every change is already durable.
  auto tasks = std::move(afterCommit_);
  afterCommit_.clear();
  for (auto& t : tasks) t();
}

void Session::afterCommit(std::function<void()> task) { afterCommit_.push_back(std::move(task)); }

void Session::post(std::function<void()> task) { executor_->post(std::move(task)); }

size_t Session::runUntilIdle() { return manual_ ? manual_->runUntilIdle() : 0; }

void Session::publish() {
  if (!changes_.empty()) {
    auto events = std::move(changes_);
    changes_.clear();
    if (indexing_)
      for (const auto& e : events)
        if (e.op == ChangeOp::Append) {
          indexing_->schedule();
          break;
        }
    if (sink_.changes) sink_.changes(events);
  }
  if (!suggestions_.empty()) {
    auto events = std::move(suggestions_);
    suggestions_.clear();
    if (sink_.suggestions) sink_.suggestions(events);
  }
  if (!memolets_.empty()) {
    auto events = std::move(memolets_);
    memolets_.clear();
    if (sink_.memolets) sink_.memolets(events);
    embedChangedMemolets(*this, events);
  }
  if (!boards_.empty()) {
    auto events = std::move(boards_);
    boards_.clear();
    if (sink_.boards) sink_.boards(events);
  }
  if (!knowledge_.empty()) {
    auto events = std::move(knowledge_);
    knowledge_.clear();
    if (sink_.knowledge) sink_.knowledge(events);
  }
}

// ---- Services ------------------------------------------------------------------

Project Session::setCursor(const std::string& projectId, const std::optional<std::string>& cursorId) {
  Project before = engine_.project(projectId);
  Project after = engine_.setCursor(projectId, cursorId);
  // A move to another path is a path switch: the memory agent runs.
  if (before.cursorId && cursorId) {
    onPathSwitch(*this, projectId, *before.cursorId, *cursorId);
    after = engine_.project(projectId);
  }
  return after;
}

void Session::summarizeBranch(const std::string& projectId, const std::string& headId, Done<Branch> done) {
  Unit head = engine_.unit(headId);
  if (head.projectId != projectId)
    throw Error::invalidArg("headId", "unit " + headId + " belongs to another project");
  if (head.parentId && !head.startsBranch)
    throw Error::invalidOp("notBranchHead", "unit " + headId + " does not start a branch", headId);
  session::summarizeBranch(*this, projectId, headId,
                           [done, headId](Engine& e, const std::optional<Error>& err) {
                             if (err) return done(*err);
                             done(captureExpected([&] { return e.branchOf(headId); }));
                           });
}

BranchReturn Session::returnFromBranch(const std::string& projectId, const std::string& headId,
                                       const std::optional<std::string>& summary) {
  BranchReturn r = engine_.returnFromBranch(projectId, headId, summary);
  // The summary the user wrote is kept. Otherwise, as for a return card, the
  // memory agent rewrites the engine's extractive one with a provider; it is
  // the returned branch that is summarised, wherever the cursor was.
  if (!summary && !offline())
    session::summarizeBranch(*this, projectId, headId, [](Engine&, const std::optional<Error>&) {});
  return r;
}

void Session::resolveSuggestion(const std::string& id, Decision decision, Done<Resolution> done) {
  Suggestion s = engine_.suggestion(id);
  // With a provider, the memory agent follows a return's path switch as it
  // does a cursor move (the utility model rewrites the summary). Offline the
  // engine's extractive summary, which leaves out a delegated request and its
  // acknowledgement, is the one the branch keeps.
  auto finished = [this, done](Expected<Resolution> r) {
    if (r && r->pathSwitch && !offline())
      onPathSwitch(*this, r->suggestion.projectId, r->pathSwitch->first, r->pathSwitch->second);
    done(std::move(r));
  };
  bool draftFirst = decision == Decision::Accept && s.kind == SuggestionKind::Extract &&
                    s.state != SuggestionState::Accepted && s.state != SuggestionState::Rejected &&
                    !offline();
  std::vector<Unit> source;
  if (draftFirst) {
    try {
      source = engine_.capsuleSource(s.projectId, s.anchorIds);
    } catch (const Error&) {
      draftFirst = false;  // resolving reports what is wrong
    }
  }
  if (!draftFirst) {
    finished(engine_.resolveSuggestion(id, decision));
    return;
  }
  // The utility model writes the capsule first; the suggestion is accepted
  // when the draft (or its extractive fallback) is in.
  CapsuleType type = parseCapsuleType(s.capsuleType.value_or("task_sop")).value_or(CapsuleType::TaskSop);
  draftCapsule(*this, std::move(source), type,
               [finished, id](Engine& e, const std::optional<CapsuleDraft>& draft) {
                 finished(captureExpected([&] { return e.resolveSuggestion(id, Decision::Accept, draft); }));
               });
}

void Session::extractCapsule(const std::string& projectId, const std::vector<std::string>& unitIds,
                             CapsuleType type, Done<Capsule> done) {
  std::vector<Unit> source = engine_.capsuleSource(projectId, unitIds);
  if (offline()) {
    done(engine_.extractCapsule(projectId, unitIds, type, std::nullopt));
    return;
  }
  draftCapsule(*this, std::move(source), type,
               [done, projectId, unitIds, type](Engine& e, const std::optional<CapsuleDraft>& draft) {
                 done(captureExpected([&] { return e.extractCapsule(projectId, unitIds, type, draft); }));
               });
}

void Session::captureToBoard(const CaptureRequest& request, Done<CaptureResult> done) {
  if (offline()) {
    done(engine_.capture(request));
    return;
  }
  captureWithModel(*this, request, std::move(done));
}

void Session::reorganizeBoard(const ReorganizeRequest& request, Done<Suggestion> done) {
  if (offline() || Engine::reorganizesOffline(request.instruction)) {
    done(engine_.reorganizeBoard(request));
    return;
  }
  reorganizeWithModel(*this, request, std::move(done));
}

void Session::classifyKnowledge(const std::string& workspaceUri, const std::string& input,
                                const std::optional<std::string>& nodeId, Done<KnowledgeIntent> done) {
  if (offline()) {
    done(session::classifyKnowledge(engine_, workspaceUri, input, nodeId));
    return;
  }
  classifyKnowledgeWithModel(*this, workspaceUri, input, nodeId, std::move(done));
}

void Session::askKnowledge(const KnowledgeAskRequest& request, Done<KnowledgeTurn> done, CancellationToken cancel) {
  if (offline()) {
    done(session::askKnowledge(engine_, request));
    return;
  }
  askKnowledgeWithModel(*this, request, std::move(done), std::move(cancel));
}

void Session::suggestKnowledge(const std::string& workspaceUri, const std::string& nodeId, int limit,
                               Done<std::vector<Suggestion>> done) {
  if (offline()) {
    done(suggestChildren(engine_, workspaceUri, nodeId, limit));
    return;
  }
  suggestChildrenWithModel(*this, workspaceUri, nodeId, limit, std::move(done));
}

void Session::searchMemolets(MemoletQuery q, Done<std::vector<MemoletHit>> done) {
  if (q.projectId) engine_.project(*q.projectId);
  std::string model = embeddingModelOf(*this);
  if (model.empty()) {
    done(engine_.searchMemolets(q));
    return;
  }
  embedMissingOnce(*this);
  // With an OpenAI-compatible provider the query is embedded first (on a
  // worker), so search ranks by the stored provider embeddings too.
  std::string actor = engine_.actor();
  post([this, q, model, done, actor]() mutable {
    embedQuery(*this, q, model);
    runLocked(actor, [&](Engine& e) { done(captureExpected([&] { return e.searchMemolets(q); })); });
  });
}

PreviewResult Session::preview(const PreviewRequest& r) {
  anchors_->recheck(engine_, r.projectId);  // the preview says which sources are stale
  std::optional<std::string> cursorId = r.cursorId ? *r.cursorId : engine_.project(r.projectId).cursorId;
  // The system prompt a turn from this cursor would get (mode block and
  // enabled capsules), so the preview is exactly what the model receives.
  std::string system = engine_.systemPrompt(r.projectId, cursorId);
  // Memory for the prompt: explicit memories in full, then retrieved ones
  // (offline retrieval; a provider's query expansion only runs in a turn).
  std::vector<MemoryBlock> blocks;
  if (r.prompt) {
    RetrievalRequest memory;
    memory.projectId = r.projectId;
    memory.message = *r.prompt;
    memory.budgetTokens = r.budgetTokens;
    memory.memory = r.memory;
    MemoletContext context = engine_.memoletContext(memory);
    if (!context.section.empty()) system = system.empty() ? context.section : system + "\n\n" + context.section;
    blocks = std::move(context.blocks);
  }
  PreviewResult out;
  static_cast<ScopePreview&>(out) = engine_.preview(r.projectId, cursorId, r.prompt, r.budgetTokens, system);
  out.memory = std::move(blocks);
  return out;
}

std::vector<ProviderStatus> Session::providers() {
  std::vector<ProviderStatus> out;
  for (const auto& info : providers_->list())
    out.push_back({info.name, info.kind, info.model, info.utilityModel, info.baseUrl, info.state,
                   info.active, info.hasKey});
  return out;
}

}  // namespace grove::session
