#include "tool/Flags.h"

#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include "store/Postgres.h"
#include "store/PostgresStore.h"

namespace grove::tool {

const char* usage() {
  return R"(grove-server: the Grove core. Speaks JSON-RPC 2.0 with LSP framing on stdio.

usage: grove-server [options]

  --db PATH|URL              the SQLite store (default: $GROVE_DB, else
                            $XDG_DATA_HOME/grove/grove.db, else
                            ~/.local/share/grove/grove.db), or a PostgreSQL
                            database as postgresql://USER@HOST/DB (keep the
                            password in ~/.pgpass or PGPASSWORD, not here)
  --db-schema NAME          PostgreSQL only: keep Grove's tables in this schema
                            (default: $GROVE_DB_SCHEMA, else the database's)
  --log-file PATH           append logs here instead of stderr
  --sync normal|full        normal (default): every acknowledged change survives
                            a killed process; full: also survives power loss
  --max-message-bytes N     refuse frames above N bytes (default 67108864)
  --listen HOST:PORT        also serve TCP for teammates (loopback needs no TLS
                            and, until a token exists, no token; any other
                            address needs --tls-cert/--tls-key and a token:
                            clients send it as initializationOptions.token)
  --tls-cert FILE           TLS on --listen: the server's PEM certificate chain
  --tls-key FILE            ...and its PEM private key
  --tls-client-ca FILE      mutual TLS: clients must present a certificate
                            signed by this PEM CA
  --token-add NAME          print a new token for NAME once (only its sha256 is
                            stored, in the store, shared by every core on it)
                            and exit
  --token-list              print the tokens' names and creation times
  --token-revoke NAME       remove NAME's token and exit (open connections
                            stay; new ones with it are refused on every core)
  --token-file FILE         keep personal tokens in FILE instead of the store;
                            re-read when it changes, so deleting a line
                            revokes that token without a restart
  --max-connections N       TCP connections open at once (default 1024, fewer
                            when the open-file limit is lower)
  --max-connections-per-address N
                            TCP connections open at once from one address (64)
  --header-timeout MS       a TCP client must finish a frame's header within
                            MS of its first byte (5000)
  --auth-timeout MS         a TCP client must initialize (with the token) within
                            MS of connecting (10000)
  --max-unsent-bytes N      replies a client may leave unread before its
                            connection is closed (default 67108864; one reply
                            larger than that is still sent to a client that
                            has read the rest); reading its requests pauses
                            at a sixteenth of it
  --print-socket            print the Unix socket the store's owner listens on
  --no-stdio                run headless (a team core): serve the socket and
                            --listen until SIGTERM or SIGINT
  --acp                     speak the Agent Client Protocol (v1: one JSON-RPC
                            message per line) on stdio instead: an agent for
                            Zed and other ACP editors, on the same store and
                            core as every other client (README, "Use Grove
                            from Zed")
  --mcp                     speak the Model Context Protocol on stdio instead
                            (newline-delimited JSON-RPC): tools to search
                            memolets, capture snippets, preview context and
                            append notes, for Claude Code, Codex or Copilot
  --backup PATH             copy the store to PATH (a private file, checked)
                            and exit; safe while editors are using the store
  --restore PATH            replace the store with the backup at PATH and exit;
                            refused while any grove-server uses the store
  --migrate-store FROM TO   copy the store FROM (a SQLite file or a postgresql://
                            address) into the empty store TO (either kind) and
                            exit; every table is read back and compared by count
                            and checksum before the copy commits (--db-schema
                            names the PostgreSQL side's schema)
  --import KIND PATH        bring another tool's chat history in and exit:
                            KIND is claude-code, codex, pi, continue, copilot,
                            aider, chatgpt or grove; PATH a file or a folder.
                            Prints one line per project and a total; exits 2
                            when a file was refused. Importing again adds only
                            what is new. Runs in the store's owner when one is
                            running.
  --export PROJECT_ID       print a project to stdout and exit, with
  --format markdown|json    Markdown for people, or a JSON bundle that
                            --import grove reads back without loss
  --branch HEAD_ID          (with --export) only that branch's path
  --version                 print the version and protocol version
  --help                    this text

One grove-server owns a store; a second one started on the same store joins
it through that socket, so every editor shares one live core.

Protocol: lsp-server/PROTOCOL.md.
)";
}

size_t defaultMaxConnections(long long openFileLimit) {
  constexpr long long kMost = 1024, kReserved = 128;
  if (openFileLimit < 0) return kMost;
  // The store, sockets, logs and providers need a few dozen descriptors.
  long long reserved = std::min(kReserved, openFileLimit / 4);
  return static_cast<size_t>(std::clamp(openFileLimit - reserved, 1ll, kMost));
}

std::string defaultDbPath(std::optional<std::string> (*env)(const char*)) {
  if (auto db = env("GROVE_DB"); db && !db->empty()) return *db;
  if (auto xdg = env("XDG_DATA_HOME"); xdg && !xdg->empty()) return *xdg + "/grove/grove.db";
  if (auto home = env("HOME"); home && !home->empty())
    return *home + "/.local/share/grove/grove.db";
  return "grove.db";
}

Flags parseFlags(const std::vector<std::string>& args,
                 std::optional<std::string> (*env)(const char*)) {
  Flags f;
  bool sawSync = false;
  auto value = [&](size_t& i, const std::string& name) -> std::optional<std::string> {
    const std::string& a = args[i];
    if (a.size() > name.size() && a.compare(0, name.size() + 1, name + "=") == 0)
      return a.substr(name.size() + 1);
    if (i + 1 < args.size()) return args[++i];
    f.error = name + " needs a value";
    return std::nullopt;
  };
  auto is = [](const std::string& a, const char* name) {
    std::string n(name);
    return a == n || a.rfind(n + "=", 0) == 0;
  };
  // A whole number in [least, most], else an error naming the flag.
  auto number = [&](size_t& i, const char* name, long long least, long long most,
                    auto& out) {
    auto v = value(i, name);
    if (!v) return;
    try {
      size_t used = 0;
      long long n = std::stoll(*v, &used);
      if (used != v->size() || n < least || n > most) throw std::out_of_range(name);
      out = static_cast<std::remove_reference_t<decltype(out)>>(n);
    } catch (...) {
      f.error = std::string(name) + " must be a whole number from " + std::to_string(least) +
                " to " + std::to_string(most);
    }
  };
  for (size_t i = 0; i < args.size() && f.error.empty(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      f.help = true;
    } else if (a == "--version") {
      f.version = true;
    } else if (a == "--stdio") {
      // The default transport; accepted because editors often pass it.
    } else if (a == "--mcp") {
      f.mcp = true;
    } else if (a == "--no-stdio") {
      f.noStdio = true;
    } else if (a == "--acp") {
      f.acp = true;
    } else if (a == "--print-socket") {
      f.printSocket = true;
    } else if (is(a, "--listen")) {
      if (auto v = value(i, "--listen")) {
        auto colon = v->rfind(':');
        if (colon == std::string::npos || colon == 0 || colon + 1 == v->size())
          f.error = "--listen needs HOST:PORT";
        else
          f.listen = *v;
      }
    } else if (is(a, "--tls-cert")) {
      if (auto v = value(i, "--tls-cert")) f.tlsCert = *v;
    } else if (is(a, "--tls-key")) {
      if (auto v = value(i, "--tls-key")) f.tlsKey = *v;
    } else if (is(a, "--tls-client-ca")) {
      if (auto v = value(i, "--tls-client-ca")) f.tlsClientCa = *v;
    } else if (is(a, "--token-file")) {
      if (auto v = value(i, "--token-file")) f.tokenFile = *v;
    } else if (is(a, "--token-add") || is(a, "--add-token")) {
      // --add-token: the spelling issue 19's brief used; DESIGN §12 fixes --token-add.
      if (auto v = value(i, a.rfind("--add-token", 0) == 0 ? "--add-token" : "--token-add")) f.tokenAdd = *v;
    } else if (is(a, "--token-revoke")) {
      if (auto v = value(i, "--token-revoke")) f.tokenRevoke = *v;
    } else if (a == "--token-list") {
      f.tokenList = true;
    } else if (is(a, "--backup")) {
      if (auto v = value(i, "--backup")) f.backup = *v;
    } else if (is(a, "--migrate-store")) {
      if (i + 2 < args.size()) {
        f.migrateFrom = args[++i];
        f.migrateTo = args[++i];
      } else {
        f.error = "--migrate-store needs FROM and TO (a SQLite file or a postgresql:// address each)";
      }
    } else if (is(a, "--restore")) {
      if (auto v = value(i, "--restore")) f.restore = *v;
    } else if (is(a, "--import")) {
      if (auto kind = value(i, "--import")) {
        f.importKind = *kind;
        if (i + 1 < args.size()) f.importPath = args[++i];
        else f.error = "--import needs KIND and PATH";
      }
    } else if (is(a, "--export")) {
      if (auto v = value(i, "--export")) f.exportProject = *v;
    } else if (is(a, "--format")) {
      if (auto v = value(i, "--format")) f.exportFormat = *v;
    } else if (is(a, "--branch")) {
      if (auto v = value(i, "--branch")) f.exportBranch = *v;
    } else if (is(a, "--db")) {
      if (auto v = value(i, "--db")) f.db = *v;
    } else if (is(a, "--db-schema")) {
      if (auto v = value(i, "--db-schema")) f.dbSchema = *v;
    } else if (is(a, "--log-file")) {
      if (auto v = value(i, "--log-file")) f.logFile = *v;
    } else if (is(a, "--sync")) {
      if (auto v = value(i, "--sync")) {
        sawSync = true;
        if (*v == "full")
          f.fullSync = true;
        else if (*v != "normal")
          f.error = "--sync must be normal or full";
      }
    } else if (is(a, "--max-message-bytes")) {
      number(i, "--max-message-bytes", 64, 1ll << 40, f.maxMessageBytes);
    } else if (is(a, "--max-connections-per-address")) {
      number(i, "--max-connections-per-address", 1, 1 << 20, f.maxConnectionsPerAddress);
    } else if (is(a, "--max-connections")) {
      number(i, "--max-connections", 1, 1 << 24, f.maxConnections);
    } else if (is(a, "--header-timeout")) {
      number(i, "--header-timeout", 100, 3'600'000, f.headerTimeoutMs);
    } else if (is(a, "--auth-timeout")) {
      number(i, "--auth-timeout", 100, 3'600'000, f.authTimeoutMs);
    } else if (is(a, "--max-unsent-bytes")) {
      number(i, "--max-unsent-bytes", 65536, 1ll << 40, f.maxUnsentBytes);
    } else {
      f.error = "unknown option '" + a + "' (see --help)";
    }
  }
  if (f.error.empty() && !f.backup.empty() && !f.restore.empty())
    f.error = "--backup and --restore cannot be combined";
  if (f.error.empty() && !f.exportProject.empty() && f.exportFormat != "markdown" && f.exportFormat != "json")
    f.error = "--export needs --format markdown or --format json";
  if (f.error.empty() && f.exportProject.empty() && (!f.exportFormat.empty() || !f.exportBranch.empty()))
    f.error = "--format and --branch go with --export";
  if (f.error.empty() && !f.importKind.empty() && !f.exportProject.empty())
    f.error = "--import and --export cannot be combined";
  if (f.error.empty() && f.acp && f.noStdio)
    f.error = "--acp speaks on stdio; it cannot be combined with --no-stdio";
  if (f.error.empty() && f.acp && f.mcp)
    f.error = "--acp and --mcp each take stdio; start one grove-server for each";
  if (f.error.empty() && f.mcp && (f.noStdio || !f.listen.empty()))
    f.error = "--mcp serves one MCP client on stdio; it cannot be combined with --no-stdio or --listen";
  if (f.db.empty()) f.db = defaultDbPath(env);
  if (f.error.empty() && (!f.backup.empty() || !f.restore.empty()) && f.db == ":memory:")
    f.error = "an in-memory store has nothing to back up or restore";
  if (auto token = env("GROVE_TOKEN")) f.token = *token;
  f.postgres = isPostgresAddress(f.db);
  if (f.dbSchema.empty())
    if (auto schema = env("GROVE_DB_SCHEMA")) f.dbSchema = *schema;
  if (f.error.empty()) f.error = postgresRefusal(f, sawSync);
  if (f.error.empty() && (f.tlsCert.empty() != f.tlsKey.empty()))
    f.error = "TLS needs both --tls-cert FILE and --tls-key FILE";
  if (f.error.empty() && !f.tlsClientCa.empty() && f.tlsCert.empty())
    f.error = "--tls-client-ca needs --tls-cert and --tls-key";
  if (f.error.empty() && !f.tlsCert.empty() && f.listen.empty())
    f.error = "--tls-cert and --tls-key go with --listen HOST:PORT";
  if (f.error.empty() && (!f.tokenAdd.empty() || !f.tokenRevoke.empty() || f.tokenList) && f.tokenFile.empty() &&
      f.db == ":memory:")
    f.error = "an in-memory store keeps no tokens: name a store with --db, or give --token-file FILE";
  return f;
}

std::string shownStore(const std::string& db) {
  return isPostgresAddress(db) ? pg::redactedAddress(db) : db;
}

std::string postgresRefusal(const Flags& f, bool sawSync) {
  if (!f.migrateFrom.empty()) {
    if (f.migrateFrom == f.migrateTo) return "--migrate-store needs two different stores";
    if (!f.dbSchema.empty() && !isPostgresAddress(f.migrateFrom) && !isPostgresAddress(f.migrateTo))
      return "--db-schema goes with a PostgreSQL store (postgresql://...)";
    return "";
  }
  if (!f.postgres) return f.dbSchema.empty() ? "" : "--db-schema goes with a PostgreSQL --db (postgresql://...)";
  if (!f.backup.empty() || !f.restore.empty())
    return "a PostgreSQL store is backed up with pg_dump and restored with pg_restore "
           "(docs/deployment.md); --backup and --restore copy SQLite stores";
  if (sawSync)
    return "--sync is SQLite's; a PostgreSQL store commits as the server's synchronous_commit says";
  // --acp, --mcp, --import and --export run a core of their own, one more
  // on the database; there is no socket to print.
  if (f.printSocket) return "a PostgreSQL store has no local socket: editors reach its cores over --listen";
  return "";
}

bool isLoopbackHost(const std::string& host) {
  return host == "localhost" || host == "::1" || host == "[::1]" || host.rfind("127.", 0) == 0;
}

std::string listenRefusal(const Flags& f, bool hasPersonalTokens) {
  if (f.listen.empty()) return "";
  std::string host = f.listen.substr(0, f.listen.rfind(':'));
  if (isLoopbackHost(host)) return "";
  std::string missing;
  if (f.tlsCert.empty())
    missing = "TLS (--tls-cert FILE --tls-key FILE, and --tls-client-ca FILE for client certificates)";
  if (f.token.empty() && !hasPersonalTokens)
    missing += std::string(missing.empty() ? "" : " and ") +
               "a token (grove-server --token-add NAME for each person, or GROVE_TOKEN set to a shared one; "
               "clients send it as initializationOptions.token)";
  if (missing.empty()) return "";
  return "--listen on the non-loopback address " + host + " needs " + missing +
         "; or listen on 127.0.0.1 and reach it through an SSH tunnel";
}

}  // namespace grove::tool
