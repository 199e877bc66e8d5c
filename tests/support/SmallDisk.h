// SmallDisk: a size-limited tmpfs mounted at a path for the life of the
// object, so a test can fill the disk under the store. Mounting needs root;
// mounted() says whether it worked, and a test skips with a message when not.
#pragma once

#include <sys/mount.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace grove::test {

class SmallDisk {
public:
  SmallDisk(const std::filesystem::path& at, const std::string& size) : path_(at) {
    std::filesystem::create_directories(path_);
    const std::string options = "size=" + size + ",mode=0700";
    mounted_ = ::geteuid() == 0 && ::mount("grove-test", path_.c_str(), "tmpfs", 0, options.c_str()) == 0;
  }
  ~SmallDisk() {
    if (mounted_) ::umount2(path_.c_str(), MNT_DETACH);
  }
  SmallDisk(const SmallDisk&) = delete;
  SmallDisk& operator=(const SmallDisk&) = delete;

  bool mounted() const { return mounted_; }

private:
  std::filesystem::path path_;
  bool mounted_ = false;
};

}  // namespace grove::test
