// grove-server: wires the SQLite store into the Engine and serves stdio.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "engine/Engine.h"
#include "llm/ConfigLoader.h"
#include "llm/ProviderRegistry.h"
#include "server/Server.h"
#include "store/SqliteStore.h"
#include "support/Error.h"
#include "support/Log.h"
#include "tool/Flags.h"

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
  // A client that goes away must not kill us mid-commit: writes fail instead.
  std::signal(SIGPIPE, SIG_IGN);
  if (!flags.logFile.empty()) {
    std::string error;
    if (!log::toFile(flags.logFile, error)) {
      std::fprintf(stderr, "grove-server: %s\n", error.c_str());
      return 2;
    }
  }
  std::unique_ptr<Store> store;
  try {
    if (flags.db != ":memory:") {
      auto dir = std::filesystem::path(flags.db).parent_path();
      if (!dir.empty()) std::filesystem::create_directories(dir);
    }
    store = std::make_unique<SqliteStore>(SqliteStore::Options{flags.db, flags.fullSync});
  } catch (const std::exception& e) {
    log::error(e.what());
    std::fprintf(stderr, "grove-server: %s\n", e.what());
    return 1;
  }
  std::unique_ptr<llm::ProviderRegistry> providers;
  try {
    providers = std::make_unique<llm::ProviderRegistry>(llm::loadProviderSettings());
  } catch (const std::exception& e) {
    // A broken provider configuration must not cost the user their tree:
    // serve offline and say why.
    log::error(std::string("provider configuration ignored, using offline: ") + e.what());
    providers = std::make_unique<llm::ProviderRegistry>(llm::loadProviderSettings(
        std::nullopt, [](std::string_view) { return std::optional<std::string>(); }));
  }
  log::info(std::string("grove-server ") + GROVE_VERSION + " serving stdio, store " + flags.db +
            ", provider " + providers->active().toString());
  Engine engine(std::move(store));
  server::Server::Options options;
  options.maxMessageBytes = flags.maxMessageBytes;
  options.version = GROVE_VERSION;
  server::Server srv(engine, *providers, options);
  int code = srv.serve(0, 1, "stdio");
  log::info("grove-server exiting with code " + std::to_string(code));
  return code;
}
