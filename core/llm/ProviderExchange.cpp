#include "llm/ProviderExchange.h"

#include <nlohmann/json.hpp>

#include "llm/RetryPolicy.h"

namespace grove::llm {
namespace {

constexpr std::size_t kErrorBodyCap = 16 * 1024;
constexpr std::size_t kSnippetCap = 300;

// The human part of a provider's JSON error ({"error":{"message":...}} in
// both APIs), else the start of the raw body.
std::string errorSnippet(const std::string& body) {
  auto doc = nlohmann::json::parse(body, nullptr, false);
  std::string text;
  if (doc.is_object()) {
    auto err = doc.find("error");
    if (err != doc.end() && err->is_object() && err->contains("message") && (*err)["message"].is_string()) {
      text = (*err)["message"].get<std::string>();
    } else if (err != doc.end() && err->is_string()) {
      text = err->get<std::string>();
    }
  }
  if (text.empty()) text = body;
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  if (text.size() > kSnippetCap) text = text.substr(0, kSnippetCap) + "...";
  return text;
}

}  // namespace

std::string ProviderExchange::who() const {
  return "provider " + config_.name + " (" + std::string(kindName(config_.kind)) + ")";
}

std::string ProviderExchange::scrub(std::string text) const {
  if (!config_.apiKey.empty()) {
    for (size_t at; (at = text.find(config_.apiKey)) != std::string::npos;) {
      text.replace(at, config_.apiKey.size(), "<redacted>");
    }
  }
  // Providers quote masked fragments of keys ("sk-ab***yz"); drop any such word.
  for (size_t at = 0; (at = text.find("sk-", at)) != std::string::npos;) {
    size_t end = text.find_first_of(" ,.;\"'", at);
    if (end == std::string::npos) end = text.size();
    text.replace(at, end - at, "<redacted>");
    at += 10;
  }
  return text;
}

HttpRequest ProviderExchange::post(std::string_view path, std::string body,
                                   std::vector<std::string> headers) const {
  HttpRequest r;
  r.url = config_.baseUrl + std::string(path);
  r.body = std::move(body);
  r.headers = std::move(headers);
  r.connectTimeoutMs = config_.timeouts.connectMs;
  r.idleTimeoutMs = config_.timeouts.idleMs;
  r.totalTimeoutMs = config_.timeouts.totalMs;
  r.maxBodyBytes = config_.maxResponseBytes;
  return r;
}

Error ProviderExchange::statusError(int status, const std::string& errorBody, int attempts) const {
  const std::string code = "HTTP " + std::to_string(status);
  if (status == 401 || status == 403) {
    // No body quoted: it may echo the key.
    return Error(ErrorKind::Provider, "auth",
                 who() + ": authentication failed (" + code +
                     "): the API key is missing, wrong or not allowed to use this model");
  }
  std::string snippet = scrub(errorSnippet(errorBody));
  std::string tail = snippet.empty() ? std::string{} : ": " + snippet;
  std::string tries = attempts > 1 ? " after " + std::to_string(attempts) + " attempts" : std::string{};
  if (status == 429) return Error(ErrorKind::Provider, "rateLimited", who() + ": rate limited (" + code + ")" + tries + tail);
  if (status >= 500) return Error(ErrorKind::Provider, "badResponse", who() + ": server error (" + code + ")" + tries + tail);
  if (status == 404) {
    return Error(ErrorKind::Provider, "badResponse",
                 who() + ": not found (" + code + "): check the base URL and the model name" + tail);
  }
  return Error(ErrorKind::Provider, "badResponse", who() + ": request rejected (" + code + ")" + tail);
}

HttpResult ProviderExchange::send(const HttpRequest& request, const LineSink& onLine,
                                  const CancellationToken& cancel) const {
  for (int attempt = 0;; ++attempt) {
    std::string errorBody;
    auto sink = [&](const HttpHead& head, std::string_view line) {
      if (head.status >= 200 && head.status < 300) return onLine(head, line);
      if (errorBody.size() < kErrorBodyCap) errorBody.append(line).push_back('\n');
      return true;
    };
    HttpResult r = performHttp(request, sink, cancel);
    if (r.outcome == HttpResult::Outcome::Cancelled) throw r.error(who());
    const int status = r.head.status;
    if (status >= 200 && status < 300) return r;
    if (status == 0) throw r.error(who());  // nothing answered: refused, DNS, timeout

    const int attempts = attempt + 1;
    if (isRetryableStatus(status) && attempt < config_.maxRetries) {
      auto retryAfter = parseRetryAfterMs(r.head.header("retry-after"));
      if (retryAfter && *retryAfter > config_.maxRetryAfterMs) {
        Error e = statusError(status, errorBody, attempts);
        throw Error(e.kind(), e.reason(),
                    std::string(e.what()) + " (asked to retry after " +
                        std::to_string(*retryAfter / 1000) + " s)");
      }
      if (!waitUnlessCancelled(backoffMs(attempt, config_.retryBaseMs, retryAfter), cancel)) {
        throw curlFailure(CURLE_ABORTED_BY_CALLBACK, AbortCause::Cancelled, who());
      }
      continue;
    }
    throw statusError(status, errorBody, attempts);
  }
}

}  // namespace grove::llm
