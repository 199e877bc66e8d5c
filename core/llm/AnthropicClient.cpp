#include "llm/AnthropicClient.h"

#include <nlohmann/json.hpp>

#include "llm/ChatStream.h"
#include "llm/ProviderExchange.h"
#include "llm/SseParser.h"

namespace grove::llm {
namespace {

using nlohmann::json;

std::string mapStopReason(const std::string& r) {
  if (r == "end_turn" || r == "stop_sequence") return "stop";
  if (r == "max_tokens") return "length";
  if (r == "tool_use") return "toolCalls";
  return r;
}

// An `error` event's type decides the reason (its message is the provider's
// and is scrubbed before it reaches ours).
const char* reasonForErrorType(const std::string& type) {
  if (type == "authentication_error" || type == "permission_error") return "auth";
  if (type == "rate_limit_error") return "rateLimited";
  return "badResponse";
}

}  // namespace

std::string AnthropicClient::chatBody(const ChatRequest& request) const {
  json messages = json::array();
  for (const auto& m : request.messages) messages.push_back({{"role", m.role}, {"content", m.content}});
  json body = {
      {"model", request.model.empty() ? config_.model : request.model},
      {"max_tokens", request.maxTokens},
      {"temperature", request.temperature},
      {"messages", std::move(messages)},
      {"stream", true},
  };
  std::string system = request.system;
  if (request.jsonMode) {
    // No JSON mode in this API: ask in the system prompt instead.
    if (!system.empty()) system += "\n\n";
    system += "Answer with a single JSON object and nothing else.";
  }
  if (!system.empty()) body["system"] = system;
  return body.dump(-1, ' ', false, json::error_handler_t::replace);
}

ChatResult AnthropicClient::chat(const ChatRequest& request, const DeltaSink& onDelta,
                                 const CancellationToken& cancel) {
  ProviderExchange exchange(config_);
  ChatStream stream;

  SseParser parser(stoppingOnThrow(stream.malformed, [&](const SseEvent& ev) {
    json doc = json::parse(ev.data, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
      stream.malformed = true;
      return false;
    }
    const std::string type = doc.value("type", ev.type);
    if (type == "message_start") {
      const json& usage = doc.value("message", json::object()).value("usage", json::object());
      stream.result.usage.promptTokens = usage.value("input_tokens", 0);
      stream.result.usage.completionTokens = usage.value("output_tokens", 0);
    } else if (type == "content_block_delta") {
      const json& delta = doc.value("delta", json::object());
      if (delta.value("type", "") == "text_delta" && delta.contains("text") && delta["text"].is_string()) {
        stream.append(delta["text"].get_ref<const std::string&>(), onDelta);
      }
    } else if (type == "message_delta") {
      const json& delta = doc.value("delta", json::object());
      if (delta.contains("stop_reason") && delta["stop_reason"].is_string()) {
        stream.result.finishReason = mapStopReason(delta["stop_reason"].get<std::string>());
      }
      const json& usage = doc.value("usage", json::object());
      stream.result.usage.completionTokens = usage.value("output_tokens", stream.result.usage.completionTokens);
    } else if (type == "message_stop") {
      stream.done = true;
      return false;
    } else if (type == "error") {
      const json& err = doc.value("error", json::object());
      const std::string errType = err.value("type", "");
      std::string msg = exchange.who() + ": the stream reported " + (errType.empty() ? "an error" : errType);
      if (auto m = err.value("message", ""); !m.empty()) msg += ": " + exchange.scrub(m);
      const char* reason = reasonForErrorType(errType);
      if (std::string(reason) == "auth") msg = exchange.who() + ": authentication failed";
      stream.streamError = Error(ErrorKind::Provider, reason, msg);
      return false;
    }
    // ping, content_block_start/stop: nothing to record.
    return true;
  }));

  std::vector<std::string> headers{
      "Content-Type: application/json",
      "Accept: text/event-stream",
      std::string("anthropic-version: ") + kApiVersion,
  };
  if (!config_.apiKey.empty()) headers.push_back("x-api-key: " + config_.apiKey);
  HttpRequest http = exchange.post("/v1/messages", chatBody(request), std::move(headers));
  HttpResult r = exchange.send(
      http, [&](const HttpHead&, std::string_view line) { return parser.feed(line); }, cancel);
  if (r.outcome == HttpResult::Outcome::Completed) parser.finish();
  return stream.finish(r, exchange);
}

std::vector<std::vector<float>> AnthropicClient::embed(const std::vector<std::string>&,
                                                       const CancellationToken&) {
  throw Error::invalidOp("embeddingsUnsupported",
                         "provider " + config_.name + " (anthropic) offers no embeddings");
}

}  // namespace grove::llm
