#include "session/SourceAnchors.h"

#include <map>
#include <set>

#include "ops/Anchoring.h"
#include "support/Error.h"
#include "support/FileUri.h"

namespace grove::session {
namespace {

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string key(const std::string& projectId, const std::string& uri) { return projectId + '\x1f' + uri; }

bool localFile(const std::string& uri) { return fileUriToPath(uri).has_value(); }

// Board snippets are checked as code units are: the same rule on the same
// fields. Their pseudo-units belong to no project; the ids are memolet ids.
Unit asUnit(const BoardItem& item) {
  Unit u;
  u.id = item.id();
  u.kind = Kind::Code;
  u.content = item.memolet.text;
  u.source = item.source;
  return u;
}

// The workspace's board snippets, by file (none when the workspace is not a
// board's URI).
std::map<std::string, std::vector<Unit>> boardSnippetsByUri(Engine& engine, const std::string& workspaceUri) {
  std::map<std::string, std::vector<Unit>> out;
  try {
    for (const auto& item : engine.boardSnippets(workspaceUri))
      if (localFile(item.source->uri)) out[item.source->uri].push_back(asUnit(item));
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidArgument) throw;
  }
  return out;
}

}  // namespace

std::optional<FileChangeType> parseFileChangeType(std::string_view s) {
  if (s == "created") return FileChangeType::Created;
  if (s == "changed") return FileChangeType::Changed;
  if (s == "deleted") return FileChangeType::Deleted;
  if (s == "renamed") return FileChangeType::Renamed;
  return std::nullopt;
}

std::vector<SourceAnchors::Checked> SourceAnchors::anchorAll(const std::vector<Unit>& units,
                                                             const std::optional<std::string>& text,
                                                             int64_t now) {
  std::optional<FileText> file;
  if (text) file.emplace(*text);
  std::vector<Checked> out;
  out.reserve(units.size());
  for (const Unit& u : units) {
    Source s = *u.source;
    AnchorResult r = reanchor(u.content, s.contentHash, s.range, file ? &*file : nullptr);
    const Anchor& before = u.source->anchor;
    bool sameState = before.state == r.state ||
                     (before.state == AnchorState::Unchecked && r.state == AnchorState::Current);
    bool changed = !sameState || before.diffSummary != r.diffSummary ||
                   s.range.start.line != r.range.start.line || s.range.start.character != r.range.start.character ||
                   s.range.end.line != r.range.end.line || s.range.end.character != r.range.end.character;
    s.range = r.range;
    s.anchor = Anchor{r.state, now, r.diffSummary};
    out.push_back({u.id, std::move(s), changed, u.projectId.empty()});
  }
  return out;
}

RefreshResult SourceAnchors::refresh(Engine& engine, const RefreshRequest& request) {
  std::string ws = request.workspaceUri;
  while (ws.size() > 1 && ws.back() == '/') ws.pop_back();
  if (ws.empty()) throw Error::invalidArg("workspaceUri", "workspaceUri must not be empty");
  const std::string prefix = ws + "/";

  // Every live code unit under the workspace, by file. Any project may hold
  // them (not every client sends workspaceUri on create), so all are read;
  // the partial index units_code keeps that a scan of code units only.
  std::map<std::string, std::vector<Unit>> byUri;
  for (const Project& p : engine.listProjects(std::nullopt))
    for (Unit& u : engine.codeUnits(p.id))
      if (u.source && u.source->uri.rfind(prefix, 0) == 0) byUri[u.source->uri].push_back(std::move(u));
  // And the board's snippets (their pseudo-units have no project).
  for (auto& [uri, units] : boardSnippetsByUri(engine, ws))
    for (auto& u : units) byUri[uri].push_back(std::move(u));

  const int64_t now = nowMs();
  std::vector<Checked> checked;
  auto check = [&](const std::string& uri, const std::vector<Unit>& units,
                   const std::optional<std::string>& bufferText, bool gone, bool renamed = false) {
    std::optional<std::string> text = bufferText;
    if (!text && !gone) text = files_->read(uri);
    if (!bufferText)  // a buffer says nothing about the file on disk
      for (const Unit& u : units) stamps_[key(u.projectId, uri)] = files_->stamp(uri);
    for (auto& c : anchorAll(units, text, now)) {
      c.changed = c.changed || renamed;  // the new name is itself the change
      checked.push_back(std::move(c));
    }
  };

  if (!request.changes) {
    for (const auto& [uri, units] : byUri)
      if (localFile(uri)) check(uri, units, std::nullopt, false);
  } else {
    for (const FileChange& ch : *request.changes) {
      if (ch.type == FileChangeType::Renamed && ch.oldUri) {
        // The captures follow the file to its new name.
        auto it = byUri.find(*ch.oldUri);
        if (it == byUri.end()) continue;
        std::vector<Unit> units = it->second;
        for (Unit& u : units) u.source->uri = ch.uri;
        check(ch.uri, units, ch.text, false, true);
        continue;
      }
      auto it = byUri.find(ch.uri);
      if (it == byUri.end()) continue;
      check(ch.uri, it->second, ch.text, ch.type == FileChangeType::Deleted);
    }
  }

  std::vector<std::pair<std::string, Source>> updates, boardUpdates;
  RefreshResult out;
  for (const auto& c : checked) {
    if (c.board) {
      out.anchors.push_back({c.unitId, std::nullopt, c.source.range, c.source.anchor});
      if (c.changed) boardUpdates.emplace_back(c.unitId, c.source);
    } else {
      out.anchors.push_back({std::nullopt, c.unitId, c.source.range, c.source.anchor});
      if (c.changed) updates.emplace_back(c.unitId, c.source);
    }
  }
  engine.updateSources(updates);
  if (!boardUpdates.empty()) engine.updateBoardSources(ws, boardUpdates);
  return out;
}

void SourceAnchors::recheck(Engine& engine, const std::string& projectId) {
  std::map<std::string, std::vector<Unit>> byUri;
  for (Unit& u : engine.codeUnits(projectId))
    if (u.source && localFile(u.source->uri)) byUri[u.source->uri].push_back(std::move(u));
  // The board snippets a turn of this project may be given: their files
  // are known from the board's cache, and only the snippets of a file that
  // changed are read (a turn must not read every board item).
  std::optional<std::string> workspace = engine.project(projectId).workspaceUri;
  std::set<std::string> boardFiles;
  if (workspace) {
    try {
      for (const auto& uri : engine.boardSnippetFiles(*workspace))
        if (localFile(uri)) boardFiles.insert(uri);
    } catch (const Error& e) {
      if (e.kind() != ErrorKind::InvalidArgument) throw;  // not a board's URI: no snippets
    }
  }
  if (byUri.empty() && boardFiles.empty()) return;
  const int64_t now = nowMs();
  // True (and the stamp kept) when the file changed since `owner` last saw it.
  auto changedFor = [&](const std::string& owner, const std::string& uri) {
    std::optional<FileStamp> stamp = files_->stamp(uri);
    auto [it, fresh] = stamps_.try_emplace(key(owner, uri), stamp);
    if (!fresh && it->second == stamp) return false;
    it->second = stamp;
    return true;
  };
  auto recheckFiles = [&](const std::map<std::string, std::vector<Unit>>& files) {
    std::vector<std::pair<std::string, Source>> updates;
    for (const auto& [uri, units] : files) {
      std::optional<std::string> text = files_->read(uri);  // nullopt: gone
      for (auto& c : anchorAll(units, text, now))
        if (c.changed) updates.emplace_back(c.unitId, std::move(c.source));
    }
    return updates;
  };
  for (auto it = byUri.begin(); it != byUri.end();)
    it = changedFor(projectId, it->first) ? std::next(it) : byUri.erase(it);
  if (auto updates = recheckFiles(byUri); !updates.empty()) engine.updateSources(updates);
  // Board snippets have no project: their stamps are kept under "" as
  // grove/workspace/refresh keeps them, so a refresh and a turn share them.
  std::set<std::string> changedFiles;
  for (const auto& uri : boardFiles)
    if (changedFor("", uri)) changedFiles.insert(uri);
  if (changedFiles.empty()) return;
  std::map<std::string, std::vector<Unit>> boardByUri;
  for (const auto& item : engine.boardSnippets(*workspace, changedFiles))
    boardByUri[item.source->uri].push_back(asUnit(item));
  if (auto updates = recheckFiles(boardByUri); !updates.empty()) engine.updateBoardSources(*workspace, updates);
}

bool SourceAnchors::wantsProvenance(const Unit& unit) {
  if (unit.kind != Kind::Code || !unit.source) return false;
  const Source& s = *unit.source;
  return !s.gitCommit && !s.gitBranch && !s.dirty && localFile(s.uri);
}

GitProvenance SourceAnchors::probe(const Source& source, const CancellationToken& cancel) {
  const Range& r = source.range;
  // A capture of whole lines ends at the start of the line after them.
  int last = r.end.line > r.start.line && r.end.character == 0 ? r.end.line - 1 : r.end.line;
  return files_->provenance(source.uri, r.start.line, last, cancel);
}

}  // namespace grove::session
