#include "llm/LlmClientFactory.h"

#include "llm/AnthropicClient.h"
#include "llm/OfflineClient.h"
#include "llm/OpenAiClient.h"
#include "llm/SupervisedClient.h"

namespace grove::llm {

std::unique_ptr<LlmClient> makeLlmClient(const ProviderConfig& config) {
  std::unique_ptr<LlmClient> client;
  switch (config.kind) {
    case ProviderKind::Offline: return std::make_unique<OfflineClient>();
    case ProviderKind::OpenAi: client = std::make_unique<OpenAiClient>(config); break;
    case ProviderKind::Anthropic: client = std::make_unique<AnthropicClient>(config); break;
  }
  if (config.command.empty()) return client;

  SupervisorOptions options;
  options.name = config.name;
  options.command = config.command;
  options.healthUrl = config.baseUrl + "/";
  options.startTimeoutMs = config.timeouts.startMs;
  auto supervisor = std::make_unique<LocalServerSupervisor>(std::move(options));
  supervisor->start();
  return std::make_unique<SupervisedClient>(std::move(supervisor), std::move(client));
}

}  // namespace grove::llm
