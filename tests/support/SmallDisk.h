// SmallDisk: a size-limited tmpfs mounted at a path for the life of the
// object, so a test can fill the disk under the store. Mounting needs root;
// mounted() says whether it worked, and a test skips with a message when not.
#pragma once

#include <sys/mount.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
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

  /// Fills `bytes` of the disk with a file a test removes to give the space
  /// back; its path, or an empty path when it could not be written.
  std::filesystem::path ballast(size_t bytes) const {
    const std::filesystem::path file = path_ / "ballast";
    std::ofstream out(file, std::ios::binary);
    const std::string block(64 * 1024, 'b');
    for (size_t left = bytes; left > 0 && out.good();) {
      const size_t n = std::min(left, block.size());
      out.write(block.data(), static_cast<std::streamsize>(n));
      left -= n;
    }
    out.close();
    return out.good() ? file : std::filesystem::path();
  }

private:
  std::filesystem::path path_;
  bool mounted_ = false;
};

}  // namespace grove::test
