#include "llm/ChatStream.h"

namespace grove::llm {

void ChatStream::append(std::string_view text, const DeltaSink& onDelta) {
  if (text.empty()) return;
  result.text.append(text);
  if (onDelta) onDelta(text);
}

ChatResult ChatStream::finish(const HttpResult& http, const ProviderExchange& exchange) {
  const bool haveText = !result.text.empty();
  auto partial = [&](const char* reason) {
    result.finishReason = reason;
    return result;
  };
  if (streamError) {
    if (haveText) return partial("interrupted");
    throw *streamError;
  }
  if (malformed) {
    if (haveText) return partial("interrupted");
    throw Error(ErrorKind::Provider, "badResponse", exchange.who() + ": the event stream was malformed");
  }
  if (done) return result;  // whatever happened after the end marker loses nothing
  using Outcome = HttpResult::Outcome;
  switch (http.outcome) {
    case Outcome::Completed:
    case Outcome::StoppedBySink:
      if (haveText) return partial("interrupted");
      throw Error(ErrorKind::Provider, "badResponse",
                  exchange.who() + ": the stream ended before any answer arrived");
    case Outcome::SizeLimit:
      if (haveText) return partial("length");
      break;
    case Outcome::IdleTimeout:
    case Outcome::Failed:
      if (haveText) return partial("interrupted");
      break;
    case Outcome::Cancelled:
      break;
  }
  throw http.error(exchange.who());
}

}  // namespace grove::llm
