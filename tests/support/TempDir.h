// TempDir: a fresh directory under $TMPDIR (or /tmp), removed with
// everything in it when the object goes away.
#pragma once

#include <filesystem>
#include <string>

namespace grove::test {

class TempDir {
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  /// A path inside the directory (not created).
  std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
  std::filesystem::path path_;
};

}  // namespace grove::test
