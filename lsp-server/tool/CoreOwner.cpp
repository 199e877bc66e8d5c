#include "tool/CoreOwner.h"

#include <sys/socket.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "jsonrpc/Sockets.h"
#include "llm/ConfigLoader.h"
#include "store/PostgresStore.h"
#include "store/SqliteStore.h"
#include "support/Log.h"
#include "tool/StoreAccess.h"
#include "tool/StoreTokens.h"
#include "tool/TokenCommands.h"
#include "transport/TlsContext.h"
#include "transport/TokenFile.h"

namespace grove::tool {

namespace {

std::unique_ptr<llm::ProviderRegistry> loadProviders() {
  try {
    return std::make_unique<llm::ProviderRegistry>(llm::loadProviderSettings());
  } catch (const std::exception& e) {
    // A broken provider configuration must not cost the user their tree:
    // serve offline and say why.
    log::error(std::string("provider configuration ignored, using offline: ") + e.what());
    return std::make_unique<llm::ProviderRegistry>(llm::offlineSettings());
  }
}

transport::TcpLimits tcpLimits(const Flags& flags) {
  transport::TcpLimits limits;
  limits.maxConnections = flags.maxConnections;
  limits.maxPerAddress = flags.maxConnectionsPerAddress;
  limits.headerTimeout = std::chrono::milliseconds(flags.headerTimeoutMs);
  limits.authTimeout = std::chrono::milliseconds(flags.authTimeoutMs);
  return limits;
}

// A measurement knob from the environment: a whole number within
// [least, most], or none (unset, not a number, out of range: the default).
std::optional<long> envNumber(const char* name, long least, long most) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  char* end = nullptr;
  long n = std::strtol(v, &end, 10);
  if (!end || *end != '\0' || n < least || n > most) return std::nullopt;
  return n;
}

// Memolet indexing follows appends as a job. A read-only store takes no
// appends, so it indexes nothing. GROVE_INDEXING_DELAY_MS sets how long
// appends gather into one indexing batch (the crash tests stretch it to be
// sure a backlog is left behind).
session::SessionOptions sessionOptions(const Flags& flags) {
  session::SessionOptions o;
  o.deferIndexing = !flags.readOnlyStore;
  if (auto ms = envNumber("GROVE_INDEXING_DELAY_MS", 0, LONG_MAX)) o.indexingDelay = std::chrono::milliseconds(*ms);
  return o;
}

}  // namespace

CoreOwner::CoreOwner(const Flags& flags, std::unique_ptr<StoreLock> lock, std::string socketPath)
    : flags_(flags), lock_(std::move(lock)), socketPath_(std::move(socketPath)) {
  std::unique_ptr<Store> store;
  std::string instance;  // this core, in what it tells other cores on a PostgreSQL store
  if (flags.postgres) {
    auto pg = std::make_unique<PostgresStore>(PostgresStore::Options{flags.db, flags.dbSchema});
    instance = pg->instanceId();
    store = std::move(pg);
  } else {
    const bool onDisk = flags.db != ":memory:";
    if (onDisk && !flags.readOnlyStore) createStoreFolder(flags.db);
    SqliteStore::Options storeOptions{flags.db, flags.fullSync, flags.readOnlyStore};
    // Appends are acknowledged from the redo log and committed in groups
    // (store/RedoLog.h). GROVE_CARRY_COMMITS=0 commits each one, for comparison.
    const char* carry = std::getenv("GROVE_CARRY_COMMITS");
    storeOptions.carryCommits = onDisk && !flags.readOnlyStore && !(carry && std::string(carry) == "0");
    store = std::make_unique<SqliteStore>(storeOptions);
    if (onDisk && !flags.readOnlyStore) {
      try {
        importLegacyTokens(flags);
      } catch (const std::exception& e) {
        log::error(std::string("personal tokens: ") + e.what());
      }
    }
    if (onDisk) {
      checkPrivacy(flags.db);
      integrity_ = std::make_unique<IntegrityWatch>(flags.db);
    }
  }
  providers_ = loadProviders();
  engine_ = std::make_unique<Engine>(std::move(store));
  server::Server::Options options;
  options.maxMessageBytes = flags.maxMessageBytes;
  options.maxUnsentBytes = flags.maxUnsentBytes;
  options.version = flags.version_string;
  // GROVE_READ_POLL_US sets how long a reader polls before it sleeps (0:
  // never), for comparison; the default is Server::Options'.
  if (auto us = envNumber("GROVE_READ_POLL_US", 0, 10000)) options.readPollWindow = std::chrono::microseconds(*us);
  session_ = std::make_unique<session::Session>(*engine_, *providers_, sessionOptions(flags));
  server_ = std::make_unique<server::Server>(*session_, options);
  if (flags.postgres)
    feed_ = std::make_unique<PostgresChangeFeed>(flags.db, flags.dbSchema, instance, [this](const ChangeNotice& n) {
      // Heard on the feed's thread; the engine is this core's to lock.
      session_->runLocked("", [&n](Engine& e) {
        if (n.kind == "project")
          e.changedElsewhere(ChangeEvent{n.id, n.revision, parseChangeOp(n.op).value_or(ChangeOp::Append), n.ids, ""});
        else if (n.kind == "board")
          e.changedElsewhere(BoardChange{n.id, n.revision, n.ids, {}, {}, n.op, ""});
        else if (n.kind == "knowledge")
          e.changedElsewhere(KnowledgeChange{n.id, n.revision, n.ids, {}, {}, {}, n.op, ""});
        else
          e.dropCaches();  // missed while reconnecting: anything may have changed
      });
    });
  log::info("owning store " + shownStore(flags.db) + " (socket " +
            socketPath_ + "), provider " + providers_->active().toString());
}

CoreOwner::~CoreOwner() {
  tcp_.reset();  // closes its connections; they leave() as they go
  for (int fd : listenFds_) ::shutdown(fd, SHUT_RDWR);
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  {
    // A client accepted just before the listeners closed is served to the end.
    std::unique_lock<std::mutex> lock(mu_);
    idle_.wait(lock, [this] { return active_ == 0; });
  }
  for (int fd : listenFds_) ::close(fd);
  if (!socketPath_.empty()) ::unlink(socketPath_.c_str());
}

void CoreOwner::startListening() {
  if (!socketPath_.empty()) {
    int fd = rpc::listenUnix(socketPath_);
    listenFds_.push_back(fd);
    threads_.emplace_back([this, fd] { acceptLoop(fd); });
  }
  if (!flags_.listen.empty()) {
    auto colon = flags_.listen.rfind(':');
    std::string host = flags_.listen.substr(0, colon);
    int port = std::atoi(flags_.listen.c_str() + colon + 1);
    transport::TcpListener::Hooks hooks{[this] { enter(); }, [this] { leave(); }};
    transport::TcpAccess access;
    access.sharedToken = flags_.token;
    if (!flags_.tokenFile.empty())
      access.tokens = std::make_shared<transport::TokenFile>(flags_.tokenFile);
    else if (flags_.db != ":memory:")
      access.tokens = std::make_shared<StoreTokens>(flags_.db, flags_.dbSchema);
    // Off loopback a token is always needed, even once every one is revoked.
    access.alwaysNeedToken = !isLoopbackHost(host);
    if (!flags_.tlsCert.empty())
      access.tls = transport::makeServerTlsContext({flags_.tlsCert, flags_.tlsKey, flags_.tlsClientCa});
    const bool tls = access.tls != nullptr;
    const bool tokens = access.needsToken();
    tcp_ = std::make_unique<transport::TcpListener>(*server_, host, port, std::move(access),
                                                    tcpLimits(flags_), std::move(hooks));
    log::info("serving TCP on " + host + ":" + std::to_string(tcp_->port()) +
              (tls ? (flags_.tlsClientCa.empty() ? " with TLS" : " with mutual TLS") : "") +
              (tokens ? " (token required)" : "") + ", at most " +
              std::to_string(tcpLimits(flags_).maxConnections) + " connections");
  }
}

void CoreOwner::acceptLoop(int listenFd) {
  for (;;) {
    int fd = rpc::acceptConnection(listenFd, nullptr);
    if (fd < 0) return;
    enter();
    // Editors on this machine, a handful at most: a thread each is fine.
    std::thread([this, fd] {
      server_->serve(fd, fd, "unix");
      ::close(fd);
      leave();
    }).detach();
  }
}

void CoreOwner::serveAsync(int inFd, int outFd, std::string transport, bool closeFds) {
  enter();
  std::thread([this, inFd, outFd, transport, closeFds] {
    server_->serve(inFd, outFd, transport);
    if (closeFds) {
      ::close(inFd);
      if (outFd != inFd) ::close(outFd);
    }
    leave();
  }).detach();
}

int CoreOwner::serve(int inFd, int outFd, const std::string& transport) {
  enter();
  int code = server_->serve(inFd, outFd, transport);
  leave();
  return code;
}

void CoreOwner::enter() {
  std::lock_guard<std::mutex> lock(mu_);
  ++active_;
  everServed_ = true;
}

void CoreOwner::leave() {
  std::lock_guard<std::mutex> lock(mu_);
  if (--active_ == 0) idle_.notify_all();
}

void CoreOwner::waitUntilIdle() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return everServed_ && active_ == 0; });
}

}  // namespace grove::tool
