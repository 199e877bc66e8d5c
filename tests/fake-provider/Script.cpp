#include "Script.h"

#include <stdexcept>

namespace fake {

ScriptedResponse parseResponse(const nlohmann::json& j) {
  if (!j.is_object()) throw std::runtime_error("each script entry must be an object");
  ScriptedResponse r;
  r.kind = j.value("kind", r.kind);
  if (!r.kind.empty() && r.kind != "openai" && r.kind != "anthropic" && r.kind != "embeddings") {
    throw std::runtime_error("unknown kind: " + r.kind);
  }
  if (j.contains("chunks")) r.chunks = j["chunks"].get<std::vector<std::string>>();
  r.status = j.value("status", r.status);
  r.delayMs = j.value("delayMs", r.delayMs);
  if (j.contains("stallAfterChunks")) r.stallAfterChunks = j["stallAfterChunks"].get<int>();
  if (j.contains("dropAfterChunks")) r.dropAfterChunks = j["dropAfterChunks"].get<int>();
  if (j.contains("resetAfterChunks")) r.resetAfterChunks = j["resetAfterChunks"].get<int>();
  if (j.contains("hugeLineBytes")) r.hugeLineBytes = j["hugeLineBytes"].get<std::size_t>();
  r.malformed = j.value("malformed", false);
  r.hang = j.value("hang", false);
  if (j.contains("headers")) r.headers = j["headers"].get<std::map<std::string, std::string>>();
  if (j.contains("usage")) {
    const auto& u = j["usage"];
    if (u.contains("prompt")) r.promptTokens = u["prompt"].get<int>();
    if (u.contains("completion")) r.completionTokens = u["completion"].get<int>();
  }
  r.finishReason = j.value("finishReason", r.finishReason);
  r.errorMessage = j.value("errorMessage", r.errorMessage);
  r.errorType = j.value("errorType", r.errorType);
  r.errorEvent = j.value("errorEvent", false);
  r.echoKey = j.value("echoKey", false);
  if (j.contains("requireKey")) r.requireKey = j["requireKey"].get<std::string>();
  if (j.contains("rawBody")) r.rawBody = j["rawBody"].get<std::string>();
  r.contentType = j.value("contentType", r.contentType);
  r.dimensions = j.value("dimensions", r.dimensions);
  return r;
}

std::vector<ScriptedResponse> parseScript(const nlohmann::json& j) {
  if (!j.is_array() || j.empty()) throw std::runtime_error("a script is a non-empty JSON array");
  std::vector<ScriptedResponse> out;
  for (const auto& e : j) out.push_back(parseResponse(e));
  return out;
}

void Script::replace(std::vector<ScriptedResponse> responses) {
  std::lock_guard<std::mutex> lock(mutex_);
  responses_ = std::move(responses);
  index_ = 0;
}

ScriptedResponse Script::next() {
  std::lock_guard<std::mutex> lock(mutex_);
  const ScriptedResponse& r = responses_[std::min(index_, responses_.size() - 1)];
  ++index_;
  return r;
}

}  // namespace fake
