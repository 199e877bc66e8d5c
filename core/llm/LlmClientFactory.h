// makeLlmClient: the one place that turns a ProviderConfig into the adapter
// behind the LlmClient port.
#pragma once

#include <memory>

#include "llm/ProviderConfig.h"
#include "ports/LlmClient.h"

namespace grove::llm {

/// openai -> OpenAiClient, anthropic -> AnthropicClient, offline ->
/// OfflineClient. A config with a `command` gets a SupervisedClient whose
/// local server starts now (in the background) and stops with the client.
std::unique_ptr<LlmClient> makeLlmClient(const ProviderConfig& config);

}  // namespace grove::llm
