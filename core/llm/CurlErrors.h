// CurlErrors: how a failed libcurl transfer becomes a grove::Error.
//
// A pure function, so every mapping (DNS failure included) is testable
// without resolving any name or opening any socket.
#pragma once

#include <string_view>

#include <curl/curl.h>

#include "support/Error.h"

namespace grove::llm {

/// Why our own callbacks stopped a transfer (curl reports all of these as
/// CURLE_ABORTED_BY_CALLBACK or CURLE_WRITE_ERROR).
enum class AbortCause { None, Cancelled, IdleTimeout, SizeLimit };

/// Maps a failed transfer to ErrorKind::Provider (reason unreachable, timeout,
/// badResponse) or ErrorKind::Cancelled. `provider` (e.g. "provider work (openai)") starts the
/// message; `detail` is curl's own error text (carries no secrets: it never
/// sees headers).
Error curlFailure(CURLcode code, AbortCause cause, std::string_view provider,
                  std::string_view detail = {});

}  // namespace grove::llm
