// grove-server: the first one started on a store owns it and serves; any
// later one on the same store joins it as a relay (tool/Relay.cpp).
#include <pthread.h>
#include <sys/stat.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "frontends/acp/RunAcp.h"
#include "frontends/mcp/RunMcp.h"
#include "frontends/cli/RunInterchange.h"
#include "server/Server.h"
#include "support/FreedMemory.h"
#include "support/Log.h"
#include "support/PrivateFiles.h"
#include "tool/Backup.h"
#include "tool/MigrateStore.h"
#include "tool/CoreOwner.h"
#include "tool/Flags.h"
#include "tool/TokenCommands.h"
#include "tool/OpenFileLimit.h"
#include "tool/Relay.h"
#include "tool/StoreAccess.h"
#include "tool/StoreLock.h"

#ifndef GROVE_VERSION
#define GROVE_VERSION "0.0.0"
#endif

namespace {

std::optional<std::string> getEnv(const char* name) {
  const char* v = std::getenv(name);
  if (!v) return std::nullopt;
  return std::string(v);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace grove;
  std::vector<std::string> args(argv + 1, argv + argc);
  tool::Flags flags = tool::parseFlags(args, getEnv);
  flags.version_string = GROVE_VERSION;
  if (!flags.error.empty()) {
    std::fprintf(stderr, "grove-server: %s\n", flags.error.c_str());
    return 2;
  }
  if (flags.help) {
    std::fputs(tool::usage(), stdout);
    return 0;
  }
  if (flags.version) {
    std::printf("grove-server %s (protocol %d)\n", GROVE_VERSION, server::kProtocolVersion);
    return 0;
  }
  if (!flags.tokenAdd.empty() || !flags.tokenRevoke.empty() || flags.tokenList)
    return tool::runTokenCommand(flags);
  if (std::string refusal = tool::listenRefusal(flags, !flags.listen.empty() && tool::hasPersonalTokens(flags));
      !refusal.empty()) {
    std::fprintf(stderr, "grove-server: %s\n", refusal.c_str());
    return 2;
  }
  if (!flags.backup.empty()) return tool::runBackup(flags.db, flags.backup);
  if (!flags.restore.empty()) return tool::runRestore(flags.db, flags.restore);
  // A PostgreSQL store has no file to put a socket and a lock beside: its
  // core serves stdio and --listen, and the database keeps it alone.
  bool shared = flags.db != ":memory:" && !flags.postgres;
  if (flags.printSocket) {
    std::printf("%s\n", tool::socketPathFor(flags.db, getEnv).c_str());
    return 0;
  }
  // Everything this process creates (store, WAL, SHM, lock, logs, folders)
  // is its owner's alone, whatever umask it was started with.
  ::umask(privacy::kPrivateUmask);
  if (!flags.migrateFrom.empty()) return tool::runMigrateStore(flags);
  flags.openFileLimit = tool::raiseOpenFileLimit();
  if (flags.maxConnections == 0) flags.maxConnections = tool::defaultMaxConnections(flags.openFileLimit);
  // A client that goes away must not kill us mid-commit: writes fail instead.
  std::signal(SIGPIPE, SIG_IGN);
  keepFreedMemory();
  if (!flags.logFile.empty()) {
    std::string error;
    if (!log::toFile(flags.logFile, error)) {
      std::fprintf(stderr, "grove-server: %s\n", error.c_str());
      return 2;
    }
    privacy::ensurePrivate(flags.logFile, "the log");  // appended to: it may predate us
  }
  if (!flags.importKind.empty() || !flags.exportProject.empty()) {
    // A command, not a server: its output is the point, the core's chatter is not.
    if (flags.logFile.empty()) log::setLevel(log::Level::Warn);
    try {
      // Shared like an editor's store: join its owner, or own it meanwhile.
      const std::string socketPath = shared ? tool::socketPathFor(flags.db, getEnv) : std::string();
      if (shared) tool::createStoreFolder(flags.db);
      return flags.importKind.empty() ? frontends::cli::runExport(flags, socketPath, flags.db + ".lock")
                                      : frontends::cli::runImport(flags, socketPath, flags.db + ".lock");
    } catch (const std::exception& e) {
      std::fprintf(stderr, "grove-server: %s\n", e.what());
      return 1;
    }
  }
  try {
    std::string why;
    if (shared && !tool::storeWritable(flags.db, why)) {
      // Served to this editor alone: no lock or socket can be made beside a
      // store this account cannot write, and no change could be kept.
      log::warn("serving the store " + flags.db + " read-only because " + why +
                "; changes will be refused (error kind readOnlyStore)");
      flags.readOnlyStore = true;
      shared = false;
    }
    const std::string socketPath = shared ? tool::socketPathFor(flags.db, getEnv) : std::string();
    // A first run on a fresh machine: the store's folder may not exist yet.
    if (shared) tool::createStoreFolder(flags.db);
    // ACP and MCP front ends are clients of the store's core, whoever owns it.
    if (flags.acp) return frontends::acp::runAcp(flags, socketPath, flags.db + ".lock");
    if (flags.mcp) return frontends::mcp::runMcp(flags, socketPath, flags.db + ".lock");
    auto lock = std::make_unique<tool::StoreLock>(flags.db + ".lock");
    if (shared && !lock->tryAcquire()) {
      log::info("store " + flags.db + " is owned by another grove-server: joining it");
      return tool::runRelay(flags, socketPath, flags.db + ".lock");
    }
    if (flags.noStdio) {
      // Block the stop signals first so every thread inherits the mask and
      // sigwait below is the only place that sees them.
      sigset_t stop;
      sigemptyset(&stop);
      sigaddset(&stop, SIGTERM);
      sigaddset(&stop, SIGINT);
      pthread_sigmask(SIG_BLOCK, &stop, nullptr);
      if (shared && !lock->tryAcquire()) {
        std::fprintf(stderr, "grove-server: %s is already owned by another grove-server\n", flags.db.c_str());
        return 1;
      }
      tool::CoreOwner owner(flags, shared ? std::move(lock) : nullptr, socketPath);
      if (shared || !flags.listen.empty()) owner.startListening();
      log::info(std::string("grove-server ") + GROVE_VERSION + " serving headless");
      int sig = 0;
      sigwait(&stop, &sig);
      log::info("stopping on signal " + std::to_string(sig));
      return 0;
    }
    tool::CoreOwner owner(flags, shared ? std::move(lock) : nullptr, socketPath);
    // A PostgreSQL core has no socket to share but may still --listen.
    if (shared || !flags.listen.empty()) owner.startListening();
    log::info(std::string("grove-server ") + GROVE_VERSION + " serving stdio");
    int code = owner.serve(0, 1, "stdio");
    // Other editors may still be connected: the core lives until they leave.
    owner.waitUntilIdle();
    log::info("grove-server exiting with code " + std::to_string(code));
    return code;
  } catch (const std::exception& e) {
    log::error(e.what());
    std::fprintf(stderr, "grove-server: %s\n", e.what());
    return 1;
  }
}
