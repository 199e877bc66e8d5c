// CurlHttp: one HTTP request over libcurl whose response body is handed to a
// callback line by line as it arrives (what SSE streaming needs).
//
// Limits enforced here, for every caller: connect timeout, idle timeout (no
// byte for N ms), total timeout, body size, and cancellation, which stops the
// transfer within a few milliseconds of CancellationToken::cancel().
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "llm/CurlErrors.h"
#include "support/Cancellation.h"

namespace grove::llm {

struct HttpRequest {
  std::string method = "POST";  // "POST" or "GET"
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  std::string body;
  int connectTimeoutMs = 10'000;
  int idleTimeoutMs = 60'000;
  int totalTimeoutMs = 0;  // 0: none
  std::size_t maxBodyBytes = 8u << 20;
};

struct HttpHead {
  int status = 0;  // 0 until a status line arrived
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string header(const std::string& lowerName) const;
};

/// Receives each body line (without "\n" or "\r\n"); return false to stop.
using LineSink = std::function<bool(const HttpHead& head, std::string_view line)>;

struct HttpResult {
  enum class Outcome { Completed, StoppedBySink, Failed, Cancelled, IdleTimeout, SizeLimit };
  Outcome outcome = Outcome::Completed;
  HttpHead head;
  CURLcode curlCode = CURLE_OK;
  std::string curlDetail;  // curl's error buffer text when Failed
  std::size_t bodyBytes = 0;

  /// The error for a Failed/Cancelled/IdleTimeout/SizeLimit outcome.
  Error error(std::string_view provider) const;
};

/// Performs the request; blocks until it ends. Never throws for transport
/// failures (they are in the result); throws only if curl cannot start.
HttpResult performHttp(const HttpRequest& request, const LineSink& onLine,
                       const CancellationToken& cancel);

}  // namespace grove::llm
