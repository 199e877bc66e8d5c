// AnthropicClient: the Messages API (/v1/messages) with its event stream.
// Anthropic offers no embeddings; embed() says so with InvalidOperation
// "embeddingsUnsupported" so callers fall back to native vectors.
#pragma once

#include "llm/ProviderConfig.h"
#include "ports/LlmClient.h"

namespace grove::llm {

class AnthropicClient final : public LlmClient {
public:
  /// The API version this client's payloads and events follow.
  static constexpr const char* kApiVersion = "2023-06-01";

  explicit AnthropicClient(ProviderConfig config) : config_(std::move(config)) {}

  ChatResult chat(const ChatRequest& request, const DeltaSink& onDelta,
                  const CancellationToken& cancel) override;
  std::vector<std::vector<float>> embed(const std::vector<std::string>& inputs,
                                        const CancellationToken& cancel) override;

  /// The JSON body chat() sends (exposed for tests of the payload).
  std::string chatBody(const ChatRequest& request) const;

private:
  ProviderConfig config_;
};

}  // namespace grove::llm
