// Script: the responses the fake provider serves, in order (the last repeats).
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fake {

struct ScriptedResponse {
  std::string kind;  // "openai" | "anthropic" | "embeddings"; empty: follow the request path
  std::vector<std::string> chunks{"Hello from the fake provider"};
  int status = 200;
  int delayMs = 0;                 // before each chunk
  std::optional<int> stallAfterChunks;  // then hang until the client disconnects
  std::optional<int> dropAfterChunks;   // then close mid-stream
  std::optional<int> resetAfterChunks;  // then reset the connection (RST, not FIN)
  std::optional<std::size_t> hugeLineBytes;  // after the chunks: one data line this long
  bool malformed = false;          // a garbage data line after the chunks
  bool hang = false;               // read the request, never answer
  std::map<std::string, std::string> headers;  // extra response headers
  std::optional<int> promptTokens, completionTokens;  // from "usage": {"prompt","completion"}
  std::string finishReason = "stop";  // openai wording; anthropic maps it
  std::string errorMessage = "scripted error";
  std::string errorType;           // anthropic error type / in-stream "errorEvent" type
  bool errorEvent = false;         // anthropic: end the stream with an error event
  bool echoKey = false;            // error body quotes the key (as some providers do)
  std::optional<std::string> requireKey;  // any other key (or none) gets 401
  std::optional<std::string> rawBody;     // sent verbatim (with contentType)
  std::string contentType = "application/json";
  int dimensions = 4;              // embeddings
};

ScriptedResponse parseResponse(const nlohmann::json& j);
std::vector<ScriptedResponse> parseScript(const nlohmann::json& j);

/// Thread-safe cursor over the script.
class Script {
public:
  void replace(std::vector<ScriptedResponse> responses);
  ScriptedResponse next();

private:
  std::mutex mutex_;
  std::vector<ScriptedResponse> responses_{ScriptedResponse{}};
  std::size_t index_ = 0;
};

}  // namespace fake
