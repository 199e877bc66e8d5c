#include "FakeProvider.h"

#include "LoopbackHttp.h"

namespace grove::llm::test {

ProviderConfig FakeProvider::config(ProviderKind kind, std::string apiKey) const {
  ProviderConfig c = defaultsFor(kind, std::string(kindName(kind)) + "-fake");
  c.baseUrl = baseUrl();
  c.model = "fake-model";
  c.utilityModel = "fake-utility";
  c.embeddingModel = "fake-embedding";
  c.apiKey = std::move(apiKey);
  c.timeouts.connectMs = 2'000;
  c.timeouts.idleMs = 3'000;
  c.retryBaseMs = 20;
  return c;
}

int closedLoopbackPort() { return fake_provider::unusedLoopbackPort(); }

}  // namespace grove::llm::test
