#include "llm/CurlErrors.h"

#include <string>

namespace grove::llm {
namespace {

Error provider(const char* reason, std::string_view who, const std::string& what,
               std::string_view detail) {
  std::string msg = std::string(who) + ": " + what;
  if (!detail.empty()) msg += " (" + std::string(detail) + ")";
  return Error(ErrorKind::Provider, reason, std::move(msg));
}

}  // namespace

Error curlFailure(CURLcode code, AbortCause cause, std::string_view who, std::string_view detail) {
  if (cause == AbortCause::Cancelled) {
    return Error(ErrorKind::Cancelled, "cancelled", std::string(who) + ": request cancelled");
  }
  if (cause == AbortCause::IdleTimeout) {
    return provider("timeout", who, "no data received within the idle timeout", {});
  }
  if (cause == AbortCause::SizeLimit) {
    return provider("badResponse", who, "the answer exceeded the size limit", {});
  }
  switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
      return provider("unreachable", who, "DNS lookup failed: the host name could not be resolved", detail);
    case CURLE_COULDNT_RESOLVE_PROXY:
      return provider("unreachable", who, "DNS lookup failed for the proxy", detail);
    case CURLE_COULDNT_CONNECT:
      return provider("unreachable", who, "could not connect (connection refused or no route)", detail);
    case CURLE_OPERATION_TIMEDOUT:
      return provider("timeout", who, "the request timed out", detail);
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CERTPROBLEM:
      return provider("unreachable", who, "the TLS connection could not be established", detail);
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
      return provider("unreachable", who, "the connection broke", detail);
    case CURLE_ABORTED_BY_CALLBACK:
      // Our callbacks always say why; an unexplained abort is still a cancel.
      return Error(ErrorKind::Cancelled, "cancelled", std::string(who) + ": request cancelled");
    case CURLE_GOT_NOTHING:
      return provider("badResponse", who, "the server closed the connection without answering", detail);
    case CURLE_PARTIAL_FILE:
      return provider("badResponse", who, "the answer was cut off", detail);
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT:
      return provider("unreachable", who, "the base URL is not a usable http(s) URL", detail);
    default:
      return provider("badResponse", who, std::string("transfer failed: ") + curl_easy_strerror(code), detail);
  }
}

}  // namespace grove::llm
