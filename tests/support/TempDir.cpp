#include "TempDir.h"

#include <cstdlib>
#include <stdexcept>
#include <system_error>

namespace grove::test {

TempDir::TempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/grove-test-XXXXXX";
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed for " + pattern);
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;  // best effort: a leftover temp dir must not fail a test
  std::filesystem::remove_all(path_, ec);
}

}  // namespace grove::test
