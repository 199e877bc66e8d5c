// The fake provider's own contract, which editor-client tests rely on too:
// a replaceable script, a request log without key values, loopback only.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "ChatFixtures.h"
#include "FakeProvider.h"
#include "llm/CurlHttp.h"
#include "llm/OpenAiClient.h"

namespace grove::llm::test {
namespace {

using nlohmann::json;

int post(const std::string& url, const std::string& body) {
  HttpRequest req;
  req.url = url;
  req.body = body;
  return performHttp(req, [](const HttpHead&, std::string_view) { return true; }, CancellationToken{}).head.status;
}

TEST(FakeProviderControl, ScriptCanBeReplacedAndTheLogStartsOver) {
  FakeProvider fake(json::array({{{"chunks", {"first script"}}}}));
  OpenAiClient client(fake.config(ProviderKind::OpenAi, "secret-value-xyz"));
  EXPECT_EQ(client.chat(sampleRequest(), {}, CancellationToken{}).text, "first script");
  json log = fake.requests();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log.dump().find("secret-value-xyz"), std::string::npos);  // only the scheme is kept

  EXPECT_EQ(post(fake.baseUrl() + "/__script", json::array({{{"chunks", {"second"}}}, {{"chunks", {"last"}}}}).dump()),
            200);
  EXPECT_TRUE(fake.requests().empty());
  EXPECT_EQ(client.chat(sampleRequest(), {}, CancellationToken{}).text, "second");
  EXPECT_EQ(client.chat(sampleRequest(), {}, CancellationToken{}).text, "last");
  EXPECT_EQ(client.chat(sampleRequest(), {}, CancellationToken{}).text, "last");  // the last one repeats
  EXPECT_EQ(post(fake.baseUrl() + "/__script", "[]"), 400);
}

TEST(FakeProviderControl, ListensOnLoopbackOnly) {
  FakeProvider fake(json::array({{{"chunks", {"x"}}}}));
  // /proc/net/tcp lists local addresses in hex: 0100007F is 127.0.0.1.
  std::ifstream tcp("/proc/net/tcp");
  char portHex[8];
  std::snprintf(portHex, sizeof portHex, "%04X", fake.port());
  bool found = false;
  for (std::string line; std::getline(tcp, line);) {
    if (line.find(std::string(":") + portHex + " 00000000:0000 0A") != std::string::npos) {
      found = true;
      EXPECT_NE(line.find("0100007F:" + std::string(portHex)), std::string::npos) << line;
    }
  }
  EXPECT_TRUE(found) << "no listening socket for port " << fake.port();
}

}  // namespace
}  // namespace grove::llm::test
