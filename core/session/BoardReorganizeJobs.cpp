#include "session/BoardReorganizeJobs.h"

#include <chrono>

#include "llm/ModelReplies.h"
#include "llm/ProviderRegistry.h"
#include "session/Session.h"
#include "support/Log.h"

namespace grove::session {

namespace {

// The user asked and waits for the card: two attempts share this.
constexpr std::chrono::seconds kReorganizeModelLimit{60};

/// The model's groups, or an error: the provider's own (1003 with its
/// reason), or badResponse when two replies could not be read.
Expected<std::vector<Regrouping>> regroupingOf(llm::ProviderRegistry& providers, ChatRequest request,
                                               const CancellationToken& limit) {
  std::string why;
  for (int attempt = 0; attempt < 2; ++attempt) {
    Expected<std::string> got = captureExpected([&]() -> std::string {
      try {
        return providers.chatClient().chat(request, {}, limit).text;
      } catch (const Error&) {
        throw;
      } catch (const std::exception& e) {  // provider errors never carry keys (LlmClient's contract)
        throw Error(ErrorKind::Provider, "badResponse", e.what());
      }
    });
    if (!got) return got.error();
    auto groups = llm::parseBoardRegroupReply(*got, why);
    if (groups) return std::move(*groups);
    // Only the reason is logged, never the reply (it may quote the memories).
    log::warn("board reorganize: invalid reply (" + why + ")" + (attempt == 0 ? ", asking again" : ""));
    request.messages.push_back({"assistant", *got});
    request.messages.push_back({"user", "That answer could not be used (" + why +
                                            "). Answer again with only the JSON object {\"groups\": [...]}."});
  }
  return Error(ErrorKind::Provider, "badResponse",
               "the model's regrouping could not be read (" + why + "); try again, or reorganize by file, "
               "folder, language, kind, tag or topic");
}

}  // namespace

void reorganizeWithModel(Session& session, ReorganizeRequest r, Done<Suggestion> done) {
  std::vector<BoardCard> selection = session.engine().reorganizeSelection(r);
  auto& providers = session.registry();
  ChatRequest request = boardReorganizeRequest(r.instruction, selection, providers.active().utilityModelName());
  std::string actor = session.actor();
  session.post([&session, &providers, r, request, done, actor] {
    CancellationToken limit = CancellationToken().withTimeout(kReorganizeModelLimit);
    auto groups = regroupingOf(providers, request, limit);
    session.runLocked(actor, [&](Engine& e) {
      if (!groups) return done(groups.error());
      done(captureExpected([&] { return e.regroupBoard(r, *groups); }));
    });
  });
}

}  // namespace grove::session
