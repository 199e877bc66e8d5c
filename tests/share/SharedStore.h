// SharedStore: one store that several grove-server processes open, as several
// editors on one machine would. Each test gets its own temp dir holding the
// store, the runtime dir ($XDG_RUNTIME_DIR, where the owner's socket lives)
// and a config dir (so no user provider configuration leaks in).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "RpcAssertions.h"
#include "ServerProcess.h"
#include "TempDir.h"

namespace grove::test {

using EnvChanges = std::vector<std::pair<std::string, std::string>>;

class SharedStore : public ::testing::Test {
protected:
  SharedStore();

  /// The environment every server of this test runs with; `extra` wins.
  EnvChanges env(const EnvChanges& extra = {}) const;

  /// A grove-server on the store, not yet initialized. `name` labels its log
  /// file (<dir>/<name>.stderr).
  std::unique_ptr<ServerProcess> start(const std::string& name,
                                       std::vector<std::string> extraArgs = {},
                                       const EnvChanges& extraEnv = {});
  /// start + initialize as `name`; returns the process, the initialize result
  /// in `initResult` when given.
  std::unique_ptr<ServerProcess> editor(const std::string& name, json* initResult = nullptr,
                                        const EnvChanges& extraEnv = {});

  /// What `grove-server --db <db> --print-socket` prints (trailing newline
  /// cut); `db` defaults to this test's store.
  std::string socketPath(const EnvChanges& extraEnv = {}, const std::string& db = {});
  /// True when nobody holds the store's lock (we could take it ourselves).
  bool lockIsFree() const;

  /// Shorthands on one client.
  static json createProject(RpcClient& c, const std::string& title);
  static json append(RpcClient& c, const std::string& projectId, const json& parentId,
                     const std::string& content, const json& extra = json::object());
  static json units(RpcClient& c, const std::string& projectId);

  TempDir dir_;
  std::string db_;
  std::string runtimeDir_;
};

/// capabilities.grove.core of an initialize result.
inline const json& coreInfo(const json& initResult) {
  return initResult.at("capabilities").at("grove").at("core");
}

}  // namespace grove::test
