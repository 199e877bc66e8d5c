#include "llm/OpenAiClient.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "llm/ChatStream.h"
#include "llm/ProviderExchange.h"
#include "llm/SseParser.h"

namespace grove::llm {
namespace {

using nlohmann::json;

std::string mapFinishReason(const std::string& r) {
  if (r == "stop" || r == "length") return r;
  if (r == "content_filter") return "contentFilter";
  if (r == "tool_calls" || r == "function_call") return "toolCalls";
  return r;
}

void readUsage(const json& usage, ChatUsage& out) {
  if (!usage.is_object()) return;
  out.promptTokens = usage.value("prompt_tokens", out.promptTokens);
  out.completionTokens = usage.value("completion_tokens", out.completionTokens);
}

// The whole answer of a server that ignored stream:true and sent one JSON body.
bool readCompletion(const json& doc, ChatStream& stream, const DeltaSink& onDelta) {
  if (!doc.is_object() || !doc.contains("choices") || !doc["choices"].is_array() || doc["choices"].empty()) {
    return false;
  }
  const json& choice = doc["choices"][0];
  if (choice.contains("message") && choice["message"].is_object()) {
    const json& content = choice["message"].value("content", json());
    if (content.is_string()) stream.append(content.get<std::string>(), onDelta);
  }
  if (choice.contains("finish_reason") && choice["finish_reason"].is_string()) {
    stream.result.finishReason = mapFinishReason(choice["finish_reason"].get<std::string>());
  }
  if (doc.contains("usage")) readUsage(doc["usage"], stream.result.usage);
  stream.done = true;
  return true;
}

}  // namespace

std::vector<std::string> OpenAiClient::headers(bool streaming) const {
  std::vector<std::string> h{"Content-Type: application/json"};
  h.push_back(streaming ? "Accept: text/event-stream" : "Accept: application/json");
  // Local servers usually need no key; send none rather than an empty bearer.
  if (!config_.apiKey.empty()) h.push_back("Authorization: Bearer " + config_.apiKey);
  return h;
}

std::string OpenAiClient::chatBody(const ChatRequest& request) const {
  json messages = json::array();
  if (!request.system.empty()) messages.push_back({{"role", "system"}, {"content", request.system}});
  for (const auto& m : request.messages) messages.push_back({{"role", m.role}, {"content", m.content}});
  json body = {
      {"model", request.model.empty() ? config_.model : request.model},
      {"messages", std::move(messages)},
      {"stream", true},
      {"stream_options", {{"include_usage", true}}},
      {"max_tokens", request.maxTokens},
      {"temperature", request.temperature},
  };
  if (request.jsonMode) body["response_format"] = {{"type", "json_object"}};
  return body.dump(-1, ' ', false, json::error_handler_t::replace);
}

ChatResult OpenAiClient::chat(const ChatRequest& request, const DeltaSink& onDelta,
                              const CancellationToken& cancel) {
  ProviderExchange exchange(config_);
  ChatStream stream;
  bool sawFinish = false;
  std::string rawBody;  // lines outside SSE framing, for the non-streaming fallback

  SseParser parser(stoppingOnThrow(stream.malformed, [&](const SseEvent& ev) {
    if (ev.data == "[DONE]") {
      stream.done = true;
      return false;
    }
    json doc = json::parse(ev.data, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
      stream.malformed = true;
      return false;
    }
    if (doc.contains("error")) {
      std::string msg = doc["error"].is_object() ? doc["error"].value("message", "") : doc["error"].dump();
      stream.streamError = Error(ErrorKind::Provider, "badResponse",
                                 exchange.who() + ": the stream reported an error: " + exchange.scrub(msg));
      return false;
    }
    if (doc.contains("usage")) readUsage(doc["usage"], stream.result.usage);
    auto choices = doc.find("choices");
    if (choices != doc.end() && choices->is_array() && !choices->empty()) {
      const json& choice = (*choices)[0];
      if (auto d = choice.find("delta"); d != choice.end() && d->is_object()) {
        if (auto c = d->find("content"); c != d->end() && c->is_string()) {
          stream.append(c->get_ref<const std::string&>(), onDelta);
        }
      }
      if (auto f = choice.find("finish_reason"); f != choice.end() && f->is_string()) {
        stream.result.finishReason = mapFinishReason(f->get<std::string>());
        sawFinish = true;
      }
    }
    return true;
  }));

  HttpRequest http = exchange.post("/v1/chat/completions", chatBody(request), headers(true));
  HttpResult r = exchange.send(
      http,
      [&](const HttpHead& head, std::string_view line) {
        if (head.header("content-type").find("application/json") != std::string::npos) {
          rawBody.append(line).push_back('\n');
          return true;
        }
        return parser.feed(line);
      },
      cancel);

  if (r.outcome == HttpResult::Outcome::Completed) {
    parser.finish();
    if (!parser.sawData() && !rawBody.empty()) {
      json doc = json::parse(rawBody, nullptr, false);
      if (!readCompletion(doc, stream, onDelta)) stream.malformed = true;
    }
  }
  // Some servers close right after the finish_reason chunk without [DONE].
  if (sawFinish && !stream.malformed && !stream.streamError) stream.done = true;
  return stream.finish(r, exchange);
}

std::vector<std::vector<float>> OpenAiClient::embed(const std::vector<std::string>& inputs,
                                                    const CancellationToken& cancel) {
  if (inputs.empty()) return {};
  ProviderExchange exchange(config_);
  json body = {{"model", config_.embeddingModel.empty() ? config_.model : config_.embeddingModel},
               {"input", inputs}};
  std::string raw;
  HttpRequest http = exchange.post("/v1/embeddings",
                                   body.dump(-1, ' ', false, json::error_handler_t::replace),
                                   headers(false));
  HttpResult r = exchange.send(
      http,
      [&](const HttpHead&, std::string_view line) {
        raw.append(line).push_back('\n');
        return true;
      },
      cancel);
  if (r.outcome != HttpResult::Outcome::Completed) throw r.error(exchange.who());

  auto bad = [&](const std::string& why) {
    return Error(ErrorKind::Provider, "badResponse", exchange.who() + ": embeddings answer " + why);
  };
  json doc = json::parse(raw, nullptr, false);
  if (!doc.is_object() || !doc.contains("data") || !doc["data"].is_array()) throw bad("is not the expected JSON");
  const json& data = doc["data"];
  if (data.size() != inputs.size()) throw bad("has the wrong number of vectors");
  std::vector<std::vector<float>> out(inputs.size());
  std::vector<bool> filled(inputs.size(), false);
  for (std::size_t i = 0; i < data.size(); ++i) {
    const json& item = data[i];
    // Results carry their input's index; providers may return them out of order.
    std::size_t index = item.is_object() ? item.value("index", i) : i;
    if (index >= out.size() || filled[index] || !item.contains("embedding") || !item["embedding"].is_array()) {
      throw bad("has a missing or duplicate vector");
    }
    try {
      out[index] = item["embedding"].get<std::vector<float>>();
    } catch (const json::exception&) {
      throw bad("has a vector that is not numbers");
    }
    filled[index] = true;
  }
  return out;
}

}  // namespace grove::llm
