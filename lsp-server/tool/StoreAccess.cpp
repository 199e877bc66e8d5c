#include "tool/StoreAccess.h"

#include <unistd.h>

#include <filesystem>

#include "llm/ConfigLoader.h"
#include "store/IntegrityCheck.h"
#include "support/Log.h"
#include "support/PrivateFiles.h"

namespace grove::tool {

namespace fs = std::filesystem;

namespace {

std::string folderOf(const std::string& db) {
  auto dir = fs::path(db).parent_path();
  return dir.empty() ? std::string(".") : dir.string();
}

void report(const IntegrityReport& r) {
  if (r.outcome == IntegrityReport::Outcome::Ok) return;
  if (r.outcome == IntegrityReport::Outcome::Unfinished)
    log::warn(r.message);
  else
    log::error(r.message);
}

}  // namespace

bool storeWritable(const std::string& db, std::string& why) {
  std::error_code ec;
  if (fs::exists(db, ec) && ::access(db.c_str(), W_OK) != 0) {
    why = "the file " + db + " is not writable by this account";
    return false;
  }
  const std::string dir = folderOf(db);
  if (fs::exists(dir, ec) && ::access(dir.c_str(), W_OK | X_OK) != 0) {
    why = "its folder " + dir + " is not writable by this account";
    return false;
  }
  return true;
}

void createStoreFolder(const std::string& db) {
  auto dir = fs::path(db).parent_path();
  if (dir.empty() || fs::exists(dir)) return;
  fs::create_directories(dir);
  // The umask already made it 0700; say so explicitly whatever the umask.
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace);
}

void checkPrivacy(const std::string& db) {
  privacy::ensurePrivate(db, "the store");
  privacy::ensurePrivate(db + "-wal", "the store's write-ahead log");
  privacy::ensurePrivate(db + "-shm", "the store's shared-memory index");
  privacy::ensurePrivate(db + ".lock", "the store's lock");
  privacy::ensurePrivate(db + ".redo", "the store's redo log");
  if (std::string config = llm::configFilePath(llm::processEnv()); !config.empty())
    privacy::ensurePrivate(config, "the provider configuration");
}

IntegrityWatch::IntegrityWatch(const std::string& db) {
  std::error_code ec;
  auto size = fs::file_size(db, ec);
  if (ec) return;  // a new store: nothing to check yet
  using std::chrono::milliseconds;
  if (static_cast<long long>(size) <= kForegroundBytes) {
    report(quickCheck(db, milliseconds(10'000)));
    return;
  }
  const bool large = static_cast<long long>(size) > kDelayAboveBytes;
  const auto delay = large ? kBackgroundDelay : std::chrono::seconds(0);
  if (large)
    log::info("checking the integrity of the store " + db + " (" + std::to_string(size >> 20) +
              " MiB) in the background, in " + std::to_string(kBackgroundDelay.count()) + " s");
  thread_ = std::thread([this, db, delay] {
    {
      std::unique_lock<std::mutex> lock(mu_);
      if (stopped_.wait_for(lock, delay, [this] { return stop_.load(); })) return;
    }
    auto r = quickCheck(db, milliseconds(10 * 60'000), &stop_);
    if (!stop_) report(r);
    if (r.outcome == IntegrityReport::Outcome::Ok) log::info("the store " + db + " passed its integrity check");
  });
}

IntegrityWatch::~IntegrityWatch() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  stopped_.notify_all();
  if (thread_.joinable()) thread_.join();
}

}  // namespace grove::tool
