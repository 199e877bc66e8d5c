// ChatFixtures: requests and collectors shared by the client tests.
#pragma once

#include <string>
#include <vector>

#include "ports/LlmClient.h"
#include "support/Error.h"

namespace grove::llm::test {

inline ChatRequest sampleRequest() {
  ChatRequest r;
  r.system = "You are Grove's conversation agent.\nMode: mainline\n[CURRENT CONTEXT STATUS]\nOn the mainline.";
  r.messages = {{"user", "What is a branch?"}, {"assistant", "A side path."}, {"user", "And a capsule?"}};
  r.maxTokens = 300;
  r.temperature = 0.5;
  return r;
}

/// Collects streamed deltas in order.
struct Deltas {
  std::vector<std::string> pieces;
  DeltaSink sink() {
    return [this](std::string_view d) { pieces.emplace_back(d); };
  }
};

}  // namespace grove::llm::test
