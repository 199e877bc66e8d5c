// RunWithEnv: runs grove-server to completion with environment changes (for
// --print-socket and the flags that make it refuse to start), capturing what
// it prints. ServerProcess::run inherits the test's environment unchanged,
// and these tests must point every server at their own runtime dir.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "RpcClient.h"

namespace grove::test {

struct RunOutput {
  int exitCode = -1;  // -1 when it died on a signal
  std::string out;
  std::string err;
};

/// `env`: a value sets the variable, an empty value removes it. Kills the
/// process and throws RpcTimeout if it runs past `timeout`.
RunOutput runWithEnv(const std::string& binary, const std::vector<std::string>& args,
                     const std::vector<std::pair<std::string, std::string>>& env,
                     Millis timeout = RpcClient::kDefaultTimeout);

}  // namespace grove::test
