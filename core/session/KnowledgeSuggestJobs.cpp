#include "session/KnowledgeSuggestJobs.h"

#include <chrono>

#include "agents/KnowledgePrompts.h"
#include "llm/KnowledgeReplies.h"
#include "llm/ProviderRegistry.h"
#include "session/KnowledgeSuggest.h"
#include "session/Session.h"
#include "support/Log.h"

namespace grove::session {

using namespace knowledge;

namespace {

// The user asked and waits for the cards: both attempts share this.
constexpr std::chrono::seconds kSuggestLimit{30};

struct Proposed {
  std::vector<ChildCandidate> children;
  Origin origin = Origin::Document;
};

// The model's children, judged; nullopt when it failed or two replies were
// unusable (logged with the reason only: a reply may quote the documents).
std::optional<std::vector<ChildCandidate>> modelChildren(llm::ProviderRegistry& providers, const SuggestInput& in,
                                                         const std::string& model) {
  CancellationToken limit = CancellationToken().withTimeout(kSuggestLimit);
  ChatRequest request = knowledgeSuggestRequest(in.graph, *in.graph.node(in.nodeId), in.taken, in.passages, in.limit,
                                                model);
  for (int attempt = 0; attempt < 2; ++attempt) {
    std::string text;
    try {
      text = providers.chatClient().chat(request, {}, limit).text;
    } catch (const std::exception& e) {  // provider errors never carry keys (LlmClient's contract)
      log::warn(std::string("knowledge suggest: the model failed, using the offline candidates: ") + e.what());
      return std::nullopt;
    }
    std::string why;
    if (auto proposed = llm::parseKnowledgeChildrenReply(text, why)) {
      auto judged = judgedChildren(in.graph, in.nodeId, in.passages, in.taken, *proposed, in.limit);
      // An empty list is the model saying nothing new is there.
      if (!judged.empty() || proposed->empty()) return judged;
      why = "every child cited no passage given or repeated a title of the map or one proposed before";
    }
    log::warn("knowledge suggest: invalid reply (" + why + ")" +
              (attempt == 0 ? ", asking again" : ", using the offline candidates"));
    request.messages.push_back({"assistant", text});
    request.messages.push_back({"user", "That answer could not be used (" + why +
                                            "). Answer again with only the JSON object {\"children\": [...]}."});
  }
  return std::nullopt;
}

}  // namespace

void suggestChildrenWithModel(Session& session, const std::string& workspaceUri, const std::string& nodeId, int limit,
                              Done<std::vector<Suggestion>> done) {
  SuggestInput in = suggestInput(session.engine(), workspaceUri, nodeId, limit);
  if (in.passages.empty()) {
    // Nothing ingested or nothing kept: nothing grounded to propose from.
    done(std::vector<Suggestion>{});
    return;
  }
  auto& providers = session.registry();
  std::string model = providers.active().utilityModelName();
  std::string actor = session.actor();
  session.post([&session, &providers, model, in = std::move(in), done, actor] {
    Proposed p;
    if (auto children = modelChildren(providers, in, model)) {
      p = {std::move(*children), Origin::Model};
    } else {
      p = {childCandidates(in.graph, in.nodeId, in.passages, in.taken, in.limit), Origin::Document};
    }
    session.runLocked(actor, [&](Engine& e) {
      done(captureExpected([&] { return proposeChildCards(e, in.graph.workspaceUri, in.nodeId, p.children, p.origin); }));
    });
  });
}

}  // namespace grove::session
