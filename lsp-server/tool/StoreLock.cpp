#include "tool/StoreLock.h"

#include "support/Hash.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <filesystem>

namespace grove::tool {

StoreLock::~StoreLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the flock
}

bool StoreLock::tryAcquire() {
  if (fd_ >= 0) return true;
  int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    throw std::runtime_error("cannot open the store lock " + path_ + ": " + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return false;
  }
  fd_ = fd;
  return true;
}

std::string socketPathFor(const std::string& dbPath,
                          std::optional<std::string> (*env)(const char*)) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::string canonical = fs::weakly_canonical(fs::path(dbPath), ec).string();
  if (ec || canonical.empty()) canonical = dbPath;
  // One socket per store: named by a hash of its canonical path.
  const std::string hex = fnv1aHex(canonical);
  constexpr size_t kMaxSocketPath = 100;  // sun_path is 108 bytes on Linux
  if (auto runtime = env("XDG_RUNTIME_DIR"); runtime && !runtime->empty()) {
    std::string dir = *runtime + "/grove";
    std::string path = dir + "/" + hex + ".sock";
    if (path.size() < kMaxSocketPath) {
      fs::create_directories(dir, ec);
      fs::permissions(dir, fs::perms::owner_all, ec);
      return path;
    }
  }
  if (canonical.size() + 5 < kMaxSocketPath) return canonical + ".sock";
  std::string dir = "/tmp/grove-" + std::to_string(::getuid());
  fs::create_directories(dir, ec);
  fs::permissions(dir, fs::perms::owner_all, ec);
  return dir + "/" + hex + ".sock";
}

}  // namespace grove::tool
