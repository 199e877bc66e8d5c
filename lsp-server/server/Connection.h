// Connection: one client of the server (an editor over stdio, later a
// socket), with its own lifecycle state and writer.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "jsonrpc/FrameWriter.h"
#include "server/Replies.h"
#include "support/Cancellation.h"

namespace grove::server {

class Connection : public std::enable_shared_from_this<Connection> {
public:
  Connection(uint64_t id, int outFd, std::string transport,
             size_t maxUnsentBytes = rpc::FrameWriter::kMaxBacklog)
      : id_(id), writer_(outFd, maxUnsentBytes), transport_(std::move(transport)) {}
  /// A connection run by an event loop (TCP): see FrameWriter.
  Connection(uint64_t id, int outFd, std::string transport, std::function<void()> wantWritable,
             size_t maxUnsentBytes)
      : id_(id), writer_(outFd, std::move(wantWritable), maxUnsentBytes),
        transport_(std::move(transport)) {}

  uint64_t id() const { return id_; }
  rpc::FrameWriter& writer() { return writer_; }
  const std::string& transport() const { return transport_; }

  // Lifecycle; written only on the engine lock. `initialized` is also read
  // by the TCP transport's authentication deadline, off the lock.
  std::atomic<bool> initialized{false};
  bool shutdownRequested = false;
  bool exitRequested = false;
  std::string clientName = "unknown";
  int64_t connectedAtMs = 0;
  /// When set, initialize must carry initializationOptions.token equal to it.
  std::string requiredToken;
  /// When set, initialize must carry a token this accepts; it returns the
  /// person's name ("" for a shared token). Takes over from requiredToken.
  std::function<std::optional<std::string>(const std::string&)> authenticate;
  /// The person a personal token named; empty otherwise.
  std::string user;
  std::string peer;  // the remote address for TCP clients

  bool needsToken() const { return !requiredToken.empty() || static_cast<bool>(authenticate); }
  /// Whom this connection's changes are credited to: the person when a
  /// personal token named one, else the client (clientInfo.name@peer).
  const std::string& actor() const { return user.empty() ? clientName : user; }

  /// Ids named by $/cancelRequest (serialized JSON ids), set by the reader
  /// thread without the engine lock.
  void markCancelled(const std::string& id) {
    std::lock_guard<std::mutex> lock(mu_);
    if (auto it = running_.find(id); it != running_.end())
      it->second.cancel();  // reaches curl at once
    else
      cancelled_.insert(id);
  }
  bool takeCancelled(const std::string& id) {
    std::lock_guard<std::mutex> lock(mu_);
    return cancelled_.erase(id) > 0;
  }
  /// A long request (a chat turn) that $/cancelRequest can stop.
  CancellationToken startRunning(const std::string& id) {
    std::lock_guard<std::mutex> lock(mu_);
    CancellationToken token;
    if (cancelled_.erase(id)) token.cancel();
    running_.emplace(id, token);
    return token;
  }
  void stopRunning(const std::string& id) {
    std::lock_guard<std::mutex> lock(mu_);
    running_.erase(id);
  }
  /// Replies made while this connection's batch runs wait for its commit:
  /// nothing is reported done before it is durable.
  void holdReplies() {
    std::lock_guard<std::mutex> lock(replyMu_);
    holding_ = true;
  }
  /// Stops holding and returns what was held, in order.
  std::vector<nlohmann::json> releaseReplies() {
    std::lock_guard<std::mutex> lock(replyMu_);
    holding_ = false;
    return std::move(held_);
  }
  /// Sends a reply now, or holds it while the batch runs (any thread).
  void deliver(nlohmann::json reply) {
    std::unique_lock<std::mutex> lock(replyMu_);
    if (holding_) {
      held_.push_back(std::move(reply));
      return;
    }
    lock.unlock();
    writer_.write(replyText(std::move(reply)));
  }

  /// Cancels everything this connection has running (it went away).
  void cancelAll() {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& [id, token] : running_) token.cancel();
  }

private:
  uint64_t id_;
  rpc::FrameWriter writer_;
  std::string transport_;
  std::mutex mu_;
  std::set<std::string> cancelled_;
  std::map<std::string, CancellationToken> running_;
  std::mutex replyMu_;
  bool holding_ = false;
  std::vector<nlohmann::json> held_;
};

}  // namespace grove::server
