// ProviderRegistry: the configured providers and their live clients.
//
// Clients are made on first use (a local model server starts then) and live
// until the registry goes, which stops any server Grove started.
// Thread-safety: all methods may be called from any thread.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "llm/ConfigLoader.h"
#include "ports/LlmClient.h"

namespace grove::llm {

struct ProviderInfo {
  std::string name, kind, model, utilityModel, baseUrl;
  bool active = false;
  bool hasKey = false;
  std::string state;  // "ready", "starting", "failed", "stopped" (local servers) or "ready"
};

class ProviderRegistry {
public:
  explicit ProviderRegistry(ProviderSettings settings);
  ~ProviderRegistry();

  const ProviderConfig& active() const { return settings_.activeProvider(); }
  bool offline() const { return active().kind == ProviderKind::Offline; }
  /// The client of the active provider.
  LlmClient& chatClient();
  std::vector<ProviderInfo> list();

private:
  LlmClient& clientFor(const ProviderConfig& config);
  ProviderSettings settings_;
  std::mutex mu_;
  std::map<std::string, std::unique_ptr<LlmClient>> clients_;
};

}  // namespace grove::llm
