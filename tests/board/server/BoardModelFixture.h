// BoardModelFixture: grove-server with grove-fake-provider on loopback as
// its provider, for the board's model paths (capture, group names,
// reorganize). Until a test scripts its answers the model answers garbage,
// so every model step falls back or fails as it would with a broken model.
#pragma once

#include <gtest/gtest.h>

#include "ChatFixture.h"
#include "FakeProvider.h"

namespace grove::chat_test {

inline const std::string kBoardWs = "file:///home/ana/app";

/// A scripted chat answer whose text is `body`.
inline json answer(const std::string& body) { return {{"chunks", {body}}}; }

class BoardModelFixture : public ChatFixture {
protected:
  void SetUp() override {
    fake_ = std::make_unique<FakeProviderProcess>(json::array({answer("I cannot help with that.")}));
    writeConfig(singleProviderConfig("openai", fake_->baseUrl()));
    startServer();
  }

  void TearDown() override {
    ChatFixture::TearDown();
    fake_.reset();
  }

  json capture(json params) {
    params["workspaceUri"] = kBoardWs;
    return rpc().result("grove/board/capture", params, Millis(20000));
  }

  /// An item placed by hand (null: unassigned), so only the analysis is asked.
  std::string note(const std::string& content, json groupId = nullptr) {
    return capture({{"content", content}, {"groupId", groupId}})["item"]["id"];
  }

  /// Every chat request the fake received since the last script.
  json chatRequests() {
    json out = json::array();
    for (const auto& r : fake_->requests())
      if (r.value("path", "") == "/v1/chat/completions") out.push_back(r);
    return out;
  }

  std::unique_ptr<FakeProviderProcess> fake_;
};

}  // namespace grove::chat_test
