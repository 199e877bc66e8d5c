// Fuzzes opening a damaged store: the input picks a schema version (a store
// last written by an older Grove, so the migrations run) and a list of byte
// patches applied to that database file. Opening it and reading from it must
// either work or fail with grove::Error (a storage error the server reports);
// a crash, a hang or any other exception is a bug.
//
// Input: [version byte] then groups of 3 bytes: a 16-bit position (scaled to
// the file's size) and the byte to write there.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "store/Migrations.h"
#include "store/Sqlite.h"
#include "store/SqliteStore.h"
#include "support/Error.h"

namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeFile(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

struct Stores {
  fs::path dir;
  std::vector<std::string> images;  // one database file per schema version

  Stores() {
    char tmpl[] = "/tmp/grove-fuzz-store-XXXXXX";
    if (!::mkdtemp(tmpl)) std::abort();
    dir = tmpl;
    for (int v = 0; v <= grove::latestSchemaVersion(); ++v) {
      fs::path p = dir / ("v" + std::to_string(v) + ".db");
      {
        grove::sqlite::Db db(p.string());
        // A rollback journal, so the whole store is in the one file we damage.
        db.exec("PRAGMA journal_mode=DELETE");
        grove::migrateTo(db, v);
      }
      images.push_back(readFile(p));
      fs::remove(p);
    }
  }
  ~Stores() { fs::remove_all(dir); }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Stores stores;
  if (size == 0) return 0;
  std::string image = stores.images[data[0] % stores.images.size()];
  for (size_t i = 1; i + 2 < size && !image.empty(); i += 3) {
    size_t pos = ((static_cast<size_t>(data[i]) << 8) | data[i + 1]) * image.size() / 65536;
    image[pos] = static_cast<char>(data[i + 2]);
  }
  fs::path p = stores.dir / "damaged.db";
  writeFile(p, image);
  try {
    grove::SqliteStore store(grove::SqliteStore::Options{p.string()});
    (void)store.schemaVersion();
    for (const auto& project : store.projects(std::nullopt, true)) (void)store.liveUnits(project.id, 0, SIZE_MAX);
    (void)store.search("grove", std::nullopt, 5);
    store.begin();
    grove::Project project;
    project.id = "p-fuzz";
    project.title = "fuzz";
    store.putProject(project);
    store.commit();
  } catch (const grove::Error&) {
    // Refused or failed with a storage error: what a damaged file should get.
  }
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(p.string() + suffix);
  return 0;
}
