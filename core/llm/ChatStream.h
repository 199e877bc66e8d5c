// ChatStream: what a streamed chat answer accumulated, and the one rule both
// API clients use to end it: a stream that breaks after some text returns
// that text ("interrupted", or "length" at the size limit) instead of
// throwing; a stream that breaks before any text is an error.
#pragma once

#include <optional>

#include "llm/CurlHttp.h"
#include "llm/ProviderExchange.h"
#include "ports/LlmClient.h"

namespace grove::llm {

struct ChatStream {
  ChatResult result;
  bool done = false;       // the provider's end marker arrived
  bool malformed = false;  // a data line that was not the JSON expected
  std::optional<Error> streamError;  // an error event inside a 2xx stream

  void append(std::string_view text, const DeltaSink& onDelta);
  /// Applies the rule above to how the transfer ended.
  ChatResult finish(const HttpResult& http, const ProviderExchange& exchange);
};

}  // namespace grove::llm
