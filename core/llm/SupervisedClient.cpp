#include "llm/SupervisedClient.h"

#include "support/Error.h"

namespace grove::llm {

ChatResult SupervisedClient::chat(const ChatRequest& request, const DeltaSink& onDelta,
                                  const CancellationToken& cancel) {
  supervisor_->ensureReady(cancel);
  bool streamed = false;
  auto sink = [&](std::string_view d) {
    streamed = true;
    if (onDelta) onDelta(d);
  };
  try {
    return inner_->chat(request, sink, cancel);
  } catch (const Error& e) {
    // The server died under this request before answering: once it is back
    // (ensureReady restarts it), ask again rather than fail the turn.
    if (e.kind() != ErrorKind::Provider || e.reason() != "unreachable" || streamed) throw;
    supervisor_->markSuspect();
    supervisor_->ensureReady(cancel);
    return inner_->chat(request, onDelta, cancel);
  }
}

std::vector<std::vector<float>> SupervisedClient::embed(const std::vector<std::string>& inputs,
                                                        const CancellationToken& cancel) {
  supervisor_->ensureReady(cancel);
  try {
    return inner_->embed(inputs, cancel);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::Provider || e.reason() != "unreachable") throw;
    supervisor_->markSuspect();
    supervisor_->ensureReady(cancel);
    return inner_->embed(inputs, cancel);
  }
}

}  // namespace grove::llm
