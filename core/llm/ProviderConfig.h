// ProviderConfig: everything needed to reach one model provider.
//
// A plain value. The API key lives here in memory only: it is never written
// to the store, and toString() (what logs and provider listings use) shows
// only whether a key is set.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grove::llm {

enum class ProviderKind { Offline, OpenAi, Anthropic };

std::string_view kindName(ProviderKind kind);
/// "openai" | "anthropic" | "offline"; nullopt for anything else.
std::optional<ProviderKind> parseKind(std::string_view name);

struct ProviderTimeouts {
  int connectMs = 10'000;  // TCP + TLS handshake
  int idleMs = 120'000;    // no byte received for this long (also covers time to first token)
  int totalMs = 0;         // whole request; 0 means no limit (long answers are legitimate)
  int startMs = 120'000;   // a local server started from `command` must answer within this
};

struct ProviderConfig {
  std::string name;  // unique among configured providers; shown to users
  ProviderKind kind = ProviderKind::Offline;
  std::string baseUrl;  // without the trailing "/v1": requests go to {baseUrl}/v1/...
  std::string model;          // chat turns
  std::string utilityModel;   // summaries and agents (may be cheaper); defaults to model
  /// The model summaries and agents use: utilityModel, else model.
  const std::string& utilityModelName() const { return utilityModel.empty() ? model : utilityModel; }
  std::string embeddingModel; // openai kind only
  std::string apiKey;         // memory only; never logged, stored or echoed
  /// Environment variable the key was (or would be) read from, for diagnostics.
  std::string apiKeyEnv;
  ProviderTimeouts timeouts;
  int maxRetries = 2;      // extra attempts after a 429 or 5xx
  int retryBaseMs = 500;   // first backoff step; doubles per attempt
  int maxRetryAfterMs = 60'000;  // a longer Retry-After fails at once instead of blocking
  std::size_t maxResponseBytes = 8u << 20;
  /// Local model server to start and supervise (argv; empty means none).
  std::vector<std::string> command;

  /// One line for logs and listings; shows "key: set"/"key: none", never the key,
  /// and only the command's program name (arguments may carry secrets).
  std::string toString() const;
};

/// The defaults a provider of `kind` starts from (official endpoint, a model).
ProviderConfig defaultsFor(ProviderKind kind, std::string name);

/// Trims trailing '/' and a trailing "/v1" so both spellings users copy from
/// provider docs ("http://host:11434" and "http://host:11434/v1") work.
std::string normalizeBaseUrl(std::string url);

}  // namespace grove::llm
