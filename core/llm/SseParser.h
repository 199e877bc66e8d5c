// SseParser: turns the lines of a text/event-stream body into events.
//
// Follows the SSE rules providers rely on: "event:" sets the type, "data:"
// lines accumulate (joined with '\n'), a blank line dispatches, ":" starts a
// comment. OpenAI sends only data lines; Anthropic sends event + data pairs.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace grove::llm {

struct SseEvent {
  std::string type;  // "message" when the stream gave none
  std::string data;
};

class SseParser {
public:
  /// Return false from the handler to stop the stream.
  using Handler = std::function<bool(const SseEvent&)>;
  explicit SseParser(Handler handler) : handler_(std::move(handler)) {}

  /// Feeds one line; returns false once the handler asked to stop.
  bool feed(std::string_view line);
  /// Dispatches an event the stream ended without a blank line after.
  bool finish();
  /// True once any "data:" line was seen (distinguishes an SSE body from JSON).
  bool sawData() const { return sawData_; }

private:
  bool dispatch();

  Handler handler_;
  std::string type_;
  std::string data_;
  bool hasData_ = false;
  bool sawData_ = false;
};

/// `handler`, except that an exception it throws (a provider's JSON with a
/// field of an unexpected type) sets `malformed` and stops the stream: the
/// handler runs inside libcurl's write callback, where an exception would end
/// the process (found by the Anthropic stream fuzz target).
SseParser::Handler stoppingOnThrow(bool& malformed, SseParser::Handler handler);

}  // namespace grove::llm
