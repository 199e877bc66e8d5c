#include "tool/TokenCommands.h"

#include <sys/stat.h>

#include <cstdio>
#include <exception>

#include "tool/StoreAccess.h"
#include "transport/TokenFile.h"

namespace grove::tool {

int runTokenCommand(const Flags& flags) {
  using transport::TokenFile;
  ::umask(077);  // the token file and a new store folder are the owner's alone
  try {
    if (!flags.tokenAdd.empty()) {
      // The token file sits beside the store by default: its folder may be new.
      if (flags.tokenFile == flags.db + ".tokens") createStoreFolder(flags.db);
      std::string token = TokenFile::add(flags.tokenFile, flags.tokenAdd);
      // Printed once, to stdout only: it is never stored or logged.
      std::printf("%s\n", token.c_str());
      std::fprintf(stderr,
                   "grove-server: a token for %s was added to %s (only its hash is kept: copy it now; "
                   "a running core accepts it at once)\n",
                   flags.tokenAdd.c_str(), flags.tokenFile.c_str());
      return 0;
    }
    if (!flags.tokenRevoke.empty()) {
      if (!TokenFile::revoke(flags.tokenFile, flags.tokenRevoke)) {
        std::fprintf(stderr, "grove-server: %s has no token in %s\n", flags.tokenRevoke.c_str(),
                     flags.tokenFile.c_str());
        return 1;
      }
      std::fprintf(stderr, "grove-server: revoked %s's token; new connections with it are refused\n",
                   flags.tokenRevoke.c_str());
      return 0;
    }
    for (const auto& e : TokenFile::read(flags.tokenFile))
      std::printf("%s\t%s\n", e.name.c_str(), e.created.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove-server: %s\n", e.what());
    return 1;
  }
}

bool hasPersonalTokens(const Flags& flags) {
  if (flags.tokenFile.empty()) return false;
  try {
    return !transport::TokenFile::read(flags.tokenFile).empty();
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace grove::tool
