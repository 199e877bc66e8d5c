// Engine: returning from a branch. A manual return and an accepted return
// card both end in applyReturn, so the branch's status, its summary and the
// cursor are written the same way whichever way the user returned.
#include "engine/BranchReturn.h"

#include "agents/MemoryAgent.h"
#include "engine/StructureLog.h"

namespace grove {

std::string returnTip(Engine& engine, Engine::Impl& impl, ProjectState& ps, const Branch& here) {
  Node& anchor = impl.liveNode(*here.anchorId);
  Branch parent = engine.branchHeadOf(anchor.unit.id);
  std::string tip = anchor.unit.id;
  if (parent.isMainline && ps.project.mainlineEndId) return *ps.project.mainlineEndId;
  for (auto next = impl.store->continuingChild(tip); next; next = impl.store->continuingChild(tip)) tip = *next;
  return tip;
}

std::optional<std::pair<std::string, std::string>> applyReturn(Engine::Impl& impl, ProjectState& ps,
                                                               const std::string& headId,
                                                               const std::string& tipId,
                                                               const std::vector<Unit>& branchUnits,
                                                               const std::optional<std::string>& summary) {
  const std::string& projectId = ps.project.id;
  Change ch = impl.begin(ps, ChangeOp::Branch);
  impl.touchBranch(ch, projectId, headId);
  BranchMeta meta = impl.store->branch(projectId, headId)
                        .value_or(BranchMeta{projectId, headId, {}, {}, BranchStatus::Open, {}});
  meta.status = BranchStatus::Completed;
  std::string text = summary ? *summary : extractiveBranchSummary(branchUnits);
  if (!text.empty()) meta.summary = text;
  impl.putBranch(meta);
  std::optional<std::string> from = ps.project.cursorId;
  ps.project.cursorId = tipId;
  impl.finish(ch, ps);
  if (from && *from != tipId) return std::make_pair(*from, tipId);
  return std::nullopt;
}

BranchReturn Engine::returnFromBranch(const std::string& projectId, const std::string& headId,
                                      const std::optional<std::string>& summary) {
  BranchReturn out;
  impl_->mutate([&] {
    ProjectState& ps = impl_->state(projectId);
    Node& head = impl_->liveNodeIn(headId, projectId, "headId");
    if (!head.unit.parentId)
      throw Error::invalidOp("notBranchHead", "the mainline has no parent path to return to", headId);
    if (!head.unit.startsBranch)
      throw Error::invalidOp("notBranchHead",
                             "unit " + headId + " does not start a branch; use its branch's head", headId);
    Branch here = branchHeadOf(headId);
    std::string tip = returnTip(*this, *impl_, ps, here);
    out.pathSwitch = applyReturn(*impl_, ps, headId, tip, units(branchOf(headId).unitIds), summary);
    logManual(*impl_, projectId, "return", here.title.value_or("left a branch"));
    out.project = ps.project;
  });
  out.branch = branchOf(headId);
  return out;
}

}  // namespace grove
