// CoreLink: how a process that is not itself a server reaches the Grove core
// of a store. Either another grove-server owns the store (it holds the lock
// and listens on the store's Unix socket), and the link connects there; or
// nobody does, and the link becomes the owner: it takes the lock, starts a
// CoreOwner in this process (listening, so later editors join it), and talks
// to it through a pipe pair exactly as it would to a remote one. Callers see
// a pair of file descriptors speaking grove/* either way, so the relay and
// the ACP and MCP front ends need no second code path for "we own it".
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "tool/CoreOwner.h"
#include "tool/Flags.h"

namespace grove::frontends {

/// The two ends of a connection to a core (the same fd for a Unix socket).
/// The caller owns them and closes them.
struct CoreEnds {
  int readFd = -1;
  int writeFd = -1;
};

class CoreLink {
public:
  /// `socketPath` empty: the store is not shared (`:memory:`, or a store
  /// this account cannot write): there is no socket to meet others on, so
  /// the link always owns a private core. `localTransport` names this
  /// process's own connection to a core it owns in grove/server/clients
  /// ("relay-local", "acp", "mcp").
  CoreLink(const tool::Flags& flags, std::string socketPath, std::string lockPath,
           std::string localTransport);
  /// Releases the owned core, if any (see releaseOwner).
  ~CoreLink();
  CoreLink(const CoreLink&) = delete;
  CoreLink& operator=(const CoreLink&) = delete;

  /// Connects to the store's owner, or becomes it when its lock is free;
  /// retries for at most `patience` while the owner starts or dies.
  /// nullopt (logged) when neither worked. May be called again after the
  /// connection broke: the relay reconnects this way.
  std::optional<CoreEnds> connectOrOwn(std::chrono::milliseconds patience = std::chrono::seconds(15));

  /// True when this process owns the core.
  bool owns() const { return owner_ != nullptr; }
  /// The owned core, or null.
  tool::CoreOwner* owner() { return owner_.get(); }

  /// When this process owns the core: waits until its last client left
  /// (other editors may have joined it), then stops it. Call after closing
  /// this process's own connection.
  void releaseOwner();

private:
  std::optional<CoreEnds> own(std::unique_ptr<tool::StoreLock> lock);

  tool::Flags flags_;
  std::string socketPath_, lockPath_, localTransport_;
  std::unique_ptr<tool::CoreOwner> owner_;
};

}  // namespace grove::frontends
