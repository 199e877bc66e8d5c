#include "Responder.h"

#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include <chrono>
#include <functional>
#include <thread>

#include <nlohmann/json.hpp>

#include "RequestLog.h"

namespace fake {
namespace {

using nlohmann::json;

std::string event(const std::string& type, const json& data) {
  std::string out;
  if (!type.empty()) out += "event: " + type + "\n";
  return out + "data: " + data.dump() + "\n\n";
}

std::string errorBody(const std::string& kind, const ScriptedResponse& r, const Request& req, int status) {
  std::string message = r.errorMessage;
  if (r.echoKey) message += " (key provided: " + presentedKey(req) + ")";
  if (kind == "anthropic") {
    std::string type = !r.errorType.empty() ? r.errorType
                       : status == 401      ? "authentication_error"
                       : status == 429      ? "rate_limit_error"
                                            : "api_error";
    return json{{"type", "error"}, {"error", {{"type", type}, {"message", message}}}}.dump();
  }
  std::string type = status == 401 ? "invalid_request_error" : status == 429 ? "rate_limit_exceeded" : "server_error";
  return json{{"error", {{"message", message}, {"type", type}, {"code", nullptr}}}}.dump();
}

// A deterministic vector per input: [length, then hash-derived values], so
// tests can tell which vector belongs to which input.
std::vector<float> vectorFor(const std::string& text, int dims) {
  std::vector<float> v{static_cast<float>(text.size())};
  unsigned h = 2166136261u;
  for (unsigned char c : text) h = (h ^ c) * 16777619u;
  for (int i = 1; i < dims; ++i) v.push_back(static_cast<float>((h >> (i % 24)) % 1000) / 1000.0f);
  return v;
}

void serveEmbeddings(int fd, const Request& req, const ScriptedResponse& r) {
  json body = json::parse(req.body, nullptr, false);
  std::vector<std::string> inputs;
  if (body.is_object() && body.contains("input")) {
    if (body["input"].is_string()) inputs.push_back(body["input"].get<std::string>());
    if (body["input"].is_array()) {
      for (const auto& i : body["input"]) inputs.push_back(i.is_string() ? i.get<std::string>() : i.dump());
    }
  }
  json data = json::array();
  // Newest first: clients must order results by "index", not by position.
  for (size_t i = inputs.size(); i-- > 0;) {
    data.push_back({{"object", "embedding"}, {"index", i}, {"embedding", vectorFor(inputs[i], r.dimensions)}});
  }
  json answer = {{"object", "list"}, {"data", data}, {"model", body.value("model", "fake")}};
  writeResponse(fd, 200, "application/json", answer.dump(), r.headers);
}

// Writes the stream body chunk by chunk; `piece(i)` renders chunk i.
// Returns false when it stopped early (stall, drop, peer gone).
bool streamChunks(int fd, const ScriptedResponse& r, const std::function<std::string(size_t)>& piece,
                  int maxHangMs) {
  for (size_t i = 0; i <= r.chunks.size(); ++i) {
    if (r.stallAfterChunks && static_cast<size_t>(*r.stallAfterChunks) == i) {
      waitForDisconnect(fd, maxHangMs);
      return false;
    }
    if (r.dropAfterChunks && static_cast<size_t>(*r.dropAfterChunks) == i) {
      ::shutdown(fd, SHUT_RDWR);  // no terminating chunk: a truncated body
      return false;
    }
    if (r.resetAfterChunks && static_cast<size_t>(*r.resetAfterChunks) == i) {
      // A close with linger 0 drops what the peer has not acknowledged yet:
      // wait (bounded) until the chunks written so far have reached it, so
      // the script says exactly which text arrives before the reset.
      auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
      int unacked = 0;
      while (::ioctl(fd, SIOCOUTQ, &unacked) == 0 && unacked > 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      // Linger 0: the close that follows sends RST, as a crashed proxy does.
      linger hard{1, 0};
      ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
      return false;
    }
    if (i == r.chunks.size()) {
      // A provider (or a proxy) that sends one endless line: no newline
      // until hugeLineBytes of it have gone out.
      if (r.hugeLineBytes && !writeChunk(fd, "data: " + std::string(*r.hugeLineBytes, 'x') + "\n\n")) return false;
      break;
    }
    if (r.delayMs > 0) std::this_thread::sleep_for(std::chrono::milliseconds(r.delayMs));
    if (!writeChunk(fd, piece(i))) return false;
  }
  if (r.malformed) {
    if (!writeChunk(fd, "data: {\"choices\": [{\"delta\": garbage\n\n")) return false;
  }
  return true;
}

void streamHead(int fd, const ScriptedResponse& r) {
  std::string head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n";
  for (const auto& [k, v] : r.headers) head += k + ": " + v + "\r\n";
  head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
  writeAll(fd, head);
}

void serveOpenAi(int fd, const ScriptedResponse& r, int maxHangMs) {
  streamHead(fd, r);
  auto chunk = [](json delta, json finish) {
    return "data: " +
           json{{"id", "chatcmpl-fake"},
                {"object", "chat.completion.chunk"},
                {"model", "fake"},
                {"choices", json::array({{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}})}}
               .dump() +
           "\n\n";
  };
  writeChunk(fd, chunk({{"role", "assistant"}, {"content", ""}}, nullptr));
  if (!streamChunks(fd, r, [&](size_t i) { return chunk({{"content", r.chunks[i]}}, nullptr); }, maxHangMs)) return;
  if (r.malformed) {
    writeAll(fd, "0\r\n\r\n");
    return;
  }
  std::string tail = chunk(json::object(), r.finishReason);
  if (r.promptTokens || r.completionTokens) {
    tail += "data: " +
            json{{"id", "chatcmpl-fake"},
                 {"object", "chat.completion.chunk"},
                 {"choices", json::array()},
                 {"usage",
                  {{"prompt_tokens", r.promptTokens.value_or(0)},
                   {"completion_tokens", r.completionTokens.value_or(0)},
                   {"total_tokens", r.promptTokens.value_or(0) + r.completionTokens.value_or(0)}}}}
                .dump() +
            "\n\n";
  }
  tail += "data: [DONE]\n\n";
  writeChunk(fd, tail);
  writeAll(fd, "0\r\n\r\n");
}

void serveAnthropic(int fd, const ScriptedResponse& r, int maxHangMs) {
  streamHead(fd, r);
  json start = {{"type", "message_start"},
                {"message",
                 {{"id", "msg_fake"},
                  {"type", "message"},
                  {"role", "assistant"},
                  {"content", json::array()},
                  {"model", "fake"},
                  {"stop_reason", nullptr},
                  {"usage", {{"input_tokens", r.promptTokens.value_or(0)}, {"output_tokens", 1}}}}}};
  writeChunk(fd, event("message_start", start) +
                     event("content_block_start", {{"type", "content_block_start"},
                                                   {"index", 0},
                                                   {"content_block", {{"type", "text"}, {"text", ""}}}}) +
                     event("ping", {{"type", "ping"}}));
  auto delta = [&](size_t i) {
    return event("content_block_delta", {{"type", "content_block_delta"},
                                         {"index", 0},
                                         {"delta", {{"type", "text_delta"}, {"text", r.chunks[i]}}}});
  };
  if (!streamChunks(fd, r, delta, maxHangMs)) return;
  if (r.malformed) {
    writeAll(fd, "0\r\n\r\n");
    return;
  }
  if (r.errorEvent) {
    std::string type = r.errorType.empty() ? "overloaded_error" : r.errorType;
    writeChunk(fd, event("error", {{"type", "error"}, {"error", {{"type", type}, {"message", r.errorMessage}}}}));
    writeAll(fd, "0\r\n\r\n");
    return;
  }
  std::string stop = r.finishReason == "length" ? "max_tokens" : r.finishReason == "stop" ? "end_turn" : r.finishReason;
  writeChunk(fd, event("content_block_stop", {{"type", "content_block_stop"}, {"index", 0}}) +
                     event("message_delta", {{"type", "message_delta"},
                                             {"delta", {{"stop_reason", stop}, {"stop_sequence", nullptr}}},
                                             {"usage", {{"output_tokens", r.completionTokens.value_or(0)}}}}) +
                     event("message_stop", {{"type", "message_stop"}}));
  writeAll(fd, "0\r\n\r\n");
}

}  // namespace

std::string kindForPath(const std::string& path) {
  if (path == "/v1/chat/completions") return "openai";
  if (path == "/v1/messages") return "anthropic";
  if (path == "/v1/embeddings") return "embeddings";
  return {};
}

void respond(int fd, const Request& req, const ScriptedResponse& r, int maxHangMs) {
  const std::string pathKind = kindForPath(req.path);
  const std::string kind = r.kind.empty() ? pathKind : r.kind;
  if (r.hang) {
    waitForDisconnect(fd, maxHangMs);
    return;
  }
  if (pathKind.empty() || kind != pathKind) {
    writeResponse(fd, 404, "application/json",
                  json{{"error", {{"message", "no " + (kind.empty() ? std::string("model") : kind) +
                                                   " endpoint at " + req.path}}}}
                      .dump());
    return;
  }
  if (r.requireKey && presentedKey(req) != *r.requireKey) {
    writeResponse(fd, 401, "application/json", errorBody(kind, r, req, 401), r.headers);
    return;
  }
  if (r.rawBody) {
    writeResponse(fd, r.status, r.contentType, *r.rawBody, r.headers);
    return;
  }
  if (r.status != 200) {
    writeResponse(fd, r.status, "application/json", errorBody(kind, r, req, r.status), r.headers);
    return;
  }
  if (kind == "embeddings") return serveEmbeddings(fd, req, r);
  if (kind == "anthropic") return serveAnthropic(fd, r, maxHangMs);
  serveOpenAi(fd, r, maxHangMs);
}

}  // namespace fake
