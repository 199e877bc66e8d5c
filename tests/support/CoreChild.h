// CoreChild: grove-server as a child process started the way a hostile or
// unusual environment would start it: under a given umask, as another
// account, with a lowered open-file limit. Its stdio is an RpcClient; its
// stderr (the log) goes to a file.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "RpcClient.h"

namespace grove::test {

class CoreChild {
public:
  struct Options {
    std::string binary;  // default: ServerProcess::binary()
    std::vector<std::string> args;
    /// Set (or, with an empty value, removed) in the child's environment.
    std::vector<std::pair<std::string, std::string>> env;
    std::string stderrPath;
    std::optional<mode_t> umask;
    std::optional<uid_t> uid;              // setuid (and its group) before exec
    std::optional<long> openFileLimit;     // RLIMIT_NOFILE, soft and hard
  };

  explicit CoreChild(Options options);
  /// Kills the child if it still runs.
  ~CoreChild();
  CoreChild(const CoreChild&) = delete;
  CoreChild& operator=(const CoreChild&) = delete;

  RpcClient& client() { return *client_; }
  pid_t pid() const { return pid_; }
  std::string stderrText() const;
  /// Waits for `needle` to appear in the log; false at the deadline.
  bool waitForLog(const std::string& needle, Millis timeout = RpcClient::kDefaultTimeout) const;
  /// The exit code once the child exits by itself (-1: killed by a signal);
  /// nullopt at the deadline.
  std::optional<int> waitExit(Millis timeout = RpcClient::kDefaultTimeout);
  /// Resident memory now, in KiB (VmRSS), and its peak (VmHWM).
  long rssKiB() const;
  long peakRssKiB() const;
  long threads() const;

private:
  long status(const char* field) const;

  Options options_;
  pid_t pid_ = -1;
  bool reaped_ = false;
  std::unique_ptr<RpcClient> client_;
};

/// The uid of `nobody`, when the test runs as root (else nullopt).
std::optional<uid_t> throwawayAccount();

}  // namespace grove::test
