#include "server/ChatTurn.h"

#include "agents/ConversationAgent.h"
#include "agents/MemoletPrompts.h"
#include "protocol/Convert.h"
#include "server/MemoletTurn.h"
#include "server/Replies.h"
#include "server/Server.h"
#include "support/Log.h"

namespace grove::server {

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

void finish(Server& server, Engine& e, Connection& conn, const json& id, const std::string& userId,
            const std::string& assistantId, Outcome& o, const TurnMemory& memory) {
  try {
    Unit answer;
    std::string finishReason;
    if (o.cancelled) {
      answer = e.endStream(assistantId, o.streamed, Status::Interrupted, true);
      finishReason = "cancelled";
    } else if (o.failure) {
      // Nothing is lost: partial text stays as an interrupted answer, an
      // empty one is dropped, and the error says what went wrong.
      if (o.streamed.empty())
        e.endStream(assistantId, "", Status::Error, false);
      else
        e.endStream(assistantId, o.streamed, Status::Interrupted, true);
      server.send(conn, errorReply(id, *o.failure));
      return;
    } else {
      Status status = o.result.finishReason == "interrupted" ? Status::Interrupted : Status::Complete;
      answer = e.endStream(assistantId, o.result.text, status, true);
      finishReason = o.result.finishReason;
    }
    json result{{"userUnit", proto::toJson(e.unit(userId))},
                {"assistantUnit", proto::toJson(answer)},
                {"usage",
                 {{"promptTokens", o.result.usage.promptTokens},
                  {"completionTokens", o.result.usage.completionTokens}}},
                {"finishReason", finishReason}};
    addMemoryResult(e, answer.content, memory, result);
    server.send(conn, resultReply(id, std::move(result)));
  } catch (const Error& err) {
    server.send(conn, errorReply(id, err));
  }
}

}  // namespace

void startAnswer(RequestContext& c, const Unit& promptUnit, const std::optional<std::string>& model,
                 const std::optional<RefineRequest>& refine) {
  Engine& e = c.engine;
  const std::string projectId = promptUnit.projectId;
  ConversationMode mode = e.conversationMode(projectId, promptUnit.id);
  ChatRequest request;
  request.system = buildConversationSystemPrompt(mode);
  ScopePreview preview = e.preview(projectId, promptUnit.id, std::nullopt, std::nullopt, request.system);
  for (const auto& m : preview.messages) request.messages.push_back({m.role, m.content});
  request.model = model.value_or("");
  request.scopeReport = scopeReport(preview, mode);
  // Memory: referenced memolets always, retrieved ones when there are any
  // (unknown references fail here, before anything is stored).
  auto memory = std::make_shared<TurnMemory>(
      prepareTurnMemory(c.server, e, projectId, promptUnit.content, refine));
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
  Unit assistant = e.beginStream(projectId, promptUnit.id, Role::Assistant);

  Server& server = c.server;
  std::shared_ptr<Connection> conn = c.connection.shared_from_this();
  json id = c.id;
  std::string key = id.dump();
  CancellationToken token = conn->startRunning(key);
  c.deferred = true;
  std::string userId = promptUnit.id, assistantId = assistant.id;
  // The provider is called only once the user's message is durable.
  server.afterCommit([&server, conn, id, key, token, request, projectId, userId, assistantId, memory] {
    server.workers().submit([&server, conn, id, key, token, request, projectId, userId, assistantId, memory] {
      Outcome o;
      auto onDelta = [&](std::string_view delta) {
        o.streamed.append(delta);
        server.send(*conn, notification("grove/chat/didStream",
                                        {{"projectId", projectId}, {"unitId", assistantId},
                                         {"text", std::string(delta)}}));
      };
      try {
        ChatRequest turn = request;
        if (memory->needsProvider) {
          // Query expansion and embeddings on this worker; retrieval on the lock.
          expandWithProvider(server, *memory, token);
          server.runLocked([&](Engine& e) { resolveTurnMemory(e, *memory); });
          turn.system = withMemory(turn.system, *memory);
        }
        o.result = server.providers().chatClient().chat(turn, onDelta, token);
      } catch (const Error& err) {
        if (err.kind() == ErrorKind::Cancelled)
          o.cancelled = true;
        else
          o.failure = err;
      } catch (const std::exception& err) {
        o.failure = Error(ErrorKind::Provider, "badResponse", std::string("provider failed: ") + err.what());
      }
      if (!o.cancelled && token.cancelled()) o.cancelled = true;
      conn->stopRunning(key);
      if (o.failure) log::warn(std::string("chat turn failed: ") + o.failure->what());
      server.runLocked([&](Engine& e) { finish(server, e, *conn, id, userId, assistantId, o, *memory); });
    });
  });
}

}  // namespace grove::server
