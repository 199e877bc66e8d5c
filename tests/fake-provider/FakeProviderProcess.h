// FakeProviderProcess: grove-fake-provider (tests/fake-provider) as a child
// process on a loopback port of its own, with its control endpoints:
// what it received (GET /__requests) and a new script (POST /__script).
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace grove::fake_provider {

using nlohmann::json;

class FakeProviderProcess {
public:
  /// The binary: $GROVE_FAKE_PROVIDER, else the one this build made.
  static std::string binary();

  /// Starts it on a free port with `script` (a JSON array of responses,
  /// format in docs/providers.md) and waits, bounded, for "listening PORT".
  explicit FakeProviderProcess(const json& script);
  /// SIGTERM, then reaps it.
  ~FakeProviderProcess();
  FakeProviderProcess(const FakeProviderProcess&) = delete;
  FakeProviderProcess& operator=(const FakeProviderProcess&) = delete;

  int port() const { return port_; }
  std::string baseUrl() const { return "http://127.0.0.1:" + std::to_string(port_); }

  /// Every model request received since the start or the last setScript():
  /// [{method, path, headers, auth, body}] (body parsed as JSON).
  json requests() const;
  /// Replaces the script (the fake restarts at its first entry) and clears
  /// the request log.
  void setScript(const json& script);

private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string scriptPath_;
};

/// Writes `script` to a file at `path` (for a fake started by someone else,
/// e.g. grove-server from a provider's `command`).
void writeScriptFile(const std::string& path, const json& script);

}  // namespace grove::fake_provider
