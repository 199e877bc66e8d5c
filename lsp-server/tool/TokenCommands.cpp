#include "tool/TokenCommands.h"

#include <sys/stat.h>

#include <cstdio>
#include <exception>

#include "tool/StoreAccess.h"
#include "tool/StoreTokens.h"
#include "transport/TokenFile.h"

namespace grove::tool {

namespace {

// Where the tokens are, in messages: the file, or the store.
std::string where(const Flags& flags) {
  return flags.tokenFile.empty() ? "the store " + shownStore(flags.db) : flags.tokenFile;
}

}  // namespace

void importLegacyTokens(const Flags& flags) {
  if (!flags.tokenFile.empty() || flags.postgres || flags.db == ":memory:") return;
  importTokenFile(flags.db, flags.db + ".tokens");
}

int runTokenCommand(const Flags& flags) {
  using transport::TokenFile;
  ::umask(077);  // a token file and a new store folder are the owner's alone
  const bool inFile = !flags.tokenFile.empty();
  try {
    if (!inFile && !flags.postgres) createStoreFolder(flags.db);
    importLegacyTokens(flags);
    if (!flags.tokenAdd.empty()) {
      std::string token = inFile ? TokenFile::add(flags.tokenFile, flags.tokenAdd)
                                 : addStoreToken(flags.db, flags.dbSchema, flags.tokenAdd);
      // Printed once, to stdout only: it is never stored or logged.
      std::printf("%s\n", token.c_str());
      std::fprintf(stderr,
                   "grove-server: a token for %s was added to %s (only its hash is kept: copy it now; "
                   "running cores accept it at once)\n",
                   flags.tokenAdd.c_str(), where(flags).c_str());
      return 0;
    }
    if (!flags.tokenRevoke.empty()) {
      bool revoked = inFile ? TokenFile::revoke(flags.tokenFile, flags.tokenRevoke)
                            : revokeStoreToken(flags.db, flags.dbSchema, flags.tokenRevoke);
      if (!revoked) {
        std::fprintf(stderr, "grove-server: %s has no token in %s\n", flags.tokenRevoke.c_str(),
                     where(flags).c_str());
        return 1;
      }
      std::fprintf(stderr,
                   "grove-server: revoked %s's token; new connections with it are refused on every core\n",
                   flags.tokenRevoke.c_str());
      return 0;
    }
    if (inFile) {
      for (const auto& e : TokenFile::read(flags.tokenFile))
        std::printf("%s\t%s\n", e.name.c_str(), e.created.c_str());
    } else {
      for (const auto& e : listStoreTokens(flags.db, flags.dbSchema))
        std::printf("%s\t%s\n", e.name.c_str(), e.created.c_str());
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove-server: %s\n", e.what());
    return 1;
  }
}

bool hasPersonalTokens(const Flags& flags) {
  try {
    if (!flags.tokenFile.empty()) return !transport::TokenFile::read(flags.tokenFile).empty();
    if (flags.db == ":memory:") return false;
    // An older token file beside the store counts: the core moves it in at start.
    if (!flags.postgres && !transport::TokenFile::read(flags.db + ".tokens").empty()) return true;
    struct stat st {};
    if (!flags.postgres && ::stat(flags.db.c_str(), &st) != 0) return false;  // no store yet
    return !listStoreTokens(flags.db, flags.dbSchema).empty();
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace grove::tool
