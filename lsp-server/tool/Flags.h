// Flags: grove-server's command line and the environment it reads.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace grove::tool {

struct Flags {
  bool help = false;
  bool version = false;
  std::string db;        // resolved store path
  std::string logFile;   // empty: stderr
  bool fullSync = false; // --sync full: survive power loss, fsync per commit
  size_t maxMessageBytes = 64u << 20;
  std::string listen;        // --listen HOST:PORT (TCP, besides stdio and the socket)
  std::string token;         // GROVE_TOKEN: what TCP clients must present
  bool printSocket = false;
  bool noStdio = false;      // --no-stdio: a headless core (team server) until SIGTERM
  std::string backup;        // --backup PATH: copy the store there and exit
  std::string restore;       // --restore PATH: replace the store with that backup and exit
  std::string version_string = "0.0.0";
  std::string error;     // set when the command line is wrong
};

/// Parses argv; `env` looks a variable up (getenv in production).
Flags parseFlags(const std::vector<std::string>& args,
                 std::optional<std::string> (*env)(const char*));

/// The default store path: $GROVE_DB, else $XDG_DATA_HOME/grove/grove.db,
/// else ~/.local/share/grove/grove.db.
std::string defaultDbPath(std::optional<std::string> (*env)(const char*));

const char* usage();

}  // namespace grove::tool
