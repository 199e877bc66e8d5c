#include "session/KnowledgeIngest.h"

#include "knowledge/WorkspaceUri.h"

#include <chrono>
#include <map>
#include <unordered_set>

#include "knowledge/DocumentScanText.h"
#include "knowledge/Ingest.h"
#include "knowledge/SummaryTree.h"
#include "knowledge/WorkspaceUri.h"
#include "session/Session.h"
#include "support/Log.h"

namespace grove::session {

namespace {

constexpr size_t kFilesPerBatch = 64;

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A path filter entry as a URI prefix (a URI, or a path relative to the workspace).
std::string asUri(const std::string& workspaceUri, const std::string& path) {
  if (path.rfind("file://", 0) == 0) return KnowledgeIngest::normalizeWorkspace(path);
  std::string rel = path;
  while (!rel.empty() && (rel.front() == '/' || rel.rfind("./", 0) == 0)) rel.erase(0, rel.front() == '/' ? 1 : 2);
  return workspaceUri + "/" + knowledge::pathToFileUri(rel).substr(7);
}

bool underAny(const std::vector<std::string>& prefixes, const std::string& uri) {
  for (const auto& p : prefixes)
    if (uri == p || (uri.size() > p.size() && uri.compare(0, p.size(), p) == 0 && uri[p.size()] == '/'))
      return true;
  return false;
}

// Levels 1.. from the documents' own nodes, written in one transaction.
std::vector<int> rebuildTree(Engine& e, const std::string& ws) {
  std::vector<int> levels;
  e.writeKnowledgeDocuments([&](KnowledgeDocumentStore& store) {
    // The documents' own nodes were written with their chunks: reuse those
    // of the documents still there (a removed document's node is dropped).
    std::map<std::string, KnowledgeChunkRow> written;
    for (auto& s : store.knowledgeChunks(ws, 1, std::nullopt)) written.emplace(s.id, std::move(s));
    std::vector<KnowledgeChunkRow> level1;
    for (const auto& d : store.knowledgeDocuments(ws)) {
      if (d.chunks == 0) continue;
      auto it = written.find(knowledge::documentSummaryId(ws, d.uri));
      if (it != written.end()) {
        level1.push_back(std::move(it->second));
        continue;
      }
      std::vector<KnowledgeChunkRow> leaves = store.knowledgeChunks(ws, 0, d.uri);
      if (!leaves.empty()) level1.push_back(knowledge::documentSummary(d, leaves));
    }
    for (size_t i = 0; i < level1.size(); ++i) level1[i].ordinal = static_cast<int>(i);
    std::vector<KnowledgeChunkRow> all = level1;
    std::vector<KnowledgeChunkRow> upper = knowledge::upperLevels(level1);
    all.insert(all.end(), upper.begin(), upper.end());
    store.replaceKnowledgeSummaries(ws, all);
    levels = knowledge::levelCounts(store.knowledgeChunkCount(ws, 0), all);
    // Starters from the top level.
    int top = static_cast<int>(levels.size()) - 1;
    std::vector<KnowledgeChunkRow> topNodes;
    for (const auto& s : all)
      if (s.level == top) topNodes.push_back(s);
    KnowledgeStateRow state{ws, nowMs(), levels, knowledge::starterQuestions(topNodes)};
    store.putKnowledgeState(state);
  });
  return levels;
}

}  // namespace

std::string KnowledgeIngest::normalizeWorkspace(const std::string& uri) {
  // The map's spelling (knowledge/WorkspaceUri), so ask finds what ingest stored.
  return knowledge::normalizeWorkspaceUri(uri);
}

bool KnowledgeIngest::running(const std::string& workspaceUri) {
  std::lock_guard<std::mutex> lock(mu_);
  return running_.count(normalizeWorkspace(workspaceUri)) != 0;
}

void KnowledgeIngest::ingest(const KnowledgeIngestRequest& request, ImportProgressFn progress,
                             Done<KnowledgeIngestResult> done, CancellationToken cancel) {
  const std::string ws = normalizeWorkspace(request.workspaceUri);
  std::optional<std::string> folder = knowledge::fileUriToPath(ws);
  if (ws.empty() || !folder)
    throw Error::invalidArg("workspaceUri", "workspaceUri must be a file:// URI of a folder: \"" + ws + "\"");
  std::optional<std::vector<std::string>> prefixes;
  if (request.paths) {
    prefixes.emplace();
    for (const auto& p : *request.paths) prefixes->push_back(asUri(ws, p));
  }
  // What is stored now: read on the engine thread we are on.
  std::map<std::string, std::string> known;
  for (const auto& d : session_.engine().knowledgeDocuments().knowledgeDocuments(ws)) known[d.uri] = d.contentHash;
  KnowledgeIngestRequest req = request;
  // The workspace's globs (grove/workspace/configure); unset: the built-in ones.
  KnowledgeSettings settings = session_.engine().knowledgeSettings(ws);
  if (!settings.include.empty()) req.options.include = settings.include;
  if (!settings.exclude.empty()) req.options.exclude = settings.exclude;
  std::string actor = session_.actor();
  // Marked running only now, when nothing before the queued work can throw
  // and leave the mark behind (every later ingest would be refused).
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!running_.insert(ws).second)
      throw Error::invalidOp("ingestRunning", "an ingest of " + ws + " is already running");
  }
  session_.post([this, req, ws, folder, prefixes, known, progress, done, cancel, actor] {
    KnowledgeIngestResult result;
    std::optional<Error> failure;
    try {
      knowledge::ScanResult scan = knowledge::scanWorkspace(*folder, req.options);
      std::vector<knowledge::ScanCandidate> files;
      for (auto& f : scan.files)
        if (!prefixes || underAny(*prefixes, f.uri)) files.push_back(std::move(f));
      for (auto& s : scan.skipped)
        if (!prefixes || underAny(*prefixes, s.uri)) result.skipped.push_back(std::move(s));
      const int total = static_cast<int>(files.size());
      std::unordered_set<std::string> seen;
      std::vector<knowledge::IngestedDocument> batch;
      auto flush = [&] {
        if (batch.empty()) return;
        session_.runLocked(actor, [&](Engine& e) {
          e.writeKnowledgeDocuments([&](KnowledgeDocumentStore& store) {
            for (const auto& d : batch) {
              store.putKnowledgeDocument(d.row, d.leaves);
              // The document's own summary node now, so a changed file's
              // node is current without a rebuild of the tree.
              store.putKnowledgeSummary(knowledge::documentSummary(d.row, d.leaves));
            }
          });
        });
        for (const auto& d : batch) (known.count(d.row.uri) ? result.updated : result.added).push_back(d.row.uri);
        batch.clear();
      };
      for (int i = 0; i < total; ++i) {
        if (cancel.cancelled()) {
          result.cancelled = true;
          break;
        }
        const auto& f = files[static_cast<size_t>(i)];
        if (progress) progress({i, total, std::to_string(i + 1) + "/" + std::to_string(total) + " " + f.relativePath, false});
        auto it = known.find(f.uri);
        knowledge::DocumentRead read = knowledge::readDocument(
            f, req.options.maxFileBytes, it == known.end() ? std::nullopt : std::optional<std::string>(it->second));
        if (!read.document) {
          result.skipped.push_back({f.uri, read.skipReason});
          continue;
        }
        seen.insert(f.uri);
        if (it != known.end() && it->second == read.document->contentHash) continue;  // unchanged
        batch.push_back(knowledge::ingestDocument(ws, *read.document, nowMs()));
        if (batch.size() >= kFilesPerBatch) flush();
      }
      flush();
      // Gone: stored documents (under the paths asked for) not found now.
      // Skipped files go too (a file that became too large or a secret is
      // no longer a document). A cancelled run removes nothing.
      if (!result.cancelled) {
        std::vector<std::string> gone;
        for (const auto& [uri, hash] : known)
          if (!seen.count(uri) && (!prefixes || underAny(*prefixes, uri))) gone.push_back(uri);
        if (!gone.empty())
          session_.runLocked(actor, [&](Engine& e) {
            e.writeKnowledgeDocuments([&](KnowledgeDocumentStore& store) {
              for (const auto& uri : gone)
                if (store.removeKnowledgeDocument(ws, uri)) result.removed.push_back(uri);
            });
          });
      }
      session_.runLocked(actor, [&](Engine& e) {
        KnowledgeDocumentStore& store = e.knowledgeDocuments();
        KnowledgeStateRow state = store.knowledgeState(ws);
        bool structural = !result.added.empty() || !result.removed.empty() || state.levels.size() < 2;
        if (result.cancelled) {
          // The tree is left for the next run to rebuild (empty levels mark it stale).
          state.levels.clear();
          e.writeKnowledgeDocuments([&](KnowledgeDocumentStore& s) { s.putKnowledgeState(state); });
          result.levels = knowledge::levelCounts(store.knowledgeChunkCount(ws, 0), {});
        } else if (structural) {
          result.levels = rebuildTree(e, ws);
        } else {
          state.levels[0] = static_cast<int>(store.knowledgeChunkCount(ws, 0));
          state.ingestedAt = nowMs();
          e.writeKnowledgeDocuments([&](KnowledgeDocumentStore& s) { s.putKnowledgeState(state); });
          result.levels = state.levels;
        }
        result.documents = static_cast<int>(store.knowledgeDocuments(ws).size());
        result.chunks = static_cast<int>(store.knowledgeChunkCount(ws, 0));
      });
      if (progress)
        progress({total, total,
                  result.cancelled ? "cancelled: " + std::to_string(result.added.size() + result.updated.size()) +
                                         " documents indexed"
                                   : "ingested " + std::to_string(result.documents) + " documents",
                  true});
    } catch (const Error& e) {
      failure = e;
    } catch (const std::exception& e) {
      failure = Error::storage(std::string("ingest failed: ") + e.what());
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      running_.erase(ws);
    }
    log::info("knowledge ingest " + ws + ": " + std::to_string(result.added.size()) + " added, " +
              std::to_string(result.updated.size()) + " updated, " + std::to_string(result.removed.size()) +
              " removed" + (result.cancelled ? " (cancelled)" : ""));
    session_.runLocked(actor, [&](Engine&) {
      if (failure) done(*failure);
      else done(std::move(result));
    });
  });
}

void KnowledgeIngest::refreshDocuments(const std::string& workspaceUri, const std::vector<DocumentChange>& changes,
                                       Done<KnowledgeIngestResult> done) {
  KnowledgeIngestRequest req;
  req.workspaceUri = workspaceUri;
  req.paths.emplace();
  for (const auto& c : changes) {
    req.paths->push_back(c.uri);
    if (c.oldUri) req.paths->push_back(*c.oldUri);
  }
  if (req.paths->empty()) req.paths.reset();  // no changes: rescan everything
  ingest(req, nullptr, std::move(done), CancellationToken());
}

}  // namespace grove::session
