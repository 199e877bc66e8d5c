// Engine: structure suggestions. Native analysis under the initiative
// policy, the model path's merge, and resolving a card (accept carries the
// action out as one undoable operation).
#include <algorithm>

#include "agents/MemoryAgent.h"
#include "agents/UserModelAgent.h"
#include "engine/BranchReturn.h"
#include "engine/EngineImpl.h"
#include "engine/BoardState.h"
#include "engine/StructureLog.h"
#include "structure/Analysis.h"
#include "support/Ids.h"

namespace grove {

namespace {

constexpr int64_t kHourMs = 3600 * 1000;
constexpr size_t kMaxPathTurns = 400;   // analysis reads only the recent path
constexpr size_t kParentContext = 6;    // units of the parent path shown with a branch
constexpr size_t kRecentTurns = 8;      // turns the structure agent sees
constexpr size_t kWorkflowUnits = 8;    // units an extraction reads on the mainline

SuggestionKind kindOf(structure::SignalKind k) {
  switch (k) {
    case structure::SignalKind::Branch: return SuggestionKind::Branch;
    case structure::SignalKind::Return: return SuggestionKind::Return;
    case structure::SignalKind::Extract: return SuggestionKind::Extract;
    case structure::SignalKind::Exclude: return SuggestionKind::Exclude;
  }
  return SuggestionKind::Branch;
}

bool turnWorthy(const Unit& u) {
  return u.kind != Kind::Placeholder && u.scope != ScopeState::Excluded && !u.content.empty();
}

structure::PathTurn turnOf(const Unit& u) { return {u.id, toString(u.role), u.content}; }

// Everything the detectors and the structure agent are told about a cursor.
struct Situation {
  structure::AnalysisInput input;
  StructureContext context;
  std::vector<std::string> workflowIds;
  std::string anchorId;  // the cursor: where a branch would be anchored
};

}  // namespace

// Reads the cursor's path and branch into a Situation, through the engine's
// cached lookups.
static Situation situate(Engine& engine, Engine::Impl& impl, ProjectState& ps,
                         const std::optional<std::string>& cursorId, const std::string& message) {
  Situation s;
  s.input.message = message;
  s.context.message = message;
  const std::string& projectId = ps.project.id;
  if (!cursorId) return s;
  Node& cursor = impl.liveNodeIn(*cursorId, projectId, "cursorId");
  s.anchorId = cursor.unit.id;
  std::vector<Node*> path = impl.pathTo(ps, &cursor);
  size_t from = path.size() > kMaxPathTurns ? path.size() - kMaxPathTurns : 0;
  for (size_t i = from; i < path.size(); ++i)
    if (turnWorthy(path[i]->unit)) s.input.path.push_back(turnOf(path[i]->unit));
  for (size_t i = s.input.path.size() > kRecentTurns ? s.input.path.size() - kRecentTurns : 0;
       i < s.input.path.size(); ++i)
    s.context.recentTurns.emplace_back(s.input.path[i].role, s.input.path[i].text);

  std::vector<BranchMeta> metas = impl.store->branches(projectId);
  for (const auto& m : metas) {
    s.context.totalBranches += 1;
    if (m.status == BranchStatus::Open) s.context.openBranches += 1;
  }
  for (auto it = metas.rbegin(); it != metas.rend() && s.context.recentIntents.size() < 3; ++it)
    if (it->title && !it->title->empty()) s.context.recentIntents.push_back(*it->title);
  if (auto root = impl.store->liveRoot(projectId))
    if (auto meta = impl.store->branch(projectId, *root); meta && meta->summary)
      s.context.mainlineSummary = *meta->summary;

  Branch here = engine.branchHeadOf(cursor.unit.id);
  if (here.isMainline || !here.anchorId) {
    for (size_t i = path.size() > kWorkflowUnits ? path.size() - kWorkflowUnits : 0; i < path.size(); ++i)
      s.workflowIds.push_back(path[i]->unit.id);
    return s;
  }
  s.input.onBranch = true;
  s.context.inBranch = true;
  s.input.branchHeadId = here.headId;
  s.input.branchTitle = here.title.value_or(here.intent.value_or(""));
  s.context.branchIntent = s.input.branchTitle;
  // The workflow an extraction would read: the branch up to the cursor.
  bool inBranch = false;
  for (Node* n : path) {
    if (n->unit.id == here.headId) inBranch = true;
    if (inBranch) s.workflowIds.push_back(n->unit.id);
  }
  // The parent path: where a return goes (its tip) and what it was about.
  Branch parent = engine.branchHeadOf(*here.anchorId);
  if (parent.summary) s.context.parentSummary = *parent.summary;
  std::string tip = returnTip(engine, impl, ps, here);
  s.input.parentTipId = tip;
  std::vector<Node*> parentPath = impl.pathTo(ps, &impl.liveNode(tip));
  for (size_t i = parentPath.size() > kParentContext ? parentPath.size() - kParentContext : 0;
       i < parentPath.size(); ++i)
    if (turnWorthy(parentPath[i]->unit)) s.input.parentContext.push_back(turnOf(parentPath[i]->unit));
  int depth = 1;
  for (Branch b = parent; !b.isMainline && b.anchorId && depth < 64; b = engine.branchHeadOf(*b.anchorId))
    depth += 1;
  s.context.branchDepth = depth;
  return s;
}

namespace {

Suggestion fromSignal(const structure::Signal& sig, const std::string& projectId, int64_t now) {
  Suggestion s;
  s.projectId = projectId;
  s.kind = kindOf(sig.kind);
  s.anchorIds = sig.anchorIds;
  s.reason = sig.reason;
  s.confidence = std::clamp(sig.confidence, 0.0, 1.0);
  s.source = SuggestionSource::Native;
  s.createdAt = now;
  if (!sig.title.empty()) s.title = sig.title;
  s.delegated = sig.delegated;
  if (s.kind == SuggestionKind::Extract)
    s.capsuleType = sig.capsuleType.empty() ? std::string("task_sop") : sig.capsuleType;
  return s;
}

structure::Thresholds thresholdsFor(const UserModel& model) {
  return structure::adjusted(structure::Thresholds{}, biasFrom(model));
}

}  // namespace

InitiativePolicy Engine::initiative(const std::string& projectId) {
  impl_->state(projectId);
  return impl_->store->initiative(projectId).value_or(InitiativePolicy{});
}

InitiativePolicy Engine::setInitiative(const std::string& projectId, const InitiativeUpdate& u) {
  if (u.cooldownTurns && (*u.cooldownTurns < 0 || *u.cooldownTurns > 1000))
    throw Error::invalidArg("cooldownTurns", "cooldownTurns must be 0..1000");
  if (u.maxPerHour && (*u.maxPerHour < 0 || *u.maxPerHour > 10000))
    throw Error::invalidArg("maxPerHour", "maxPerHour must be 0..10000");
  return impl_->mutate([&] {
    impl_->state(projectId);
    InitiativePolicy p = impl_->store->initiative(projectId).value_or(InitiativePolicy{});
    if (u.level) p.level = *u.level;
    if (u.cooldownTurns) p.cooldownTurns = *u.cooldownTurns;
    if (u.maxPerHour) p.maxPerHour = *u.maxPerHour;
    impl_->store->putInitiative(projectId, p);
    return p;
  });
}

std::vector<Suggestion> Engine::analyze(const std::string& projectId,
                                        const std::optional<std::string>& cursorId,
                                        const std::string& prompt) {
  ProjectState& ps = impl_->state(projectId);
  Situation s = situate(*this, *impl_, ps, cursorId, prompt);
  if (initiative(projectId).level == InitiativeLevel::Off) return {};
  std::vector<Suggestion> out;
  for (const auto& sig : structure::analyze(s.input, thresholdsFor(userModel())))
    out.push_back(fromSignal(sig, projectId, impl_->now()));
  return out;
}

void Engine::passPendingSuggestions(const std::string& projectId) {
  impl_->mutate([&] {
    impl_->state(projectId);
    for (Suggestion s : impl_->store->suggestions(projectId, SuggestionState::Pending)) {
      s.state = SuggestionState::Ignored;
      s.resolvedAt = impl_->now();
      impl_->store->putSuggestion(s);
      logStructureEvent(*impl_, projectId, "ignored", toString(s.kind), s.id, s.reason);
      announceSuggestion(*impl_, s, false);
    }
  });
}

SendAnalysis Engine::analyzeSend(const Unit& userUnit) {
  const std::string projectId = userUnit.projectId;
  UserModel model = userModel();
  return impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    SendAnalysis out;
    InitiativePolicy policy = impl_->store->initiative(projectId).value_or(InitiativePolicy{});
    if (policy.level == InitiativeLevel::Off) return out;
    Situation s = situate(*this, *impl_, ps, userUnit.parentId, userUnit.content);
    out.context = s.context;
    out.anchorId = s.anchorId;
    out.branchHeadId = s.input.branchHeadId;
    out.parentTipId = s.input.parentTipId;
    out.workflowIds = s.workflowIds;
    std::vector<structure::Signal> signals = structure::analyze(s.input, thresholdsFor(model));
    policy.lastTriggerId = userUnit.id;
    policy.turnsSinceCard = std::min(policy.turnsSinceCard, 1 << 20) + 1;
    const int64_t now = impl_->now();
    auto store = [&](Suggestion sug) {
      sug.id = newId('s');
      sug.triggerUnitId = userUnit.id;
      impl_->store->putSuggestion(sug);
      announceSuggestion(*impl_, sug, true);
      return sug;
    };
    bool delegated = !signals.empty() && signals.front().delegated;
    if (delegated) {
      // The user asked for it: a card regardless of cooldown and rate cap.
      out.delegated = store(fromSignal(signals.front(), projectId, now));
      out.created.push_back(*out.delegated);
    } else if (policy.level == InitiativeLevel::Suggest) {
      int recent = impl_->store->countSuggestionsSince(projectId, now - kHourMs);
      // The cooldown keeps cards from nagging; a card the user accepted was
      // welcome, so the next one (say, the return after a branch) may follow.
      std::vector<Suggestion> earlier = impl_->store->suggestions(projectId, std::nullopt);
      bool welcomed = !earlier.empty() && earlier.back().state == SuggestionState::Accepted;
      bool gate = (welcomed || policy.turnsSinceCard > policy.cooldownTurns) && recent < policy.maxPerHour;
      out.modelAllowed = gate;
      for (const auto& sig : signals) {
        if (!gate || recent >= policy.maxPerHour) break;
        out.created.push_back(store(fromSignal(sig, projectId, now)));
        recent += 1;
      }
      if (!out.created.empty()) policy.turnsSinceCard = 0;
    }
    impl_->store->putInitiative(projectId, policy);
    return out;
  });
}

std::vector<Suggestion> Engine::mergeModelSuggestions(const std::string& projectId,
                                                      const std::string& triggerUnitId,
                                                      const std::vector<Suggestion>& proposals) {
  return impl_->mutate([&] {
    impl_->state(projectId);
    std::vector<Suggestion> touched;
    InitiativePolicy policy = impl_->store->initiative(projectId).value_or(InitiativePolicy{});
    // A late answer about a turn the user has moved past is not shown.
    if (policy.level != InitiativeLevel::Suggest || policy.lastTriggerId != triggerUnitId) return touched;
    std::vector<Suggestion> existing = impl_->store->suggestions(projectId, std::nullopt);
    const int64_t now = impl_->now();
    int recent = impl_->store->countSuggestionsSince(projectId, now - kHourMs);
    for (Suggestion p : proposals) {
      auto same = std::find_if(existing.begin(), existing.end(), [&](const Suggestion& e) {
        return e.triggerUnitId == triggerUnitId && e.kind == p.kind && e.anchorIds == p.anchorIds;
      });
      if (same != existing.end()) {
        if (same->state != SuggestionState::Pending) continue;
        // Both agreed: one card, marked as the model's, with the higher confidence.
        same->source = SuggestionSource::Model;
        same->confidence = std::max(same->confidence, p.confidence);
        if (!same->title && p.title) same->title = p.title;
        impl_->store->putSuggestion(*same);
        announceSuggestion(*impl_, *same, false);
        touched.push_back(*same);
        continue;
      }
      if (recent >= policy.maxPerHour) continue;
      p.id = newId('s');
      p.projectId = projectId;
      p.source = SuggestionSource::Model;
      p.state = SuggestionState::Pending;
      p.createdAt = now;
      p.triggerUnitId = triggerUnitId;
      impl_->store->putSuggestion(p);
      announceSuggestion(*impl_, p, true);
      existing.push_back(p);
      touched.push_back(p);
      recent += 1;
      policy.turnsSinceCard = 0;
    }
    impl_->store->putInitiative(projectId, policy);
    return touched;
  });
}

std::vector<Suggestion> Engine::suggestions(const std::string& projectId,
                                            const std::optional<SuggestionState>& state) {
  impl_->state(projectId);
  return impl_->store->suggestions(projectId, state);
}

Suggestion Engine::suggestion(const std::string& suggestionId) {
  if (auto card = impl_->store->board().card(suggestionId)) return *card;
  auto s = impl_->store->suggestion(suggestionId);
  if (!s) throw Error::notFound("suggestionNotFound", suggestionId);
  ProjectState* ps = impl_->findState(s->projectId);
  if (!ps || ps->project.deletedAt) throw Error::notFound("suggestionNotFound", suggestionId);
  return *s;
}

namespace {

// True when `unitId` is `ancestorId` or lies below it.
bool within(Engine::Impl& impl, const std::optional<std::string>& unitId, const std::string& ancestorId) {
  if (!unitId) return false;
  for (Node* n = impl.findNode(*unitId); n; n = impl.parentOf(*n))
    if (n->unit.id == ancestorId) return true;
  return false;
}

[[noreturn]] void cannotApply(const std::string& why, const std::string& id) {
  throw Error::invalidOp("cannotApply", why, id);
}

}  // namespace

Resolution Engine::resolveSuggestion(const std::string& suggestionId, Decision decision,
                                     const std::optional<CapsuleDraft>& draft) {
  Suggestion current = suggestion(suggestionId);
  if (current.state == SuggestionState::Accepted || current.state == SuggestionState::Rejected)
    throw Error::invalidOp("suggestionResolved",
                           "suggestion " + suggestionId + " was already " + toString(current.state),
                           suggestionId);
  if (decision == Decision::Defer && current.state == SuggestionState::Deferred) return {current, {}, {}, {}, {}, {}};
  if (current.onMap()) return board::resolveKnowledgeCard(*this, *impl_, current, decision);
  if (current.onBoard()) return board::resolveCard(*impl_, current, decision);

  // The capsule an accepted extraction makes is read before the transaction.
  std::optional<std::vector<Unit>> capsuleUnits;
  if (decision == Decision::Accept && current.kind == SuggestionKind::Extract) {
    std::vector<std::string> live;
    for (const auto& id : current.anchorIds) {
      Node* n = impl_->findNode(id);
      if (n && !n->unit.removed && n->unit.projectId == current.projectId) live.push_back(id);
    }
    if (live.empty()) cannotApply("the units of this workflow are gone", suggestionId);
    capsuleUnits = units(live);
  }

  return impl_->mutate([&] {
    ProjectState& ps = impl_->state(current.projectId);
    Resolution r;
    Suggestion s = current;
    const std::string action = toString(s.kind);
    if (decision == Decision::Reject || decision == Decision::Defer) {
      s.state = decision == Decision::Reject ? SuggestionState::Rejected : SuggestionState::Deferred;
      s.resolvedAt = impl_->now();
      impl_->store->putSuggestion(s);
      logStructureEvent(*impl_, s.projectId, toString(s.state), action, s.id, s.reason);
      announceSuggestion(*impl_, s, false);
      r.suggestion = s;
      return r;
    }

    switch (s.kind) {
      case SuggestionKind::Branch: {
        // The triggering exchange becomes a branch anchored at the unit
        // before it; the mainline's end goes back to that anchor.
        if (!s.triggerUnitId) cannotApply("this suggestion names no message to branch off", s.id);
        Node& trigger = impl_->liveNodeIn(*s.triggerUnitId, s.projectId, "suggestionId");
        Node* anchor = impl_->parentOf(trigger);
        if (!anchor) cannotApply("the first message of a project cannot start a branch", s.id);
        Change ch = impl_->begin(ps, ChangeOp::Branch);
        if (!trigger.unit.startsBranch) {
          impl_->touch(ch, trigger.unit);
          Unit u = trigger.unit;
          u.startsBranch = true;
          impl_->writeUnit(u);
        }
        impl_->touchBranch(ch, s.projectId, trigger.unit.id);
        BranchMeta meta = impl_->store->branch(s.projectId, trigger.unit.id)
                              .value_or(BranchMeta{s.projectId, trigger.unit.id, {}, {}, BranchStatus::Open, {}});
        if (!meta.title && s.title) meta.title = s.title;
        if (!meta.intent) meta.intent = s.title ? s.title : std::optional<std::string>(s.reason);
        impl_->putBranch(meta);
        if (within(*impl_, ps.project.mainlineEndId, trigger.unit.id))
          ps.project.mainlineEndId = anchor->unit.id;
        impl_->finish(ch, ps);
        r.unitIds = {trigger.unit.id};
        r.project = ps.project;
        break;
      }
      case SuggestionKind::Return: {
        // The cursor goes to the parent path's tip; the branch is summarised
        // and marked completed.
        if (s.anchorIds.size() < 2) cannotApply("a return names the branch and where to return", s.id);
        Node& head = impl_->liveNodeIn(s.anchorIds[0], s.projectId, "suggestionId");
        Node& tip = impl_->liveNodeIn(s.anchorIds[1], s.projectId, "suggestionId");
        std::vector<Unit> branchUnits = units(branchOf(head.unit.id).unitIds);
        // A delegated return's own request and its acknowledgement are not
        // part of what the branch found.
        if (s.delegated && s.triggerUnitId)
          if (Node* t = impl_->findNode(*s.triggerUnitId))
            branchUnits.erase(std::remove_if(branchUnits.begin(), branchUnits.end(),
                                             [&](const Unit& u) { return u.seq >= t->unit.seq; }),
                              branchUnits.end());
        r.pathSwitch = applyReturn(*impl_, ps, head.unit.id, tip.unit.id, branchUnits, std::nullopt);
        r.unitIds = {head.unit.id};
        r.project = ps.project;
        break;
      }
      case SuggestionKind::Exclude: {
        Change ch = impl_->begin(ps, ChangeOp::SetScope);
        for (const auto& id : s.anchorIds) {
          Node* n = impl_->findNode(id);
          if (!n || n->unit.removed || n->unit.projectId != s.projectId) continue;
          if (n->unit.scope == ScopeState::Excluded) continue;
          impl_->touch(ch, n->unit);
          Unit u = n->unit;
          u.scope = ScopeState::Excluded;
          impl_->writeUnit(u);
          r.unitIds.push_back(id);
        }
        impl_->finish(ch, ps);
        r.project = ps.project;
        break;
      }
      case SuggestionKind::Evolve:
      case SuggestionKind::Reorganize:
      case SuggestionKind::Child:
      case SuggestionKind::KnowledgeEdit:
        cannotApply("a workspace card without a workspace", s.id);  // onBoard() cards never reach here
      case SuggestionKind::Extract: {
        CapsuleType type = parseCapsuleType(s.capsuleType.value_or("task_sop")).value_or(CapsuleType::TaskSop);
        r.capsule = impl_->putNewCapsule(s.projectId, *capsuleUnits, type, draft, s.title.value_or(""));
        break;
      }
    }
    s.state = SuggestionState::Accepted;
    s.resolvedAt = impl_->now();
    impl_->store->putSuggestion(s);
    logStructureEvent(*impl_, s.projectId, "accepted", action, s.id, s.reason);
    announceSuggestion(*impl_, s, false);
    r.suggestion = s;
    return r;
  });
}

}  // namespace grove
