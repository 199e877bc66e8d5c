// The chat turn, from the user's message to the streamed answer.
//
// On the engine thread: the user unit is stored, the scope resolved and the
// conversation agent's system prompt built, and an assistant unit opened
// with status `streaming`. After that commit, a worker streams the answer
// from the provider; on the engine thread again the answer's final text and
// status are stored and the turn is reported. Cancelling stops the transfer
// at once and keeps the partial answer as `interrupted`.
#include "agents/ConversationAgent.h"
#include "agents/MemoletPrompts.h"
#include "llm/ProviderRegistry.h"
#include "session/Delegation.h"
#include "session/Session.h"
#include "session/StructureJobs.h"
#include "session/SummaryJobs.h"
#include "session/TurnMemory.h"
#include "support/Log.h"

namespace grove::session {

namespace {

std::string scopeReport(const ScopePreview& p, const ConversationMode& mode) {
  size_t units = 0;
  for (const auto& m : p.messages) units += m.unitIds.size();
  std::string out = "- units in scope: " + std::to_string(units) +
                    "; excluded on this path: " + std::to_string(p.excluded.size()) +
                    "; included from other paths: " + std::to_string(p.included.size());
  if (mode.inBranch)
    out += "\n- mainline summary: " + std::string(mode.mainlineSummary ? "yes" : "none");
  else
    out += "\n- completed branch summaries: " + std::to_string(mode.completedSummaries.size());
  return out;
}

struct Outcome {
  ChatResult result;
  std::string streamed;  // what reached the client, kept even when the call throws
  std::optional<Error> failure;
  bool cancelled = false;
};

// On the engine thread: the answer becomes history (or is dropped) and the turn is reported.
Expected<Turn> finish(Engine& e, const std::string& userId, const std::string& assistantId, Outcome& o,
                      const TurnMemory& memory) {
  return captureExpected([&]() -> Turn {
    Turn turn;
    if (o.cancelled) {
      turn.assistantUnit = e.endStream(assistantId, o.streamed, Status::Interrupted, true);
      turn.finishReason = "cancelled";
    } else if (o.failure) {
      // Nothing is lost: partial text stays as an interrupted answer, an
      // empty one is dropped, and the error says what went wrong.
      if (o.streamed.empty())
        e.endStream(assistantId, "", Status::Error, false);
      else
        e.endStream(assistantId, o.streamed, Status::Interrupted, true);
      throw *o.failure;
    } else {
      Status status = o.result.finishReason == "interrupted" ? Status::Interrupted : Status::Complete;
      turn.assistantUnit = e.endStream(assistantId, o.result.text, status, true);
      turn.finishReason = o.result.finishReason;
    }
    turn.userUnit = e.unit(userId);
    turn.promptTokens = o.result.usage.promptTokens;
    turn.completionTokens = o.result.usage.completionTokens;
    addMemoryResult(e, turn.assistantUnit.content, memory, turn);
    return turn;
  });
}

// The message an answer is (re)done from: a user unit itself, an answer's parent.
Unit promptOf(Engine& engine, const Unit& unit) {
  if (unit.role != Role::Assistant) return unit;
  if (!unit.parentId)
    throw Error::invalidOp("nothingToAnswer", "this answer has no message before it", unit.id);
  return engine.unit(*unit.parentId);
}

}  // namespace

void Session::sendMessage(const SendRequest& request, TurnCallbacks callbacks, CancellationToken cancel) {
  if (request.content.find_first_not_of(" \t\r\n") == std::string::npos)
    throw Error::invalidArg("content", "content must not be empty");
  // An unknown @ reference (or memory choice) fails the send before anything is stored.
  engine_.checkMemory(request.content, request.memory);
  AppendRequest r;
  r.projectId = request.projectId;
  r.parentId = request.parentId;
  r.role = Role::User;
  r.content = request.content;
  r.branch = request.branch;
  Project before = engine_.project(r.projectId);
  Unit user = engine_.append(r);
  // Sending somewhere else than the cursor (or opening a branch) is a path switch.
  if (before.cursorId && *before.cursorId != user.id) onPathSwitch(*this, r.projectId, *before.cursorId, user.id);
  // Cards still pending were passed by; then the structure agent judges
  // this message (native now, the model in parallel with the answer).
  engine_.passPendingSuggestions(r.projectId);
  SendAnalysis analysis = engine_.analyzeSend(user);
  if (analysis.delegated) {
    callbacks.onDone(answerDelegation(engine_, user, *analysis.delegated));
    return;
  }
  startStructureAgent(*this, user, analysis);
  startAnswer(user, request.model, std::nullopt, request.memory, std::move(callbacks), std::move(cancel));
}

void Session::answerAgain(const AnswerAgainRequest& request, TurnCallbacks callbacks, CancellationToken cancel) {
  Unit unit = engine_.unit(request.unitId);
  engine_.checkMemory("", request.memory);
  if (const auto& refine = request.refine) {
    // Every id must name a memolet before anything is started.
    for (const auto* list : {&refine->add, &refine->remove, &refine->highlight, &refine->obscure})
      for (const auto& id : *list) engine_.memolet(id);
    for (const auto& g : refine->group) {
      if (!(g.weight >= 0.0 && g.weight <= 1.0))
        throw Error::invalidArg("group", "a group weight must be between 0 and 1");
      if (g.a == g.b) throw Error::invalidArg("group", "a group joins two different memolets");
      engine_.memolet(g.a);
      engine_.memolet(g.b);
    }
  }
  startAnswer(promptOf(engine_, unit), request.model, request.refine, request.memory, std::move(callbacks),
              std::move(cancel));
}

void Session::startAnswer(const Unit& promptUnit, const std::optional<std::string>& model,
                          const std::optional<RefineRequest>& refine, const MemoryChoice& choice,
                          TurnCallbacks callbacks, CancellationToken cancel) {
  const std::string projectId = promptUnit.projectId;
  ConversationMode mode = engine_.conversationMode(projectId, promptUnit.id);
  ChatRequest request;
  request.system = buildConversationSystemPrompt(mode);
  anchors_->recheck(engine_, projectId);  // a stale source says so in the prompt
  ScopePreview preview = engine_.preview(projectId, promptUnit.id, std::nullopt, std::nullopt, request.system);
  for (const auto& m : preview.messages) request.messages.push_back({m.role, m.content});
  request.model = model.value_or("");
  request.scopeReport = scopeReport(preview, mode);
  // Memory: referenced memolets always, retrieved ones when there are any
  // (unknown references fail here, before anything is stored).
  auto memory =
      std::make_shared<TurnMemory>(prepareTurnMemory(*this, projectId, promptUnit.content, refine, choice));
  if (refine)  // what the user removed appears nowhere in a refined prompt
    for (auto& m : request.messages) m.content = scrubMemolets(m.content, refine->remove);
  if (!memory->needsProvider) {
    request.system = withMemory(request.system, *memory);
    // The offline provider reports what it was given, memory included.
    if (auto ids = memory->context.ids(); !ids.empty()) {
      request.scopeReport += "\n- memolets in context:";
      for (const auto& mid : ids) request.scopeReport += " " + mid;
    }
  }
  Unit assistant = engine_.beginStream(projectId, promptUnit.id, Role::Assistant);
  std::string userId = promptUnit.id, assistantId = assistant.id, actor = engine_.actor();
  auto cb = std::make_shared<TurnCallbacks>(std::move(callbacks));
  // The provider is called only once the user's message is durable.
  afterCommit([this, cb, cancel, request, projectId, userId, assistantId, memory, actor] {
    post([this, cb, cancel, request, projectId, userId, assistantId, memory, actor] {
      Outcome o;
      auto onDelta = [&](std::string_view delta) {
        o.streamed.append(delta);
        if (cb->onDelta) cb->onDelta(StreamDelta{projectId, assistantId, delta});
      };
      try {
        ChatRequest turn = request;
        if (memory->needsProvider) {
          // Query expansion and embeddings on this worker; retrieval on the engine thread.
          expandWithProvider(*this, *memory, cancel);
          runLocked(actor, [&](Engine& e) { resolveTurnMemory(e, *memory); });
          turn.system = withMemory(turn.system, *memory);
        }
        o.result = providers_->chatClient().chat(turn, onDelta, cancel);
      } catch (const Error& err) {
        if (err.kind() == ErrorKind::Cancelled)
          o.cancelled = true;
        else
          o.failure = err;
      } catch (const std::exception& err) {
        o.failure = Error(ErrorKind::Provider, "badResponse", std::string("provider failed: ") + err.what());
      }
      if (!o.cancelled && cancel.cancelled()) o.cancelled = true;
      if (o.failure) log::warn(std::string("chat turn failed: ") + o.failure->what());
      runLocked(actor, [&](Engine& e) { cb->onDone(finish(e, userId, assistantId, o, *memory)); });
    });
  });
}

}  // namespace grove::session
