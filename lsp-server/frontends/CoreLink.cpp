#include "frontends/CoreLink.h"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "jsonrpc/Sockets.h"
#include "support/Log.h"
#include "tool/StoreLock.h"

namespace grove::frontends {

CoreLink::CoreLink(const tool::Flags& flags, std::string socketPath, std::string lockPath,
                   std::string localTransport)
    : flags_(flags),
      socketPath_(std::move(socketPath)),
      lockPath_(std::move(lockPath)),
      localTransport_(std::move(localTransport)) {}

CoreLink::~CoreLink() { releaseOwner(); }

std::optional<CoreEnds> CoreLink::connectOrOwn(std::chrono::milliseconds patience) {
  if (owner_) {
    // Our own core does not go away while we hold it: a broken pipe to it
    // means this process is ending, not that the core moved.
    log::error("the link already owns its core; not reconnecting");
    return std::nullopt;
  }
  if (socketPath_.empty()) return own(nullptr);
  auto deadline = std::chrono::steady_clock::now() + patience;
  while (std::chrono::steady_clock::now() < deadline) {
    auto lock = std::make_unique<tool::StoreLock>(lockPath_);
    bool acquired = false;
    try {
      acquired = lock->tryAcquire();
    } catch (const std::exception& e) {
      log::error(e.what());
      return std::nullopt;
    }
    if (acquired) return own(std::move(lock));
    int fd = rpc::connectUnix(socketPath_);
    if (fd >= 0) return CoreEnds{fd, fd};
    // The owner holds the lock but is not listening yet, or just died.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  log::error("could not reach the owner of " + tool::shownStore(flags_.db) + " nor take it over");
  return std::nullopt;
}

std::optional<CoreEnds> CoreLink::own(std::unique_ptr<tool::StoreLock> lock) {
  const bool shared = lock != nullptr;
  try {
    owner_ = std::make_unique<tool::CoreOwner>(flags_, std::move(lock), socketPath_);
    if (shared) owner_->startListening();  // later editors join us
  } catch (const std::exception& e) {
    log::error(std::string("taking over the store failed: ") + e.what());
    owner_.reset();
    return std::nullopt;
  }
  // Talk to our own core through a pipe pair, exactly as to a remote one.
  int toCore[2], fromCore[2];
  if (::pipe2(toCore, O_CLOEXEC) != 0) return std::nullopt;
  if (::pipe2(fromCore, O_CLOEXEC) != 0) {
    ::close(toCore[0]);
    ::close(toCore[1]);
    return std::nullopt;
  }
  owner_->serveAsync(toCore[0], fromCore[1], localTransport_, true);
  log::info("took over the store " + tool::shownStore(flags_.db));
  return CoreEnds{fromCore[0], toCore[1]};
}

void CoreLink::releaseOwner() {
  if (!owner_) return;
  owner_->waitUntilIdle();  // others may still use the core we own
  owner_.reset();
}

}  // namespace grove::frontends
