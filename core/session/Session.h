// Session: the application layer. It runs what a request means (a chat
// turn, a path switch, accepting a suggestion) as one call over the Engine,
// the agents and the providers, and owns where that work runs: one engine
// thread (a lock that serialises every request and continuation) and an
// executor for slow work (provider calls). It knows nothing of JSON or the
// wire; the server, an ACP front end or a test drive it the same way.
//
// Threading contract:
// - Services (sendMessage, setCursor, ...) are called on the engine thread,
//   inside runBatch or runLocked.
// - Their continuations (Done, TurnCallbacks::onDone) run on the engine
//   thread, exactly once each, after the change they report is durable.
// - Everything is attributed to an actor, passed explicitly to runBatch and
//   runLocked and captured by each service for its continuations.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/Engine.h"
#include "session/Executor.h"
#include "session/HistoryImport.h"
#include "session/IndexingJobs.h"
#include "session/KnowledgeAsk.h"
#include "session/KnowledgeIngest.h"
#include "session/SourceAnchors.h"
#include "session/Turn.h"
#include "support/Cancellation.h"
#include "support/Expected.h"

namespace grove::llm {
class ProviderRegistry;
}

namespace grove::session {

struct SessionOptions {
  size_t workers = 4;
  /// No worker threads: slow work waits for runUntilIdle() (tests).
  bool deterministic = false;
  /// Memolet indexing runs as a job after appends (IndexingJobs), this long
  /// after the first append of a batch. Off: the engine indexes inside each
  /// append. Unset: on with worker threads, off in a deterministic session
  /// (whose tests count the slow work a request queues).
  std::optional<bool> deferIndexing = std::nullopt;
  std::chrono::milliseconds indexingDelay{100};
  /// Captured code's files and git (issue 16); null: the local disk and
  /// the `git` on PATH (workspace/LocalSourceFiles).
  std::shared_ptr<SourceFiles> sourceFiles = nullptr;
};

/// Where committed changes are announced (the server broadcasts them).
/// Called on the engine thread after the commit, in this order.
struct EventSink {
  std::function<void(const std::vector<ChangeEvent>&)> changes;
  std::function<void(const std::vector<SuggestionEvent>&)> suggestions;
  std::function<void(const std::vector<MemoletEvent>&)> memolets;
  std::function<void(const std::vector<BoardChange>&)> boards;
  std::function<void(const std::vector<KnowledgeChange>&)> knowledge;
};

/// One configured provider, as grove/provider/list shows it.
struct ProviderStatus {
  std::string name, kind, model, utilityModel, baseUrl, state;
  bool active = false;
  bool hasKey = false;
};

/// What grove/scope/preview asks for.
struct PreviewRequest {
  std::string projectId;
  Field<std::string> cursorId;  // absent: the project's cursor; null: an empty path
  std::optional<std::string> prompt;
  std::optional<int> budgetTokens;
  MemoryChoice memory;
};

/// What grove/scope/preview answers: the prompt, and each memory in it with why.
struct PreviewResult : ScopePreview {
  std::vector<MemoryBlock> memory;
};

class Session {
public:
  Session(Engine& engine, llm::ProviderRegistry& providers, SessionOptions options = {});
  /// With the offline provider only.
  explicit Session(Engine& engine, SessionOptions options = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void setEventSink(EventSink sink);

  // ---- Where work runs ------------------------------------------------------

  /// On the caller's thread, holding the engine lock, as `actor`: `work` as
  /// one durable batch (one commit); then `committed` with the commit's
  /// error, if any, still on the lock; then the batch's events go out and
  /// its after-commit work starts (dropped when the commit failed).
  void runBatch(const std::string& actor, const std::function<void(Engine&)>& work,
                const std::function<void(const std::optional<Error>&)>& committed);
  /// From any thread: `fn` on the engine lock as `actor`, each change
  /// committed as it is made, then the events it caused go out.
  void runLocked(const std::string& actor, const std::function<void(Engine&)>& fn);
  /// Whether another thread is waiting for the engine lock (a request, a
  /// continuation, another background job): work that holds it long checks
  /// this to make way.
  bool othersWaiting() const { return waiting_.load(std::memory_order_relaxed) > 0; }
  /// On the engine thread: runs `task` once the current batch is durable.
  void afterCommit(std::function<void()> task);
  /// Slow work on the executor.
  void post(std::function<void()> task);
  /// Deterministic mode: runs queued slow work on this thread until none is
  /// left. Returns how many tasks ran (0 in the threaded mode).
  size_t runUntilIdle();
  /// The acting client of the request being run (engine thread).
  const std::string& actor() const;

  // ---- Services (engine thread) -----------------------------------------------

  /// Stores the user message, judges it (suggestions, delegation), then
  /// streams the answer after the message is durable. Throws for what is
  /// wrong with the request before anything is stored.
  void sendMessage(const SendRequest& request, TurnCallbacks callbacks, CancellationToken cancel);
  /// grove/chat/regenerate and grove/chat/refine.
  void answerAgain(const AnswerAgainRequest& request, TurnCallbacks callbacks, CancellationToken cancel);
  /// grove/unit/append. A code unit whose client sent no git provenance gets
  /// it after the append is durable: git runs on the executor (bounded to
  /// kGitProbeLimit, killed when the session closes) and what it finds is
  /// stored and announced as `anchor`. Nothing waits for it.
  Unit appendUnit(const AppendRequest& request);
  /// grove/workspace/refresh: re-anchors the workspace's captured code.
  RefreshResult refreshWorkspace(const RefreshRequest& request);
  /// grove/workspace/refresh: the anchors as above, on the engine thread;
  /// then, when the workspace has ingested documents, the changed files are
  /// re-ingested on the executor and `done` gets both (an unsaved buffer
  /// touches anchors only; a running ingest picks the files up itself).
  void refreshWorkspace(const RefreshRequest& request, Done<RefreshResult> done);
  /// Moves the cursor; a move to another path is a path switch (summaries).
  Project setCursor(const std::string& projectId, const std::optional<std::string>& cursorId);
  /// Summarises a branch (the root: the mainline); `done` gets the branch.
  void summarizeBranch(const std::string& projectId, const std::string& headId, Done<Branch> done);
  /// Returns from a branch by hand (grove/branch/return), as an accepted
  /// return card does; without `summary`, a provider's utility model then
  /// rewrites the extractive one in the background (extractive on failure).
  BranchReturn returnFromBranch(const std::string& projectId, const std::string& headId,
                                const std::optional<std::string>& summary);
  /// Accepts, rejects or defers a suggestion; an accepted extraction is
  /// drafted by the utility model first when there is one.
  void resolveSuggestion(const std::string& suggestionId, Decision decision, Done<Resolution> done);
  void extractCapsule(const std::string& projectId, const std::vector<std::string>& unitIds,
                      CapsuleType type, Done<Capsule> done);
  /// grove/board/capture. Offline: Engine::capture, at once. With a
  /// provider: the model path (session/BoardCaptureJobs), `done` later and
  /// evolution after it. Throws for bad input before anything runs.
  void captureToBoard(const CaptureRequest& request, Done<CaptureResult> done);
  /// grove/board/reorganize. Offline, or an instruction naming a key ("by
  /// file", ...): Engine::reorganizeBoard, at once. Otherwise with a provider
  /// the model path (session/BoardReorganizeJobs), `done` later. Throws for
  /// bad input before anything runs.
  void reorganizeBoard(const ReorganizeRequest& request, Done<Suggestion> done);
  /// grove/knowledge/classify and ask. Offline: the native classifier and
  /// edit parser, at once. With a provider: the Oracle and the planner
  /// (session/KnowledgeAskJobs), `done` later. Throws for bad input first.
  void classifyKnowledge(const std::string& workspaceUri, const std::string& input,
                         const std::optional<std::string>& nodeId, Done<KnowledgeIntent> done);
  /// `cancel` ($/cancelRequest) reaches the Oracle's, the planner's and the
  /// answer's model calls; a cancelled ask answers Cancelled, changing nothing.
  void askKnowledge(const KnowledgeAskRequest& request, Done<KnowledgeTurn> done,
                    CancellationToken cancel = CancellationToken());
  /// grove/knowledge/suggest. Offline: the native candidates, at once. With
  /// a provider the model proposes from the same passages
  /// (session/KnowledgeSuggestJobs), `done` later. Throws for bad input first.
  void suggestKnowledge(const std::string& workspaceUri, const std::string& nodeId, int limit,
                        Done<std::vector<Suggestion>> done);
  /// Memolet search; with an embedding provider the query is embedded first.
  void searchMemolets(MemoletQuery query, Done<std::vector<MemoletHit>> done);
  /// Exactly what a turn from the cursor would send: the system prompt
  /// (mode, capsules, memory for `prompt`) and the scoped messages.
  PreviewResult preview(const PreviewRequest& request);
  std::vector<ProviderStatus> providers();
  /// Imports another tool's history (DESIGN §10): files are read on the
  /// executor, each file's sessions are written as one durable batch (so an
  /// interrupted import resumes where it stopped), `progress` follows each
  /// file (any thread), and `done` gets the summary on the engine thread.
  /// Throws invalidArg for an unknown kind or a path that does not exist.
  void importHistory(const ImportRequest& request, ImportProgressFn progress, Done<ImportSummary> done,
                     CancellationToken cancel);
  /// A project as Markdown or a Grove JSON bundle (`format`: markdown|json);
  /// `headId`: one branch's path only. Engine thread.
  std::string exportProject(const std::string& projectId, const std::string& format,
                            const std::optional<std::string>& headId);

  /// The knowledge map's document ingestion (grove/knowledge/ingest, refresh).
  KnowledgeIngest& knowledgeIngest() { return knowledgeIngest_; }

  // ---- For the session's own jobs ----------------------------------------------
  Engine& engine() { return engine_; }
  llm::ProviderRegistry& registry() { return *providers_; }
  bool offline() const;

private:
  void publish();
  void startIndexing(const SessionOptions& options);
  void startAnchors(const SessionOptions& options);
  void startAnswer(const Unit& promptUnit, const std::optional<std::string>& model,
                   const std::optional<RefineRequest>& refine, const MemoryChoice& memory,
                   TurnCallbacks callbacks, CancellationToken cancel);

  Engine& engine_;
  std::unique_ptr<llm::ProviderRegistry> ownProviders_;
  llm::ProviderRegistry* providers_;
  std::mutex mu_;  // the engine thread
  std::atomic<int> waiting_{0};  // threads blocked on mu_ (lockEngine)
  std::unique_lock<std::mutex> lockEngine();
  std::vector<ChangeEvent> changes_;          // on the lock, until published
  std::vector<SuggestionEvent> suggestions_;  // likewise
  std::vector<MemoletEvent> memolets_;        // likewise
  std::vector<BoardChange> boards_;           // likewise
  std::vector<KnowledgeChange> knowledge_;    // likewise
  std::vector<std::function<void()>> afterCommit_;
  EventSink sink_;
  ManualExecutor* manual_ = nullptr;
  std::unique_ptr<IndexingJobs> indexing_;  // null when the engine indexes inline
  KnowledgeIngest knowledgeIngest_{*this};
  std::unique_ptr<SourceAnchors> anchors_;
  CancellationToken closing_;  // cancelled first in ~Session: stops git probes
  std::unique_ptr<Executor> executor_;  // last: a pool joins first, while everything it uses lives
};

}  // namespace grove::session
