#include "structure/Analysis.h"

#include <algorithm>
#include <cmath>
#include <cctype>

#include "structure/Context.h"
#include "structure/Cues.h"
#include "structure/Delegation.h"
#include "structure/Drift.h"
#include "structure/Features.h"
#include "structure/Return.h"
#include "structure/Subject.h"
#include "structure/Title.h"
#include "structure/Workflow.h"

namespace grove::structure {

std::string_view toString(SignalKind kind) {
  switch (kind) {
    case SignalKind::Branch: return "branch";
    case SignalKind::Return: return "return";
    case SignalKind::Extract: return "extract";
    case SignalKind::Exclude: return "exclude";
  }
  return "branch";
}

Thresholds adjusted(const Thresholds& base, const Bias& bias) {
  // A full bias of -1 (the user rejects every such card) raises a score
  // threshold by 0.2; +1 lowers it by 0.2. The branch and return bars are
  // probabilities of a trained model, so they move in log-odds instead, by
  // up to 2 (0.54 -> 0.90 for a full rejecter): a linear 0.2 could never
  // silence a card the model is sure of, however often it was rejected.
  auto move = [](double t, double b) { return std::clamp(t - 0.2 * std::clamp(b, -1.0, 1.0), 0.05, 0.98); };
  auto moveOdds = [](double p, double b) {
    double logit = std::log(p / (1.0 - p)) - 2.0 * std::clamp(b, -1.0, 1.0);
    return std::clamp(1.0 / (1.0 + std::exp(-logit)), 0.05, 0.98);
  };
  Thresholds out = base;
  out.branch = moveOdds(base.branch, bias.branch);
  // A user who rejects branch cards loses the chit-chat leniency first: the
  // chit-chat bar rises toward the (raised) programming bar in proportion to
  // the rejection bias, so the evidence that silences a card in a technical
  // thread silences it in small talk too. Still monotonic.
  double chat = moveOdds(base.branchChat, bias.branch);
  if (bias.branch < 0) chat += (std::max(out.branch, chat) - chat) * std::min(1.0, -bias.branch);
  out.branchChat = chat;
  out.ret = moveOdds(base.ret, bias.ret);
  out.extract = move(base.extract, bias.extract);
  return out;
}

namespace {

bool blank(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); });
}

Signal branchSignal(const AnalysisInput& in, const DriftEstimate& d, double p) {
  Signal s;
  s.kind = SignalKind::Branch;
  s.anchorIds = {in.path.back().unitId};
  s.confidence = p;
  s.title = intentTitle(in.message);
  std::string about = d.threadWords.empty() ? "" : " about " + quoted(d.threadWords);
  if (!d.shiftCue.empty()) {
    s.reason = "You opened a new topic (\"" + d.shiftCue + "\")" +
               (d.newWords.empty() ? std::string(".")
                                   : ": " + quoted(d.newWords) + " did not come up in the recent turns" + about + ".");
  } else if (!d.newWords.empty()) {
    s.reason = "This message is about " + quoted(d.newWords) + ", which the recent turns" + about +
               " did not discuss; a branch keeps that detour apart.";
  } else {
    s.reason = "This message moves away from the recent turns" + about + ".";
  }
  return s;
}

Signal returnSignal(const AnalysisInput& in, const ReturnEstimate& r, double p) {
  Signal s;
  s.kind = SignalKind::Return;
  s.anchorIds = {in.branchHeadId, in.parentTipId};
  s.confidence = p;
  std::string branch = in.branchTitle.empty() ? "this branch" : "the branch '" + in.branchTitle + "'";
  if (!r.returnCue.empty() && !r.parentWords.empty()) {
    s.reason = "You went back (\"" + r.returnCue + "\") to " + quoted(r.parentWords) +
               ", the topic of the thread " + branch + " left.";
  } else if (!r.returnCue.empty()) {
    s.reason = "You went back (\"" + r.returnCue + "\") to the thread " + branch + " left.";
  } else if (!r.closureCue.empty() && r.parentWords.empty()) {
    s.reason = "You closed " + branch + " (\"" + r.closureCue + "\"); its result can go back to the thread it left.";
  } else if (!r.parentWords.empty()) {
    s.reason = "This message is about " + quoted(r.parentWords) + " from the thread " + branch +
               " left, not about the branch itself.";
  } else {
    s.reason = "This message leaves " + branch + " for the thread it came from.";
  }
  return s;
}

Signal extractSignal(const AnalysisInput& in, const Context& c, const WorkflowEstimate& w) {
  Signal s;
  s.kind = SignalKind::Extract;
  for (const PathTurn* t : c.branchTurns) s.anchorIds.push_back(t->unitId);
  s.confidence = w.score;
  s.capsuleType = "task_sop";
  s.title = !in.branchTitle.empty() ? in.branchTitle
            : c.branchTurns.empty() ? std::string("Procedure")
                                    : intentTitle(c.branchTurns.front()->text);
  std::string steps = w.steps > 0 ? "a " + std::to_string(w.steps) + "-step procedure" : "a procedure";
  s.reason = "The branch '" + s.title + "' worked through " + steps +
             (w.success ? " that succeeded" : "") + "; it could be saved as a reusable SOP.";
  return s;
}

}  // namespace

std::vector<Signal> analyze(const AnalysisInput& in, const Thresholds& th) {
  std::vector<Signal> out;
  if (blank(in.message)) return out;
  if (auto d = delegatedAction(in)) {
    out.push_back(std::move(*d));
    return out;
  }
  if (in.path.empty()) return out;
  Context c = contextOf(in);

  if (in.onBranch) {
    ReturnEstimate r = estimateReturn(c);
    double pr = returnModel().probability(returnFeatures(c, r));
    if (pr >= th.ret) {
      out.push_back(returnSignal(in, r, pr));
      WorkflowEstimate w = estimateWorkflow(c);
      if (w.score >= th.extract) out.push_back(extractSignal(in, c, w));
      return out;
    }
    // Not back: a new departure from the branch itself is a branch of its
    // own, anchored here (the same model judges it against the branch).
  } else if (c.userTurns < th.minUserTurns) {
    return out;
  }
  DriftEstimate d = estimateDrift(c);
  // A message that names nothing ("ok, thanks. what next?") is the next
  // step whatever the model makes of its lack of words; an announced shift
  // ("unrelated question: ...") is still heard.
  const bool chat = chatStyle(c);
  if (namesNoSubject(c) && d.shiftCue.empty() && !chat) return out;
  double p = branchModel().probability(branchFeatures(c, d));
  if (p >= (chat ? th.branchChat : th.branch)) out.push_back(branchSignal(in, d, p));
  return out;
}

}  // namespace grove::structure
