#include "support/PrivateFiles.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

#include "support/Log.h"

namespace grove::privacy {

namespace {

std::string octal(mode_t mode) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04o", static_cast<unsigned>(mode & 07777));
  return buf;
}

}  // namespace

bool ensurePrivate(const std::string& path, const std::string& what) {
  struct stat st{};
  if (::stat(path.c_str(), &st) != 0) return true;  // nothing there (yet)
  const mode_t open = st.st_mode & 077;
  if (open == 0) return true;
  const mode_t fixed = st.st_mode & 07700;
  const std::string was = what + " " + path + " was readable or writable by other users (mode " +
                          octal(st.st_mode) + ")";
  if (st.st_uid == ::geteuid() && ::chmod(path.c_str(), fixed) == 0) {
    log::warn(was + "; made it " + octal(fixed));
    return true;
  }
  log::warn(was + " and is owned by uid " + std::to_string(st.st_uid) +
            ", so Grove cannot fix it: run `chmod go-rwx '" + path + "'` as its owner");
  return false;
}

}  // namespace grove::privacy
