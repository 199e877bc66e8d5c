#include "llm/ProviderConfig.h"

#include <utility>

namespace grove::llm {

std::string_view kindName(ProviderKind kind) {
  switch (kind) {
    case ProviderKind::OpenAi: return "openai";
    case ProviderKind::Anthropic: return "anthropic";
    case ProviderKind::Offline: break;
  }
  return "offline";
}

std::optional<ProviderKind> parseKind(std::string_view name) {
  if (name == "openai") return ProviderKind::OpenAi;
  if (name == "anthropic") return ProviderKind::Anthropic;
  if (name == "offline") return ProviderKind::Offline;
  return std::nullopt;
}

ProviderConfig defaultsFor(ProviderKind kind, std::string name) {
  ProviderConfig c;
  c.name = std::move(name);
  c.kind = kind;
  switch (kind) {
    case ProviderKind::OpenAi:
      c.baseUrl = "https://api.openai.com";
      c.model = "gpt-4o-mini";
      c.embeddingModel = "text-embedding-3-small";
      c.apiKeyEnv = "OPENAI_API_KEY";
      break;
    case ProviderKind::Anthropic:
      c.baseUrl = "https://api.anthropic.com";
      c.model = "claude-3-5-haiku-latest";
      c.apiKeyEnv = "ANTHROPIC_API_KEY";
      break;
    case ProviderKind::Offline:
      c.model = "offline";
      break;
  }
  c.utilityModel = c.model;
  return c;
}

std::string normalizeBaseUrl(std::string url) {
  while (!url.empty() && url.back() == '/') url.pop_back();
  if (url.size() >= 3 && url.compare(url.size() - 3, 3, "/v1") == 0) url.resize(url.size() - 3);
  while (!url.empty() && url.back() == '/') url.pop_back();
  return url;
}

std::string ProviderConfig::toString() const {
  std::string s = name + " (" + std::string(kindName(kind)) + ")";
  if (!baseUrl.empty()) s += " url: " + baseUrl;
  s += " model: " + model;
  if (utilityModel != model) s += " utility: " + utilityModel;
  s += apiKey.empty() ? " key: none" : " key: set";
  if (!command.empty()) {
    s += " command: " + command.front();
    if (command.size() > 1) s += " (+" + std::to_string(command.size() - 1) + " args)";
  }
  return s;
}

}  // namespace grove::llm
