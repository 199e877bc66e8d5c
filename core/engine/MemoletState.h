// Engine internals for memolets: the in-memory vector indexes over the store
// (hashed vectors of every memolet, and provider embeddings of one model) and
// the helpers the Memolet*.cpp files share. Private to core/engine.
//
// The indexes are caches: built on first use from the store, kept in step by
// write(), and dropped with the Engine's other caches when a mutation rolls
// back (Impl::dropCaches), so they can never hold what the store does not.
#pragma once

#include <memory>
#include <string>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/EngineImpl.h"
#include "memory/Segmenter.h"
#include "memory/VectorIndex.h"
#include "text/HashedVector.h"

namespace grove {

struct MemoletState {
  memory::Segmenter segmenter;
  bool loaded = false;
  memory::VectorIndex hashed{text::HashedVector::kDefaultDims};
  std::unordered_map<std::string, std::string> projectOf;  // indexed memolet -> project
  /// project -> the group tag its rows carry in `hashed`, so a
  /// project-scoped search scores that project's rows alone.
  std::unordered_map<std::string, uint32_t> groupOf;
  uint32_t groupFor(const std::string& projectId) {
    return groupOf.try_emplace(projectId, static_cast<uint32_t>(groupOf.size() + 1)).first->second;
  }
  std::string providerModel;                       // the model `provider` holds
  std::unique_ptr<memory::VectorIndex> provider;   // null until a query brings a model
  std::unordered_map<std::string, size_t> documentFrequency;  // term -> memolets holding it
  size_t documentCount = 0;
  /// Memolets written or dropped since the counts above were cached: past a
  /// tenth of them the cache is dropped (memolets::documentFrequency).
  size_t writesSinceCounted = 0;
  /// Projects another core appended to since the indexes were loaded: their
  /// rows are read again before the next use (the rest stays loaded).
  std::unordered_set<std::string> staleProjects;
  /// Whether a project may have exchanges not yet indexed (deferred mode).
  /// Starts true: after a restart the store says which projects are behind.
  bool maybeBehind = true;

  explicit MemoletState(const MemoletConfig& config);
};

namespace memolets {

/// The state with its hashed index loaded.
MemoletState& loaded(Engine::Impl& impl);
/// Another core appended to `projectId`: its memolets are read again before
/// the indexes are next used, and exchanges may wait to be indexed.
void appendedElsewhere(Engine::Impl& impl, const std::string& projectId);
/// The provider index for `model`, (re)loaded when the model changes; null
/// when no memolet has an embedding by it.
const memory::VectorIndex* providerIndex(Engine::Impl& impl, const std::string& model);

/// Stores a memolet and keeps the loaded indexes in step.
void write(Engine::Impl& impl, const Memolet& m);
/// Keeps the loaded indexes in step with a memolet another writer stored
/// (the board's items), or with one it deleted.
void keepIndexed(Engine::Impl& impl, const Memolet& m);
void dropIndexed(Engine::Impl& impl, const std::string& id);
/// A memolet by id, or NotFound "memoletNotFound".
Memolet require(Engine::Impl& impl, const std::string& id);

/// The text one unit contributes: "User: ..." / "Assistant: ..." with code
/// units fenced as in prompts.
std::string unitText(const Unit& unit);
/// A title from the first line of a text: no brackets or newlines, at most
/// 60 bytes, cut at a word.
std::string titleFrom(const std::string& text);
/// How many memolets hold `term`, cached until a tenth of the memolets
/// have been written since (see keywords()).
size_t documentFrequency(Engine::Impl& impl, std::string_view term);
/// How many memolets there are at most, cached likewise.
size_t documentCount(Engine::Impl& impl);
/// TF-IDF keywords of `tokens`, with document frequencies cached for the
/// session (they change slowly; IDF only weighs keywords). Also the board's
/// tags and group titles.
std::vector<std::string> keywords(Engine::Impl& impl, const std::vector<std::string>& tokens, size_t n);
/// Recomputes keywords, summary and vector from `m.text`; clears a stale
/// embedding.
void describe(Engine::Impl& impl, Memolet& m);
/// Rebuilds text (and the rest) from the live source units.
void rebuild(Engine::Impl& impl, Memolet& m);
/// What one indexing pass over a project's new exchanges has changed, held
/// until the pass ends: a burst of exchanges grows its open memolet in
/// memory, and the memolet's description (keywords, summary, vector) and
/// row are written once per pass instead of once per exchange.
struct IndexingPass {
  std::vector<Memolet> memolets;  // changed or created, in the order first touched
  std::vector<bool> retext;       // ...and whether its text changed (to describe)
  std::unordered_map<std::string, size_t> byId;
  std::unordered_map<std::string, size_t> byTail;  // last answer -> memolet
  /// Answer id -> hashed vector of its exchange, for the next exchange's
  /// segmentation (it compares itself with the exchange above).
  std::unordered_map<std::string, text::HashedVector> exchangeVectors;
  bool historyRead = false, historyChanged = false;
  std::vector<double> history;  // the project's segmentation history
};
/// Indexes one exchange (question `q`, answer `a`) into `pass`: it joins the
/// open memolet ending at the exchange above, or starts one. Returns the
/// memolet ids it changed (none when the answer is already indexed).
std::vector<std::string> indexExchange(Engine::Impl& impl, IndexingPass& pass, Node& q, Node& a);
/// Describes and stores what `pass` changed in project `projectId`.
void finishPass(Engine::Impl& impl, IndexingPass& pass, const std::string& projectId);
/// Map position and cluster of the nearest indexed memolet (or the centre).
void placeNearNeighbour(Engine::Impl& impl, Memolet& m);

}  // namespace memolets
}  // namespace grove
