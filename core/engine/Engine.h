// Engine: the core's facade, and the only thing the server calls.
//
// It owns the in-memory caches over the store and carries out every
// operation of DESIGN §4-5: projects, units, scope, mainline, branches,
// history (undo/redo), preview and search. Its API is typed and knows nothing
// about JSON-RPC. Errors are grove::Error.
//
// Thread-safety: none. One thread (the server's engine thread) calls it.
//
// Durability: each mutating call is one store transaction, committed before
// it returns, unless a batch is open (beginBatch), in which case it is a
// savepoint and everything becomes durable at commitBatch(). Change events
// go to the listener only once their writes are durable.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/Branch.h"
#include "model/Project.h"
#include "model/Prompt.h"
#include "agents/ConversationAgent.h"
#include "agents/CapsuleExtraction.h"
#include "agents/StructureAgent.h"
#include "model/Capsule.h"
#include "model/Suggestion.h"
#include "model/ChangeOp.h"
#include "model/UserModel.h"
#include "engine/BoardApi.h"
#include "engine/KnowledgeApi.h"
#include "engine/MemoletApi.h"
#include "model/Unit.h"
#include "model/UnitOutline.h"
#include "ops/ScopeResolver.h"
#include "ports/Clock.h"
#include "ports/Store.h"
#include "support/Field.h"

namespace grove {

/// Announced after every durable change (grove/project/didChange).
struct ChangeEvent {
  std::string projectId;
  int64_t revision = 0;
  ChangeOp op = ChangeOp::Append;
  std::vector<std::string> unitIds;
  std::string actor;  // the client that made the change
};

/// Announced when a suggestion is created or changes state
/// (grove/suggestion/didCreate and didChange).
struct SuggestionEvent {
  std::string projectId;
  int64_t revision = 0;
  bool created = false;
  Suggestion suggestion;
};

/// What analysing a sent message produced (SuggestionOps.cpp).
struct SendAnalysis {
  std::vector<Suggestion> created;      // stored and announced
  std::optional<Suggestion> delegated;  // the user asked for this action in words
  /// The policy lets the model path add cards for this turn.
  bool modelAllowed = false;
  StructureContext context;  // for the structure agent
  /// Where model proposals point: the unit before the message, the branch
  /// being left and its parent's tip, and the units an extraction would read.
  std::string anchorId, branchHeadId, parentTipId;
  std::vector<std::string> workflowIds;
};

/// What accepting, rejecting or deferring a suggestion changed.
struct Resolution {
  Suggestion suggestion;
  std::vector<std::string> unitIds;
  std::optional<Project> project;
  std::optional<Capsule> capsule;
  /// An accepted board card's change (one undo entry of the board).
  std::optional<BoardChange> board;
  /// An accepted map card's change (one undo entry of the knowledge map).
  std::optional<KnowledgeChange> knowledge;
  /// A return moved the cursor: {from, to}, for the memory agent.
  std::optional<std::pair<std::string, std::string>> pathSwitch;
};

/// What returning from a branch changed (grove/branch/return).
struct BranchReturn {
  Branch branch;    // now completed, with its summary
  Project project;  // the cursor at the parent path's tip
  /// The cursor moved: {from, to}, for the memory agent.
  std::optional<std::pair<std::string, std::string>> pathSwitch;
};

enum class Decision { Accept, Reject, Defer };

struct CapsuleUpdate {
  std::optional<std::string> name, instruction, example;
  std::optional<bool> reviewed;
};

struct InitiativeUpdate {
  std::optional<InitiativeLevel> level;
  std::optional<int> cooldownTurns, maxPerHour;
};

struct ProjectSnapshot {
  Project project;
  std::vector<Unit> units;  // live units, ordered by seq
  std::vector<Branch> branches;
};

/// A page of a project's live units (Engine::projectPage).
struct ProjectPage {
  Project project;
  std::vector<Unit> units;             // in seq order
  std::optional<int64_t> nextAfterSeq;  // where the next page starts; nullopt: this was the last
};

/// A project's tree without its text (Engine::projectOutline).
struct ProjectOutline {
  Project project;
  UnitOutline units;  // live units, ordered by seq
  std::vector<OutlineBranch> branches;  // each unit by its row in `units`
  /// False when read with headChars 0: every head is empty, and a compact
  /// answer leaves the column out (a map that fetches its labels for what
  /// is on screen; at 40 characters heads were half of a big tree's bytes).
  bool withHeads = true;

  /// The index in `branches` of the branch holding the live unit `unitId`;
  /// nullopt when no live unit of the project has that id.
  std::optional<size_t> branchHolding(std::string_view unitId) const;
};

struct AppendRequest {
  std::string projectId;
  std::optional<std::string> parentId;  // nullopt: append the root
  Role role = Role::User;
  Kind kind = Kind::Message;
  std::string content;
  std::optional<Source> source;
  Status status = Status::Complete;
  /// Present: open a branch with this unit (with optional title and intent).
  struct BranchInfo {
    std::optional<std::string> title;
    std::optional<std::string> intent;
  };
  std::optional<BranchInfo> branch;
  /// When the unit was said (ms since the epoch); absent: now. Imports keep
  /// the source's times.
  std::optional<int64_t> createdAt = std::nullopt;
};

enum class ScopeChange { Auto, Included, Excluded, Toggle };

struct DeleteResult {
  std::vector<std::string> removed;
  std::vector<std::string> placeholders;
};

struct BranchUpdate {
  std::optional<std::optional<std::string>> title;   // absent / null / value
  std::optional<std::optional<std::string>> intent;
  std::optional<BranchStatus> status;
  std::optional<std::optional<std::string>> summary;
};

class Engine {
public:
  struct Options {
    Clock* clock = nullptr;  // defaults to the system clock
  };

  Engine(std::unique_ptr<Store> store, Options options);
  explicit Engine(std::unique_ptr<Store> store) : Engine(std::move(store), Options{}) {}
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  using ChangeListener = std::function<void(const ChangeEvent&)>;
  void setChangeListener(ChangeListener listener);
  using SuggestionListener = std::function<void(const SuggestionEvent&)>;
  void setSuggestionListener(SuggestionListener listener);
  /// Who the following changes are attributed to (a client name). The
  /// session sets it before every request and continuation it runs.
  void setActor(std::string actor);
  const std::string& actor() const;

  /// Groups the following mutations into one durable commit.
  void beginBatch();
  /// Commits the batch and delivers its change events. On failure the whole
  /// batch is rolled back, caches are dropped and the Storage error thrown.
  void commitBatch();
  /// Abandons the batch (rolls back, drops caches and pending events).
  void abortBatch();

  // Projects.
  Project createProject(const std::string& title, const std::optional<std::string>& workspaceUri);
  std::vector<Project> listProjects(const std::optional<std::string>& workspaceUri,
                                    bool includeDeleted = false);
  Project project(const std::string& projectId);
  ProjectSnapshot getProject(const std::string& projectId);
  /// getProject's units a page at a time: the live units with a seq above
  /// `afterSeq`, at most `limit` (1 to kMaxPageUnits) of them and, past the
  /// first, at most kPageBytes of their text. `project.revision` tells the
  /// reader whether the tree changed between its pages.
  ProjectPage projectPage(const std::string& projectId, int64_t afterSeq, int limit);
  static constexpr int kMaxPageUnits = 10000;
  static constexpr size_t kPageBytes = 8u << 20;
  /// The project's tree without its text, for drawing maps: each unit's
  /// head is its first non-blank line, within its first `headChars`
  /// characters (0 to kOutlineHeadChars; a map whose nodes show about 20
  /// needs no more, and heads are half of the answer). Branches as getProject.
  ProjectOutline projectOutline(const std::string& projectId, int headChars = kOutlineHeadChars);
  static constexpr int kOutlineHeadChars = 100;
  Project renameProject(const std::string& projectId, const std::string& title);
  void deleteProject(const std::string& projectId);
  Project restoreProject(const std::string& projectId);
  /// Records where the user is working; not undoable.
  Project setCursor(const std::string& projectId, const std::optional<std::string>& cursorId);

  // Units.
  Unit append(const AppendRequest& request);
  Unit unit(const std::string& unitId);
  std::vector<Unit> units(const std::vector<std::string>& unitIds);
  std::vector<Revision> revisions(const std::string& unitId);
  Unit edit(const std::string& unitId, const std::string& content);
  std::vector<Unit> setScope(const std::vector<std::string>& unitIds, ScopeChange change,
                             const Field<std::string>& cursorId);
  DeleteResult deleteUnits(const std::vector<std::string>& unitIds, bool subtree, bool preview);

  // Captured code (AnchorOps.cpp, issue 16).
  /// Live code units of a project, ordered by seq.
  std::vector<Unit> codeUnits(const std::string& projectId);
  /// Stores new sources for live code units (re-anchored ranges and states,
  /// git provenance). Not history. Units whose source did not change in
  /// what a client sees (uri, range, anchor state and summary, git fields)
  /// are not written; the rest are announced with one `anchor` didChange per
  /// project. Returns the units written.
  std::vector<Unit> updateSources(const std::vector<std::pair<std::string, Source>>& sources);
  /// The workspace board's non-archived snippets (captured code with a source).
  /// Only those captured from `files` when given (read by id, not the board).
  std::vector<BoardItem> boardSnippets(const std::string& workspaceUri,
                                       const std::optional<std::set<std::string>>& files = std::nullopt);
  /// The files the workspace board's non-archived snippets came from (the
  /// board's cache: no item is read).
  std::set<std::string> boardSnippetFiles(const std::string& workspaceUri);
  /// The same for board snippets: their sources and a `stale` / `missing`
  /// badge while the code is; not history; one `anchor` board didChange.
  std::vector<BoardItem> updateBoardSources(const std::string& workspaceUri,
                                            const std::vector<std::pair<std::string, Source>>& sources);

  // Structure.
  Project setMainline(const std::string& projectId, const Field<std::string>& startId,
                      const Field<std::string>& endId);
  Branch updateBranch(const std::string& projectId, const std::string& headId,
                      const BranchUpdate& update);
  /// Completes the branch headed by `headId` as an accepted return card does
  /// (BranchReturn.cpp): status completed, `summary` or an extractive one,
  /// the cursor to the parent path's tip; one undoable operation.
  BranchReturn returnFromBranch(const std::string& projectId, const std::string& headId,
                                const std::optional<std::string>& summary);
  /// The branch a unit belongs to (derived from the tree).
  Branch branchOf(const std::string& unitId);
  /// The same without `unitIds`: cheap (a walk up the cached path), for
  /// callers that only need the head, anchor and metadata.
  Branch branchHeadOf(const std::string& unitId);

  // Scope.
  ResolvedScope resolveScope(const std::string& projectId,
                             const std::optional<std::string>& cursorId);
  ScopePreview preview(const std::string& projectId, const std::optional<std::string>& cursorId,
                       const std::optional<std::string>& prompt,
                       const std::optional<int>& budgetTokens, const std::string& system = {});
  void resetScope(const std::string& projectId);

  // History.
  Project undo(const std::string& projectId);
  Project redo(const std::string& projectId);

  // Chat support.
  /// Which form the conversation agent's system prompt takes at a cursor.
  ConversationMode conversationMode(const std::string& projectId,
                                    const std::optional<std::string>& cursorId);
  /// Appends a unit whose text will stream in (status `streaming`). It is not
  /// history until endStream keeps it.
  Unit beginStream(const std::string& projectId, const std::string& parentId, Role role);
  /// Writes the final text and status. `keep`: the unit becomes history (an
  /// undoable append); otherwise it is dropped (nothing was said).
  Unit endStream(const std::string& unitId, const std::string& content, Status status, bool keep);
  /// Stores an agent-written summary on a branch (not undoable: not the user's change).
  void setBranchSummary(const std::string& projectId, const std::string& headId,
                        const std::string& summary);
  /// The live units of a branch, head first.
  std::vector<Unit> branchUnits(const std::string& headId);

  /// The conversation agent's system prompt for a turn at a cursor: the
  /// preamble, the mode block and the enabled capsules' pattern blocks.
  std::string systemPrompt(const std::string& projectId, const std::optional<std::string>& cursorId);

  // Structure suggestions (SuggestionOps.cpp).
  /// Native analysis of a message about to be sent below `cursorId`; nothing
  /// is stored (ids are empty).
  std::vector<Suggestion> analyze(const std::string& projectId,
                                  const std::optional<std::string>& cursorId,
                                  const std::string& prompt);
  /// The user sent another message: every pending suggestion of the project
  /// becomes `ignored`.
  void passPendingSuggestions(const std::string& projectId);
  /// Analyses a just-stored user message under the project's initiative
  /// policy and stores the suggestions worth showing.
  SendAnalysis analyzeSend(const Unit& userUnit);
  /// Merges the structure agent's proposals for the turn of `triggerUnitId`:
  /// one that matches a card of that turn (kind and anchors) upgrades it to
  /// source `model`; the others are stored as new cards while the policy
  /// allows. Proposals for a turn that is no longer the latest are dropped.
  std::vector<Suggestion> mergeModelSuggestions(const std::string& projectId,
                                                const std::string& triggerUnitId,
                                                const std::vector<Suggestion>& proposals);
  std::vector<Suggestion> suggestions(const std::string& projectId,
                                      const std::optional<SuggestionState>& state);
  Suggestion suggestion(const std::string& suggestionId);
  /// Accept carries the action out as one undoable operation (extract makes
  /// a capsule from `draft`, or an extractive one when it is absent).
  Resolution resolveSuggestion(const std::string& suggestionId, Decision decision,
                               const std::optional<CapsuleDraft>& draft = std::nullopt);
  InitiativePolicy initiative(const std::string& projectId);
  InitiativePolicy setInitiative(const std::string& projectId, const InitiativeUpdate& update);

  // Capsules (CapsuleOps.cpp).
  /// The live units an extraction reads, validated (one project, in order).
  std::vector<Unit> capsuleSource(const std::string& projectId,
                                  const std::vector<std::string>& unitIds);
  /// Stores a capsule made from `draft` (absent: an extractive one).
  Capsule extractCapsule(const std::string& projectId, const std::vector<std::string>& unitIds,
                         CapsuleType type, const std::optional<CapsuleDraft>& draft);
  std::vector<Capsule> capsules(const std::optional<std::string>& projectId);
  Capsule capsule(const std::string& capsuleId);
  Capsule updateCapsule(const std::string& capsuleId, const CapsuleUpdate& update);
  /// Refused (reviewPending) while the capsule needs a review it has not had.
  Capsule setCapsuleEnabled(const std::string& capsuleId, const std::string& projectId,
                            bool enabled);
  void deleteCapsule(const std::string& capsuleId);

  // User model (UserModelOps.cpp).
  UserModel userModel();
  /// Forgets every event logged so far.
  UserModel resetUserModel();

  // Search.
  std::vector<SearchHit> search(const std::string& query,
                                const std::optional<std::string>& projectId, int limit);

  // Memolets (engine/Memolet*.cpp). Exchanges are indexed as answers land and
  // re-indexed when a unit they cite is edited, deleted or restored.
  using MemoletListener = std::function<void(const MemoletEvent&)>;
  /// Announced after durable memolet changes (grove/memolet/didChange).
  void setMemoletListener(MemoletListener listener);
  void setMemoletConfig(const MemoletConfig& config);
  /// Deferred indexing: an append stores the unit (and its search and log
  /// entries) only; its exchange is indexed by indexMemolets(), run by a
  /// Session job, or at the latest by the next memolet read. Off by default
  /// (a bare Engine indexes as answers land).
  void setDeferredMemoletIndexing(bool on);
  /// Indexes what was appended since each project's progress mark, looking
  /// at most at `limit` units in one commit, and stopping early (after a
  /// unit, with the progress made committed) once `yield` says a request is
  /// waiting for the engine. Returns true when more remain.
  bool indexMemolets(size_t limit, const std::function<bool()>& yield = nullptr);
  /// One step (about `pages` pages written) of the search indexes' upkeep
  /// (Store::tidySearchIndexes), run by the same job once indexing is done.
  /// Returns true when more is left.
  bool tidySearchIndexes(int pages);
  const MemoletConfig& memoletConfig() const;
  Memolet createMemolet(const MemoletCreateRequest& request);
  /// Throws NotFound "memoletNotFound".
  Memolet memolet(const std::string& memoletId);
  std::vector<Memolet> memolets(const std::optional<std::string>& projectId);
  std::vector<MemoletHit> searchMemolets(const MemoletQuery& query);
  /// Positions and clusters (stored, so memolets carry them); deterministic.
  MemoletMap memoletMap(const std::optional<std::string>& projectId, std::optional<int> k);
  std::vector<MemoletCompletion> completeMemolets(const std::string& prefix,
                                                  const std::optional<std::string>& projectId,
                                                  size_t limit);
  Sandbox sandbox(const std::string& projectId);
  Sandbox sandboxAdd(const std::string& projectId, const std::string& memoletId);
  Sandbox sandboxRemove(const std::string& projectId, const std::string& memoletId);
  Sandbox sandboxGroup(const std::string& projectId, const std::vector<std::string>& memoletIds,
                       const std::optional<std::string>& title);
  Sandbox sandboxUngroup(const std::string& projectId, const std::string& groupId);
  /// Referenced memolets (always) and retrieved ones for a message, with the
  /// system prompt section that carries them. Unknown references: memoletNotFound.
  MemoletContext memoletContext(const RetrievalRequest& request);
  /// Checks a message's references and a turn's memory choice without
  /// retrieving: memoletNotFound, boardGroupNotFound, or a bad preset (-32602).
  void checkMemory(const std::string& message, const MemoryChoice& choice);
  /// The same for grove/chat/refine: the ADD / REMOVE / HIGHLIGHT / OBSCURE /
  /// GROUP / GENERAL section; removed memolets appear nowhere in it.
  MemoletContext refineContext(const RetrievalRequest& request, const RefineRequest& refine);
  /// Whether any memolet could be retrieved for a turn in this project (the
  /// sandbox, or other projects' memories): lets callers skip query expansion.
  bool hasRetrievable(const std::string& projectId);
  /// Memolets lacking an embedding by `model` (of `ids`, or all when empty): id and text.
  std::vector<std::pair<std::string, std::string>> memoletsToEmbed(
      const std::string& model, const std::vector<std::string>& ids);
  /// Stores a provider embedding unless the memolet's text changed since `text`.
  void setMemoletEmbedding(const std::string& memoletId, const std::string& model,
                           const std::string& text, const std::vector<float>& embedding);

  // Import provenance (ImportOps.cpp): which project a source session became
  // and which unit each of its messages became, so a re-import adds only
  // what is new. Not undoable: it records where data came from.
  std::optional<std::string> importedProject(const std::string& kind, const std::string& sourceId);
  void rememberImportedProject(const std::string& kind, const std::string& sourceId,
                               const std::string& projectId);
  /// (source message id, unit id) pairs of a project.
  std::vector<std::pair<std::string, std::string>> importedUnits(const std::string& projectId);
  void rememberImportedUnit(const std::string& projectId, const std::string& sourceId,
                            const std::string& unitId);

  // The memory board (engine/Board*.cpp, DESIGN §11.2), per workspace. Every
  // change is one undo entry of the workspace's board log, announced as a
  // BoardChange (grove/board/didChange) once durable.
  using BoardListener = std::function<void(const BoardChange&)>;
  void setBoardListener(BoardListener listener);
  /// Stores a note or snippet, analyses, places and evolves it (placement and
  /// evolution are two undo entries). `projectId` also appends the code unit.
  CaptureResult capture(const CaptureRequest& request);
  /// A code unit appended in a workspace project is a capture too (DESIGN
  /// §11.2): a snippet citing it; nothing for other units or projects.
  std::optional<CaptureResult> captureAppended(const Unit& unit);
  /// What capture(request) would refuse before writing anything: the
  /// workspace, empty content, an unknown project or group.
  void checkCapture(const CaptureRequest& request);
  /// The model path's material: the new item as capture(request) would
  /// analyse it, and the placement prefilter's first `limit` candidates with
  /// their native sigma. Writes nothing; fails as capture would.
  CaptureCandidates captureCandidates(const CaptureRequest& request, size_t limit);
  /// The evolution a capture with deferEvolution left: the item's related
  /// items as its placement recorded them, as one `evolve` entry. Nothing
  /// when the item is gone, archived or was placed by hand. `named`: the
  /// model's title and summary for the group the capture described, written
  /// in the same entry (fields the user edited stay theirs).
  BoardEvolution evolveCapture(const std::string& workspaceUri, const std::string& itemId,
                               const std::optional<GroupDescription>& named = std::nullopt);
  /// A group's newest members as the naming prompt shows them (empty when
  /// the group is gone or empty).
  std::vector<BoardCard> boardGroupCards(const std::string& workspaceUri, const std::string& groupId);
  BoardSnapshot board(const std::string& workspaceUri, bool archived);
  /// Applies the ops all or nothing (errors carry opIndex); preview stores nothing.
  BoardEditResult editBoard(const BoardEditRequest& request);
  BoardChange undoBoard(const std::string& workspaceUri);
  BoardChange redoBoard(const std::string& workspaceUri);
  BoardSettings configureBoard(const std::string& workspaceUri, const BoardSettingsUpdate& update);
  BoardSettings boardSettings(const std::string& workspaceUri);
  /// Throws NotFound boardItemNotFound (also for an item of another workspace).
  BoardItem boardItem(const std::string& workspaceUri, const std::string& itemId);
  /// Board cards (engine/BoardCards.cpp): evolve and reorganize suggestions of
  /// a workspace, oldest first. Resolved through resolveSuggestion.
  std::vector<Suggestion> boardCards(const std::string& workspaceUri, const std::optional<SuggestionKind>& kind,
                                     const std::optional<SuggestionState>& state);
  /// grove/board/reorganize offline (engine/BoardReorganize.cpp): "by file |
  /// folder | language | kind | tag | topic" becomes a pending card of ops;
  /// anything else is 1002 needsModel.
  Suggestion reorganizeBoard(const ReorganizeRequest& request);
  /// Whether reorganizeBoard understands `instruction` (it names a key).
  static bool reorganizesOffline(const std::string& instruction);
  /// The model path's material: the memories `request` selects, as the
  /// prompt shows them. Writes nothing; fails as reorganizeBoard would.
  std::vector<BoardCard> reorganizeSelection(const ReorganizeRequest& request);
  /// The model's groups of the selection as a pending reorganize card
  /// (source model), judged against the selection as it is now; nothing
  /// usable left is 1002 cannotApply.
  Suggestion regroupBoard(const ReorganizeRequest& request, const std::vector<Regrouping>& groups);
  // Knowledge maps (engine/KnowledgeMapOps.cpp), one per workspace (the
  // workspaceUri is normalised here). Every change is one undo entry.
  using KnowledgeListener = std::function<void(const KnowledgeChange&)>;
  /// Announced after durable map changes (grove/knowledge/didChange).
  void setKnowledgeListener(KnowledgeListener listener);
  /// The map (empty at revision 0 when nothing was ever added).
  knowledge::KnowledgeGraph knowledgeMap(const std::string& workspaceUri);
  /// The workspace's knowledge settings (engine/KnowledgeSettingsOps.cpp);
  /// the defaults until configured.
  KnowledgeSettings knowledgeSettings(const std::string& workspaceUri);
  /// Applies the fields given (-32602 knowledge.<field> when out of range),
  /// stores them and announces `op: "settings"`; no undo entry.
  KnowledgeSettings configureKnowledge(const std::string& workspaceUri, const KnowledgeSettingsUpdate& update);
  /// configureKnowledge's checks alone, so a call setting both halves can
  /// refuse before storing either.
  static void checkKnowledgeSettings(const KnowledgeSettingsUpdate& update);
  /// Applies the ops all or nothing (errors carry opIndex); expectedRevision
  /// other than the map's is 1002 revisionConflict.
  KnowledgeEditResult editKnowledge(const KnowledgeEditRequest& request);
  /// Throws 1002 nothingToUndo / nothingToRedo.
  KnowledgeChange undoKnowledge(const std::string& workspaceUri);
  KnowledgeChange redoKnowledge(const std::string& workspaceUri);
  /// Ask turns, stored as their wire text (not undoable: a log of what was asked).
  void putKnowledgeTurn(const KnowledgeTurnRow& turn);
  std::vector<KnowledgeTurnRow> knowledgeTurns(const std::string& workspaceUri, size_t limit);
  /// Stores a pending map card (engine/KnowledgeCards.cpp: kind child or
  /// knowledgeEdit) and announces it. Accepting it (resolveSuggestion) applies
  /// its ops as one `accept` undo entry of the map; a target gone since is
  /// 1002 cannotApply with opIndex. Listed with boardCards.
  Suggestion proposeKnowledgeCard(const std::string& workspaceUri, SuggestionKind kind,
                                  std::vector<std::string> anchorIds, std::string title, std::string reason,
                                  knowledge::KnowledgeCard card);

  /// Drops every cache; the next call reloads from the store.
  void dropCaches();
  /// Another core on the store changed a project (Store::announce, heard by
  /// the server's change feed): drops what this core cached and tells this
  /// core's listeners, as if it had made the change itself.
  void changedElsewhere(const ChangeEvent& event);
  void changedElsewhere(const BoardChange& change);
  void changedElsewhere(const KnowledgeChange& change);

  /// The knowledge map's documents, chunks and summary tree, for reading
  /// (EngineKnowledgeDocuments.cpp); not history, so no undo and no events.
  KnowledgeDocumentStore& knowledgeDocuments();
  /// Writes to them as one transaction (inside a batch: as part of it).
  void writeKnowledgeDocuments(const std::function<void(KnowledgeDocumentStore&)>& write);

  struct Impl;  // opaque; defined in engine/EngineImpl.h

private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace grove
