#include "session/KnowledgePlanner.h"

#include "agents/KnowledgePrompts.h"
#include "knowledge/KnowledgeOps.h"
#include "llm/KnowledgeReplies.h"
#include "support/OpError.h"

namespace grove::session {

using namespace knowledge;

namespace {

struct Tried {
  int opIndex = -1;
  std::string error;  // empty: every op ran
};

// The ops on a copy of the map: the first failure, or none.
Tried tryOps(const KnowledgeGraph& graph, const std::vector<KnowledgeOp>& ops) {
  KnowledgeGraph copy = graph;
  try {
    applyOps(copy, ops, ApplyContext{});
    return {};
  } catch (const OpError& e) {
    return {e.opIndex(), e.what()};
  } catch (const Error& e) {
    return {-1, e.what()};
  }
}

class Planner {
public:
  Planner(const KnowledgeGraph& graph, const std::optional<std::string>& selectedId, const std::string& instruction,
          const KnowledgeSettings& settings, const std::string& model, const KnowledgeModelCall& call)
      : graph_(graph), selected_(selectedId), instruction_(instruction), settings_(settings), model_(model),
        call_(call) {}

  PlannedEdit run() {
    try {
      for (int plan = 0; plan <= settings_.maxReplans; ++plan)
        if (auto ops = attemptPlan()) {
          out_.ok = true;
          out_.ops = std::move(*ops);
          return std::move(out_);
        }
      out_.error = "the model found no plan that works after " + std::to_string(out_.attempts.size()) +
                   " attempts; the last error: " + (out_.attempts.empty() ? "none" : out_.attempts.back().error);
    } catch (const std::exception& e) {
      // Provider errors never carry keys (LlmClient's contract).
      out_.error = std::string("the model did not answer: ") + e.what();
    }
    return std::move(out_);
  }

private:
  // One plan and its corrections: the ops once they all run, else nullopt
  // (the reason is in the attempts and in failures_ for the next plan).
  std::optional<std::vector<KnowledgeOp>> attemptPlan() {
    std::string why;
    auto ops = llm::parseKnowledgePlanReply(call_(knowledgePlanRequest(graph_, selected_, instruction_, failures_, model_)), why);
    if (!ops) {
      note({}, -1, "the reply was not a plan (" + why + ")");
      return std::nullopt;
    }
    std::vector<int> corrections(ops->size(), 0);
    for (;;) {
      Tried tried = tryOps(graph_, *ops);
      out_.attempts.push_back({*ops, tried.opIndex, tried.error});
      if (tried.error.empty()) return ops;
      int i = tried.opIndex;
      if (!correct(*ops, i, tried.error, corrections)) {
        failures_ += "- " + (i >= 0 && i < static_cast<int>(ops->size()) ? llm::knowledgeOpJson((*ops)[i]) : "the plan") +
                     ": " + tried.error + "\n";
        return std::nullopt;
      }
    }
  }

  // Asks for op i again until a reply reads as an op; false when its
  // corrections are used up (or the failure belongs to no op).
  bool correct(std::vector<KnowledgeOp>& ops, int i, const std::string& error, std::vector<int>& corrections) {
    if (i < 0 || i >= static_cast<int>(ops.size())) return false;
    while (corrections[i] < settings_.maxCorrections) {
      ++corrections[i];
      std::string why;
      auto op = llm::parseKnowledgeOpReply(
          call_(knowledgeCorrectionRequest(graph_, instruction_, llm::knowledgeOpsJson(ops), i, error, model_)), why);
      if (op) {
        ops[i] = std::move(*op);
        return true;
      }
      note(ops, i, "the correction was not an op (" + why + ")");
    }
    return false;
  }

  void note(std::vector<KnowledgeOp> ops, int opIndex, std::string error) {
    failures_ += "- " + error + "\n";
    out_.attempts.push_back({std::move(ops), opIndex, std::move(error)});
  }

  const KnowledgeGraph& graph_;
  const std::optional<std::string>& selected_;
  const std::string& instruction_;
  const KnowledgeSettings& settings_;
  const std::string& model_;
  const KnowledgeModelCall& call_;
  PlannedEdit out_;
  std::string failures_;
};

}  // namespace

PlannedEdit planKnowledgeEdit(const KnowledgeGraph& graph, const std::optional<std::string>& selectedId,
                              const std::string& instruction, const KnowledgeSettings& settings,
                              const std::string& model, const KnowledgeModelCall& call) {
  return Planner(graph, selectedId, instruction, settings, model, call).run();
}

KnowledgeTurn plannedEditTurn(Engine& engine, const KnowledgeAskRequest& request, const KnowledgeIntent& intent,
                              const KnowledgeGraph& graph, const PlannedEdit& planned) {
  KnowledgeTurn turn = startKnowledgeTurn(request, intent, graph.workspaceUri);
  turn.plan = KnowledgePlan{};
  turn.plan->attempts = planned.attempts;
  if (!planned.ok) {
    if (!planned.attempts.empty()) turn.plan->ops = planned.attempts.back().ops;
    std::string message = "I could not make that edit: " + planned.error + ". Nothing was changed.";
    turn.failure = KnowledgeFailure{"opFailed", message, {}};
    turn.message = std::move(message);
    return turn;
  }
  commitKnowledgeEdit(engine, request, graph, planned.ops, turn);
  return turn;
}

}  // namespace grove::session
