// Connection: one client of the server (an editor over stdio, later a
// socket), with its own lifecycle state and writer.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>

#include "jsonrpc/FrameWriter.h"

namespace grove::server {

class Connection {
public:
  Connection(uint64_t id, int outFd, std::string transport)
      : id_(id), writer_(outFd), transport_(std::move(transport)) {}

  uint64_t id() const { return id_; }
  rpc::FrameWriter& writer() { return writer_; }
  const std::string& transport() const { return transport_; }

  // Lifecycle; touched only on the engine lock.
  bool initialized = false;
  bool shutdownRequested = false;
  bool exitRequested = false;
  std::string clientName = "unknown";
  int64_t connectedAtMs = 0;

  /// Ids named by $/cancelRequest (serialized JSON ids), set by the reader
  /// thread without the engine lock.
  void markCancelled(const std::string& id) {
    std::lock_guard<std::mutex> lock(mu_);
    cancelled_.insert(id);
  }
  bool takeCancelled(const std::string& id) {
    std::lock_guard<std::mutex> lock(mu_);
    return cancelled_.erase(id) > 0;
  }

private:
  uint64_t id_;
  rpc::FrameWriter writer_;
  std::string transport_;
  std::mutex mu_;
  std::set<std::string> cancelled_;
};

}  // namespace grove::server
