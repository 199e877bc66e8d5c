// OpenAiClient: any OpenAI-compatible endpoint (OpenAI, Ollama, llama.cpp
// server, vLLM, LM Studio): streamed /v1/chat/completions and /v1/embeddings.
#pragma once

#include "llm/ProviderConfig.h"
#include "ports/LlmClient.h"

namespace grove::llm {

class OpenAiClient final : public LlmClient {
public:
  explicit OpenAiClient(ProviderConfig config) : config_(std::move(config)) {}

  ChatResult chat(const ChatRequest& request, const DeltaSink& onDelta,
                  const CancellationToken& cancel) override;
  std::vector<std::vector<float>> embed(const std::vector<std::string>& inputs,
                                        const CancellationToken& cancel) override;

  /// The JSON body chat() sends (exposed for tests of the payload).
  std::string chatBody(const ChatRequest& request) const;

private:
  std::vector<std::string> headers(bool streaming) const;

  ProviderConfig config_;
};

}  // namespace grove::llm
