// OfflineClient: the provider used when none is configured. No network, fully
// deterministic, and honest about it: the answer is a labelled report of what
// a model would have received (mode, message count, token estimate, the
// system prompt's sections), so scope control can be seen working without a
// key. Embeddings are left to the core's native vectors.
#pragma once

#include "ports/LlmClient.h"

namespace grove::llm {

class OfflineClient final : public LlmClient {
public:
  ChatResult chat(const ChatRequest& request, const DeltaSink& onDelta,
                  const CancellationToken& cancel) override;
  /// Throws InvalidOperation "embeddingsUnsupported".
  std::vector<std::vector<float>> embed(const std::vector<std::string>& inputs,
                                        const CancellationToken& cancel) override;

  /// The report chat() streams (deterministic in the request).
  static std::string report(const ChatRequest& request);
  /// The token estimate used throughout: bytes / 4, rounded up.
  static int estimateTokens(std::size_t bytes);
};

}  // namespace grove::llm
