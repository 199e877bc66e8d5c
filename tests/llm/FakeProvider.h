// FakeProvider: runs grove-fake-provider as a child process for one test and
// talks to its control endpoints.
#pragma once

#include <sys/types.h>

#include <string>

#include <nlohmann/json.hpp>

#include "llm/ProviderConfig.h"

namespace grove::llm::test {

/// The fake provider binary: $GROVE_FAKE_PROVIDER, else the one built with the tests.
std::string fakeProviderPath();

class FakeProvider {
public:
  /// Starts the server with `script` (a JSON array) and waits for its port.
  explicit FakeProvider(const nlohmann::json& script);
  ~FakeProvider();
  FakeProvider(const FakeProvider&) = delete;
  FakeProvider& operator=(const FakeProvider&) = delete;

  int port() const { return port_; }
  std::string baseUrl() const { return "http://127.0.0.1:" + std::to_string(port_); }
  /// Everything received so far (GET /__requests).
  nlohmann::json requests() const;

  /// A provider config of `kind` pointing here, with short test limits.
  ProviderConfig config(ProviderKind kind, std::string apiKey = "test-key") const;

private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string scriptPath_;
};

/// A loopback port with nothing listening (bound, then released).
int closedLoopbackPort();

}  // namespace grove::llm::test
