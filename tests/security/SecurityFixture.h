// SecurityFixture: a fresh data folder per test, open to everyone on the
// way down (0755), so only the modes grove-server gives its own files keep
// another account out; its own runtime and config dirs; and the helpers the
// issue 22 tests share.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "CoreChild.h"
#include "RawSocket.h"
#include "RpcAssertions.h"
#include "TempDir.h"

namespace grove::test {

class SecurityFixture : public ::testing::Test {
public:  // the tests' free helpers take the fixture
  SecurityFixture();

  /// grove-server on this test's store (`--db` first, then `args`).
  std::unique_ptr<CoreChild> start(const std::string& name, std::vector<std::string> args = {},
                                   CoreChild::Options options = {});
  /// A headless team core on a free loopback port (returned in `port`).
  std::unique_ptr<CoreChild> startTeamCore(int& port, std::vector<std::string> args = {},
                                           CoreChild::Options options = {});
  /// A store with one project and `units` appended units of `bytes` each;
  /// the server that made it has exited cleanly. Returns the last unit id.
  std::string makeStore(int units, size_t bytes);

  TempDir dir_;
  std::string data_;  // the store's folder, not created yet
  std::string db_;
};

}  // namespace grove::test
