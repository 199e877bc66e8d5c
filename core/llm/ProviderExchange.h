// ProviderExchange: one provider call over HTTP with the policy both API
// clients share: retries with backoff for 429/5xx (honouring Retry-After),
// and the mapping of HTTP failures to grove::Error reasons.
//
// Only a 2xx body reaches the caller's line sink; error bodies are read here
// and never quoted for 401/403 (some providers echo part of the key there).
#pragma once

#include <string>
#include <string_view>

#include "llm/CurlHttp.h"
#include "llm/ProviderConfig.h"

namespace grove::llm {

class ProviderExchange {
public:
  explicit ProviderExchange(const ProviderConfig& config) : config_(config) {}

  /// Builds a POST to {baseUrl}{path} carrying the config's limits.
  HttpRequest post(std::string_view path, std::string body, std::vector<std::string> headers) const;

  /// Runs `request`, retrying 429/5xx. Returns how the 2xx transfer ended
  /// (possibly mid-stream: the caller decides between partial text and an
  /// error). Throws grove::Error for a cancel, a failure before any answer,
  /// 401/403 (auth), exhausted retries (rateLimited/badResponse) and other
  /// non-2xx statuses (badResponse).
  HttpResult send(const HttpRequest& request, const LineSink& onLine,
                  const CancellationToken& cancel) const;

  /// "provider NAME (kind)": how messages name the provider.
  std::string who() const;
  /// Removes the key (and key-like tokens) from provider-supplied text.
  std::string scrub(std::string text) const;

private:
  Error statusError(int status, const std::string& errorBody, int attempts) const;

  const ProviderConfig& config_;
};

}  // namespace grove::llm
