// ServerProcess: the real grove-server binary as a child process (spawned
// with Boost.Process), its stdio wired to an RpcClient.
//
// The binary is $GROVE_SERVER when set, else the one this build made
// (GROVE_SERVER_PATH, baked in by CMake).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "RpcClient.h"

namespace grove::test {

class ServerProcess {
public:
  struct Options {
    std::string dbPath;                  // passed as --db unless empty
    std::vector<std::string> extraArgs;  // after --db
    std::string stderrPath;              // default: <dbPath>.stderr
    /// Environment changes for the child: a value sets the variable, an
    /// empty value removes it. The rest is inherited.
    std::vector<std::pair<std::string, std::string>> env;
  };

  explicit ServerProcess(Options options);
  /// The common case: a store path and maybe extra flags.
  explicit ServerProcess(const std::string& dbPath, std::vector<std::string> extraArgs = {})
      : ServerProcess(withDb(dbPath, std::move(extraArgs))) {}
  /// Kills the process if it is still running.
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  RpcClient& client() { return *client_; }
  int pid() const;
  /// SIGKILL, then reaps the process.
  void kill();
  /// Waits up to `timeout` for the process to exit by itself; its exit code.
  std::optional<int> waitExit(Millis timeout = RpcClient::kDefaultTimeout);
  /// What the server wrote to stderr so far (its log).
  std::string stderrText() const;

  static std::string binary();

  struct RunResult {
    int exitCode = -1;
    std::string out;
    std::string err;
  };
  /// Runs grove-server with `args` and no stdin to completion (for --version,
  /// --help, bad flags). Kills it and throws RpcTimeout if it overruns.
  static RunResult run(const std::vector<std::string>& args,
                       Millis timeout = RpcClient::kDefaultTimeout);

private:
  static Options withDb(const std::string& dbPath, std::vector<std::string> extraArgs) {
    Options o;
    o.dbPath = dbPath;
    o.extraArgs = std::move(extraArgs);
    return o;
  }

  struct Child;
  Options options_;
  std::unique_ptr<Child> child_;
  std::unique_ptr<RpcClient> client_;
};

}  // namespace grove::test
