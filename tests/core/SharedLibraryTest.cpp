// SharedLibrary: a library loaded on first use, and the error that names the
// package to install when it is not there.
#include "support/SharedLibrary.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "TempDir.h"

namespace grove {
namespace {

TEST(SharedLibrary, AFunctionIsResolvedFromTheLibraryOnFirstUse) {
  SharedLibrary libm("libm.so.6", "libc6", "a test", ErrorKind::Storage);
  auto cosine = libm.function<double (*)(double)>("cos");
  EXPECT_DOUBLE_EQ(cosine(0.0), 1.0);
  EXPECT_EQ(libm.symbol("cos"), reinterpret_cast<void*>(cosine));
}

TEST(SharedLibrary, AMissingLibraryNamesThePackageToInstallEveryTimeItIsAskedFor) {
  SharedLibrary missing("libgrove-not-installed.so.7", "grove-not-installed", "a PostgreSQL store",
                        ErrorKind::Storage);
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      missing.symbol("anything");
      FAIL() << "a library that is not installed loaded";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Storage);
      EXPECT_EQ(e.reason(), "libraryMissing");
      const std::string what = e.what();
      EXPECT_NE(what.find("a PostgreSQL store needs libgrove-not-installed.so.7"), std::string::npos) << what;
      EXPECT_NE(what.find("apt install grove-not-installed"), std::string::npos) << what;
    }
  }
}

TEST(SharedLibrary, ALibraryInstalledAfterAFailedLoadIsFoundOnTheNextCall) {
  namespace fs = std::filesystem;
  test::TempDir dir;  // removed also when the test skips
  const std::string path = dir.file("libinstalled-later.so");
  SharedLibrary later(path.c_str(), "installed-later", "a test", ErrorKind::Storage);
  EXPECT_THROW(later.symbol("cos"), Error);
  // The library arrives (a copy of libm) while the process runs.
  std::string libm;
  for (const char* candidate : {"/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6",
                                "/lib64/libm.so.6", "/usr/lib64/libm.so.6", "/lib/libm.so.6"})
    if (fs::exists(candidate)) libm = candidate;
  if (libm.empty()) GTEST_SKIP() << "no libm.so.6 at a known path";
  fs::copy_file(libm, path);
  auto cosine = later.function<double (*)(double)>("cos");
  EXPECT_DOUBLE_EQ(cosine(0.0), 1.0);
}

TEST(SharedLibrary, AFunctionTheLibraryLacksIsAnErrorOfTheGivenKind) {
  SharedLibrary libm("libm.so.6", "libc6", "a model provider", ErrorKind::Provider);
  try {
    libm.symbol("grove_no_such_function");
    FAIL() << "a missing function resolved";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Provider);
    EXPECT_NE(std::string(e.what()).find("has no grove_no_such_function"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace grove
