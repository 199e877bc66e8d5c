// RetryPolicy: when and how long to wait before retrying a 429 or 5xx.
#pragma once

#include <optional>
#include <string_view>

#include "support/Cancellation.h"

namespace grove::llm {

/// HTTP statuses worth another attempt: 429 (rate limited) and every 5xx.
bool isRetryableStatus(int status);

/// Parses a Retry-After header given in seconds ("3"); nullopt for anything
/// else (HTTP dates are rare from model APIs and fall back to the backoff).
std::optional<int> parseRetryAfterMs(std::string_view value);

/// The wait before retry number `attempt` (0-based): Retry-After when the
/// server sent one, else baseMs * 2^attempt, capped at 30 s.
int backoffMs(int attempt, int baseMs, std::optional<int> retryAfterMs);

/// Waits `ms`, returning false at once if `cancel` fires during the wait.
bool waitUnlessCancelled(int ms, const CancellationToken& cancel);

}  // namespace grove::llm
