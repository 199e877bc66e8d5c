#include "llm/SseParser.h"

#include <exception>

namespace grove::llm {

bool SseParser::feed(std::string_view line) {
  if (line.empty()) return dispatch();
  if (line.front() == ':') return true;
  auto colon = line.find(':');
  std::string_view field = line.substr(0, colon);
  std::string_view value = colon == std::string_view::npos ? std::string_view{} : line.substr(colon + 1);
  if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  if (field == "data") {
    if (hasData_) data_ += '\n';
    data_ += value;
    hasData_ = sawData_ = true;
  } else if (field == "event") {
    type_ = std::string(value);
  }
  // "id" and "retry" mean nothing for a one-shot completion stream.
  return true;
}

bool SseParser::finish() { return dispatch(); }

bool SseParser::dispatch() {
  if (!hasData_) {
    type_.clear();
    return true;
  }
  SseEvent ev{type_.empty() ? "message" : type_, std::move(data_)};
  type_.clear();
  data_.clear();
  hasData_ = false;
  return handler_(ev);
}

SseParser::Handler stoppingOnThrow(bool& malformed, SseParser::Handler handler) {
  return [&malformed, handler = std::move(handler)](const SseEvent& ev) {
    try {
      return handler(ev);
    } catch (const std::exception&) {
      malformed = true;
      return false;
    }
  };
}

}  // namespace grove::llm
