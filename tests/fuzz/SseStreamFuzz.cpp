// Fuzzes a provider's streamed answer: the input is the response body a
// provider sends, served over loopback to the real OpenAiClient or
// AnthropicClient (GROVE_FUZZ_ANTHROPIC picks which). Whatever arrives, the
// client must return a result or throw grove::Error, and never crash or hang.
// The first byte chooses the content type, so the non-streaming JSON
// fallback is fuzzed as well as the event stream.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "LoopbackOnce.h"
#include "llm/AnthropicClient.h"
#include "llm/OpenAiClient.h"
#include "support/Error.h"

namespace {

struct Fixture {
  grove::fuzz::LoopbackOnce server;
  std::unique_ptr<grove::LlmClient> client;

  Fixture() {
#ifdef GROVE_FUZZ_ANTHROPIC
    auto config = grove::llm::defaultsFor(grove::llm::ProviderKind::Anthropic, "fuzz");
#else
    auto config = grove::llm::defaultsFor(grove::llm::ProviderKind::OpenAi, "fuzz");
#endif
    config.baseUrl = "http://127.0.0.1:" + std::to_string(server.port());
    config.apiKey = "fuzz-key";
    config.maxRetries = 0;
    // Bounded: a stream the client waits on forever would show as a timeout.
    config.timeouts.connectMs = 2000;
    config.timeouts.idleMs = 5000;
    config.maxResponseBytes = 1u << 20;
#ifdef GROVE_FUZZ_ANTHROPIC
    client = std::make_unique<grove::llm::AnthropicClient>(config);
#else
    client = std::make_unique<grove::llm::OpenAiClient>(config);
#endif
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Fixture fixture;
  if (size == 0) return 0;
  const char* type = (data[0] & 1) ? "application/json" : "text/event-stream";
  fixture.server.setResponse(type, std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  grove::ChatRequest request;
  request.messages.push_back({"user", "hello"});
  size_t streamed = 0;
  try {
    auto result = fixture.client->chat(
        request, [&](std::string_view piece) { streamed += piece.size(); }, grove::CancellationToken());
    // What was streamed is what the answer holds (the partial text kept on a break).
    if (result.text.size() != streamed) std::abort();
  } catch (const grove::Error&) {
    // A clear provider error is a correct answer to a broken stream.
  }
  return 0;
}
