#include "llm/ProviderRegistry.h"

#include "llm/LlmClientFactory.h"
#include "llm/SupervisedClient.h"

namespace grove::llm {

ProviderRegistry::ProviderRegistry(ProviderSettings settings) : settings_(std::move(settings)) {}

ProviderRegistry::~ProviderRegistry() = default;

LlmClient& ProviderRegistry::clientFor(const ProviderConfig& config) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = clients_.find(config.name);
  if (it == clients_.end()) it = clients_.emplace(config.name, makeLlmClient(config)).first;
  return *it->second;
}

LlmClient& ProviderRegistry::chatClient() { return clientFor(active()); }

std::vector<ProviderInfo> ProviderRegistry::list() {
  std::vector<ProviderInfo> out;
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& p : settings_.providers) {
    ProviderInfo info;
    info.name = p.name;
    info.kind = std::string(kindName(p.kind));
    info.model = p.model;
    info.utilityModel = p.utilityModel.empty() ? p.model : p.utilityModel;
    info.baseUrl = p.baseUrl;
    info.active = p.name == settings_.active;
    info.hasKey = !p.apiKey.empty();
    info.state = "ready";
    if (!p.command.empty()) {
      info.state = "stopped";
      auto it = clients_.find(p.name);
      if (it != clients_.end())
        if (auto* sup = dynamic_cast<SupervisedClient*>(it->second.get())) {
          switch (sup->supervisor().state()) {
            case LocalServerSupervisor::State::Stopped: info.state = "stopped"; break;
            case LocalServerSupervisor::State::Starting: info.state = "starting"; break;
            case LocalServerSupervisor::State::Ready: info.state = "ready"; break;
            case LocalServerSupervisor::State::Failed: info.state = "failed"; break;
          }
        }
    }
    out.push_back(std::move(info));
  }
  return out;
}

}  // namespace grove::llm
