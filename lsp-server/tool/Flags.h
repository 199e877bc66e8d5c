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
  std::string db;        // resolved store path, or a postgresql:// address
  bool postgres = false;  // db names a PostgreSQL database
  std::string dbSchema;   // --db-schema / GROVE_DB_SCHEMA: PostgreSQL only
  std::string logFile;   // empty: stderr
  bool fullSync = false; // --sync full: survive power loss, fsync per commit
  size_t maxMessageBytes = 64u << 20;
  std::string listen;        // --listen HOST:PORT (TCP, besides stdio and the socket)
  std::string token;         // GROVE_TOKEN: what TCP clients must present
  // Issue 19: TLS and personal tokens on --listen.
  std::string tlsCert, tlsKey, tlsClientCa;  // --tls-cert, --tls-key, --tls-client-ca
  std::string tokenFile;     // --token-file FILE (default: none, tokens live in the store)
  std::string tokenAdd;      // --token-add NAME: print a new token, store its hash, exit
  std::string tokenRevoke;   // --token-revoke NAME: remove that person's token, exit
  bool tokenList = false;    // --token-list: names and creation times, exit
  bool printSocket = false;
  bool noStdio = false;      // --no-stdio: a headless core (team server) until SIGTERM
  bool acp = false;          // --acp: an Agent Client Protocol agent on stdio
  bool mcp = false;          // --mcp: a Model Context Protocol server on stdio
  std::string backup;        // --backup PATH: copy the store there and exit
  std::string restore;       // --restore PATH: replace the store with that backup and exit
  std::string migrateFrom, migrateTo;  // --migrate-store FROM TO
  // History import and export (tool/Interchange.cpp, DESIGN §10).
  std::string importKind, importPath;  // --import KIND PATH
  std::string exportProject;           // --export PROJECT_ID
  std::string exportFormat;            // --format markdown|json
  std::string exportBranch;            // --branch HEAD_ID
  bool readOnlyStore = false;  // found at start: this account cannot write the store
  // TCP limits (SECURITY.md). 0 connections: chosen from the open-file limit.
  size_t maxConnections = 0;
  size_t maxConnectionsPerAddress = 64;
  long long headerTimeoutMs = 5000;
  long long authTimeoutMs = 10000;
  size_t maxUnsentBytes = 64u << 20;  // replies a client may leave unread
  long long openFileLimit = -1;       // found at start (-1: unlimited)
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

/// True for a --listen host that only this machine can reach.
bool isLoopbackHost(const std::string& host);

/// A store as messages and logs show it: a file's path, or a database's
/// address without its password.
std::string shownStore(const std::string& db);

/// What a PostgreSQL --db cannot be combined with (empty: nothing), or
/// --db-schema without one. `sawSync`: --sync was given.
std::string postgresRefusal(const Flags& flags, bool sawSync);
/// Why --listen may not start as configured ("" when it may): a
/// non-loopback address needs TLS and a token (`hasPersonalTokens`: the
/// store or the token file holds at least one). The message names the flags that fix it.
std::string listenRefusal(const Flags& flags, bool hasPersonalTokens);

/// --max-connections when not given: 1024, or fewer when the open-file
/// limit leaves less room (128 descriptors, or a quarter of a small limit,
/// are kept for the store, the sockets, the log and providers).
size_t defaultMaxConnections(long long openFileLimit);

}  // namespace grove::tool
