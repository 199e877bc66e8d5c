#include "interchange/ImportWriter.h"

#include <unordered_map>

#include "interchange/ReaderSupport.h"
#include "support/Error.h"

namespace grove::interchange {
namespace {

// The key of the note a session with several roots hangs them under (a
// project has one root).
constexpr const char* kRootKey = "#root";

struct Writer {
  Engine& engine;
  const ImportedSession& session;
  ProjectImport result;
  std::unordered_map<std::string, std::string> unitOf;  // source id -> unit id
  std::unordered_map<std::string, size_t> index;        // source id -> message
  std::unordered_map<std::string, int> state;           // 1: being written (cycle guard)
  std::optional<std::string> root;

  // The unit a message's parent became, writing the parent first when the
  // source listed it later; nullopt: the message is a root.
  std::optional<std::string> parentUnit(const ImportedMessage& m) {
    if (!m.parentSourceId) return std::nullopt;
    if (auto it = unitOf.find(*m.parentSourceId); it != unitOf.end()) return it->second;
    auto it = index.find(*m.parentSourceId);
    if (it == index.end()) return std::nullopt;  // an orphan: a root
    return write(session.messages[it->second]);
  }

  std::optional<std::string> write(const ImportedMessage& m) {
    if (auto it = unitOf.find(m.sourceId); it != unitOf.end()) return it->second;
    if (state[m.sourceId] == 1) return std::nullopt;  // a parent cycle: break it here
    state[m.sourceId] = 1;
    std::optional<std::string> parent = parentUnit(m);
    if (!parent) {
      if (auto it = unitOf.find(kRootKey); it != unitOf.end()) parent = it->second;
      else if (root || !unitOf.empty()) parent = engine.project(result.projectId).mainlineEndId;  // a new root later on: continue
    }
    AppendRequest req;
    req.projectId = result.projectId;
    req.parentId = parent;
    req.role = m.role;
    req.kind = m.kind;
    req.content = m.text;
    req.status = m.status;
    if (m.createdAt > 0) req.createdAt = m.createdAt;
    if (m.kind == Kind::Code) {
      Source src;
      src.uri = m.code ? m.code->uri : std::string();
      if (m.code) {
        src.range.start.line = std::max(0, m.code->startLine);
        src.range.end.line = std::max(src.range.start.line, m.code->endLine);
        src.languageId = m.code->languageId;
      }
      if (src.uri.empty()) {
        req.kind = Kind::Note;  // a selection without a file is kept as text
      } else {
        req.source = src;
      }
    }
    // A Grove bundle says which units head branches; the rest follow Grove's
    // rule (the oldest child continues the path).
    if (m.branch || (m.startsBranch && parent)) {
      req.branch = AppendRequest::BranchInfo{};
      if (m.branch) {
        req.branch->title = m.branch->title;
        req.branch->intent = m.branch->intent;
      }
    }
    Unit u = engine.append(req);
    if (!u.parentId) root = u.id;
    if (m.branch && (m.branch->status != BranchStatus::Open || m.branch->summary)) {
      BranchUpdate upd;
      upd.status = m.branch->status;
      if (m.branch->summary) upd.summary = m.branch->summary;
      engine.updateBranch(result.projectId, u.id, upd);
    }
    engine.rememberImportedUnit(result.projectId, m.sourceId, u.id);
    unitOf[m.sourceId] = u.id;
    ++result.added;
    return u.id;
  }

  std::optional<std::string> unitFor(const std::optional<std::string>& sourceId) {
    if (!sourceId) return std::nullopt;
    auto it = unitOf.find(*sourceId);
    return it == unitOf.end() ? std::nullopt : std::optional<std::string>(it->second);
  }

  void run() {
    std::optional<std::string> existing = engine.importedProject(session.kind, session.sourceId);
    if (existing) {
      try {
        Project p = engine.project(*existing);
        if (p.deletedAt) existing.reset();  // in the trash: import it afresh
      } catch (const Error& e) {
        if (e.kind() != ErrorKind::NotFound) throw;
        existing.reset();
      }
    }
    std::string firstUser;
    for (const auto& m : session.messages)
      if (m.role == Role::User && m.kind == Kind::Message) {
        firstUser = m.text;
        break;
      }
    if (existing) {
      result.projectId = *existing;
      Project p = engine.project(*existing);
      result.title = p.title;
      for (auto& [source, unit] : engine.importedUnits(*existing)) unitOf[source] = unit;
      root = p.mainlineStartId;
    } else {
      result.title = session.title.empty() ? titleFrom(firstUser) : session.title;
      Project p = engine.createProject(result.title, session.workspaceUri);
      result.projectId = p.id;
      result.created = true;
      engine.rememberImportedProject(session.kind, session.sourceId, p.id);
    }
    for (size_t i = 0; i < session.messages.size(); ++i) index[session.messages[i].sourceId] = i;
    for (const auto& m : session.messages)
      if (unitOf.count(m.sourceId)) ++result.known;

    // A source with several roots (a ChatGPT tree whose root had no message,
    // an orphaned line) hangs them under one note: a project has one root.
    if (result.created) {
      int roots = 0;
      for (const auto& m : session.messages)
        if (!m.parentSourceId || !index.count(*m.parentSourceId)) ++roots;
      if (roots > 1) {
        AppendRequest req;
        req.projectId = result.projectId;
        req.role = Role::System;
        req.kind = Kind::Note;
        req.content = "Imported from " + session.kind + " (" + std::to_string(roots) + " conversation starts)";
        if (!session.messages.empty() && session.messages.front().createdAt > 0)
          req.createdAt = session.messages.front().createdAt;
        Unit u = engine.append(req);
        root = u.id;
        engine.rememberImportedUnit(result.projectId, kRootKey, u.id);
        unitOf[kRootKey] = u.id;
        ++result.added;
      }
    }
    size_t before = static_cast<size_t>(result.added);
    for (const auto& m : session.messages) write(m);
    if (static_cast<size_t>(result.added) == before && !result.created) return;  // nothing new: nothing moves

    // The mainline ends at the source's active leaf (else Grove's default
    // would follow the oldest, usually abandoned, branch).
    std::optional<std::string> leaf = unitFor(session.activeLeaf);
    if (!leaf && !session.messages.empty()) leaf = unitFor(session.messages.back().sourceId);
    Field<std::string> start;
    if (auto s = unitFor(session.mainlineStart)) start = std::optional<std::string>(*s);
    if (leaf) {
      engine.setMainline(result.projectId, start, std::optional<std::string>(*leaf));
      std::optional<std::string> cursor = unitFor(session.cursor);
      engine.setCursor(result.projectId, cursor ? cursor : leaf);
    }
    applyScope();
    if (!result.created) return;  // a bundle's capsules and memolets came with its first import
    addCapsules();
    addMemolets();
  }

  void applyScope() {
    std::vector<std::string> included, excluded;
    for (const auto& m : session.messages) {
      if (!m.scope || *m.scope == ScopeState::Auto) continue;
      if (auto u = unitFor(m.sourceId)) (*m.scope == ScopeState::Included ? included : excluded).push_back(*u);
    }
    if (!included.empty()) engine.setScope(included, ScopeChange::Included, std::nullopt);
    if (!excluded.empty()) engine.setScope(excluded, ScopeChange::Excluded, std::nullopt);
  }

  void addCapsules() {
    for (const auto& c : session.capsules) {
      std::vector<std::string> units;
      for (const auto& id : c.sourceIds)
        if (auto u = unitFor(id)) units.push_back(*u);
      auto type = parseCapsuleType(c.type);
      if (units.empty() || !type) continue;
      CapsuleDraft draft{c.name, c.instruction, c.example, c.requiresReview, c.source};
      Capsule cap = engine.extractCapsule(result.projectId, units, *type, draft);
      if (c.reviewed) {
        CapsuleUpdate upd;
        upd.reviewed = true;
        cap = engine.updateCapsule(cap.id, upd);
      }
      if (c.enabled && (!cap.requiresReview || cap.reviewed)) engine.setCapsuleEnabled(cap.id, result.projectId, true);
    }
  }

  void addMemolets() {
    for (const auto& m : session.memolets) {
      MemoletCreateRequest req;
      req.projectId = result.projectId;
      req.title = m.title;
      if (m.spanSourceId) {
        auto u = unitFor(m.spanSourceId);
        if (!u) continue;
        req.span = MemoletSpan{*u, m.spanStart, m.spanEnd};
      } else {
        for (const auto& id : m.sourceIds)
          if (auto u = unitFor(id)) req.unitIds.push_back(*u);
        if (req.unitIds.empty()) continue;
      }
      engine.createMemolet(req);
    }
  }
};

}  // namespace

ProjectImport writeSession(Engine& engine, const ImportedSession& session) {
  Writer w{engine, session, {}, {}, {}, {}, {}};
  w.run();
  return w.result;
}

}  // namespace grove::interchange
