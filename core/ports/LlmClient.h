// LlmClient port: one chat completion (streamed) or one batch of embeddings.
//
// Implementations live in core/llm (libcurl + provider payloads) and must
// throw grove::Error with ErrorKind::Provider and a reason of "auth",
// "rateLimited", "timeout", "unreachable" or "badResponse" on failure, or
// ErrorKind::Cancelled when the token fired. Messages never contain keys.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "support/Cancellation.h"

namespace grove {

struct ChatMessage {
  std::string role;  // "user" | "assistant" (system text travels in ChatRequest::system)
  std::string content;
};

struct ChatRequest {
  std::string model;
  std::string system;
  std::vector<ChatMessage> messages;
  int maxTokens = 2048;
  double temperature = 0.2;
  bool jsonMode = false;  // ask for a JSON object where the provider supports it
  /// Facts about the assembled scope (units, exclusions, inclusions). Never
  /// sent to a model; the offline provider reports them.
  std::string scopeReport;
};

struct ChatUsage {
  int promptTokens = 0;
  int completionTokens = 0;
};

struct ChatResult {
  std::string text;
  ChatUsage usage;
  /// "stop", "length", "cancelled", "interrupted" (stream broke after some text), ...
  std::string finishReason = "stop";
};

/// Called on the worker thread for every streamed piece of text.
using DeltaSink = std::function<void(std::string_view)>;

class LlmClient {
public:
  virtual ~LlmClient() = default;
  /// Streams a chat completion. Blocks the calling (worker) thread.
  /// When the stream breaks after some text arrived, returns the partial text
  /// with finishReason "interrupted" rather than throwing, so nothing is lost.
  virtual ChatResult chat(const ChatRequest& request, const DeltaSink& onDelta,
                          const CancellationToken& cancel) = 0;
  /// Embeds each input; one vector per input, in order.
  virtual std::vector<std::vector<float>> embed(const std::vector<std::string>& inputs,
                                                const CancellationToken& cancel) = 0;
};

}  // namespace grove
