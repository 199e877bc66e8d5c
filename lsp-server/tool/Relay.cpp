#include "tool/Relay.h"

#include <nlohmann/json.hpp>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "frontends/CoreLink.h"
#include "jsonrpc/ErrorCodes.h"
#include "jsonrpc/FrameReader.h"
#include "jsonrpc/JsonDepth.h"
#include "jsonrpc/FrameWriter.h"
#include "jsonrpc/MessageShape.h"
#include "jsonrpc/Sockets.h"
#include "support/Log.h"

namespace grove::tool {

namespace {

using nlohmann::json;

class Relay {
public:
  Relay(const Flags& flags, std::string socketPath, std::string lockPath)
      : flags_(flags), link_(flags, std::move(socketPath), std::move(lockPath), "relay-local") {}

  int run() {
    if (!connectOrOwn()) return 1;  // logged
    std::thread upstream([this] { upstreamLoop(); });
    editorLoop();
    upstream.join();
    link_.releaseOwner();  // others may still use the core we took over
    return shutdownSeen_ ? 0 : 1;
  }

private:
  // Connects to the owner, or becomes it when its lock is free. Bounded.
  bool connectOrOwn() {
    auto ends = link_.connectOrOwn();
    if (!ends) return false;
    int readFd = ends->readFd, writeFd = ends->writeFd;
    std::lock_guard<std::mutex> lock(mu_);
    upRead_ = readFd;
    upWriteFd_ = writeFd;
    upWriter_ = std::make_shared<rpc::FrameWriter>(writeFd);
    if (initialize_) {
      // The new core has not met this editor: introduce it again, quietly.
      json init = json::parse(*initialize_);
      init["id"] = "grove-relay-reinit-" + std::to_string(++generation_);
      swallow_.insert(init["id"].dump());
      upWriter_->write(init.dump());
      upWriter_->write(json{{"jsonrpc", "2.0"}, {"method", "initialized"}, {"params", json::object()}}.dump());
    }
    cv_.notify_all();
    return true;
  }

  void editorLoop() {
    rpc::FrameReader in(0, flags_.maxMessageBytes);
    std::string body, error;
    for (;;) {
      auto r = in.next(body, error);
      if (r == rpc::FrameReader::Result::Eof) break;
      if (r != rpc::FrameReader::Result::Frame) {
        // Same answers the owner would give; a malformed header ends the session.
        int code = r == rpc::FrameReader::Result::TooLarge ? rpc::InvalidRequest : rpc::ParseError;
        editorOut_.write(json{{"jsonrpc", "2.0"}, {"id", nullptr}, {"error", {{"code", code}, {"message", error}}}}.dump());
        if (r == rpc::FrameReader::Result::Malformed) break;
        continue;
      }
      // Too deep to parse safely here: the owner refuses it with an error.
      json msg = rpc::nestingWithin(body, rpc::kMaxJsonDepth) ? json::parse(body, nullptr, false) : json();
      std::string key, method;
      if (msg.is_object() && msg.contains("method") && msg["method"].is_string()) {
        method = msg["method"];
        if (msg.contains("id")) key = msg["id"].dump();
      }
      std::shared_ptr<rpc::FrameWriter> writer;
      {
        std::unique_lock<std::mutex> lock(mu_);
        if (method == "initialize" && !key.empty()) initialize_ = body;
        if (method == "shutdown") shutdownSeen_ = true;
        if (method == "exit") exitSent_ = true;
        cv_.wait(lock, [this] { return upWriter_ || failed_; });
        if (failed_) break;
        if (!key.empty()) pending_.insert(key);
        writer = upWriter_;
      }
      // Never hold the lock across a write that can block: the owner may be
      // blocked writing to us, and our reader needs the lock to drain it.
      if (!writer->write(body) && !key.empty()) {
        std::lock_guard<std::mutex> lock(mu_);
        if (pending_.erase(key)) editorOut_.write(restarted(msg["id"]).dump());
      }
      std::lock_guard<std::mutex> lock(mu_);
      if (exitSent_) break;
    }
    std::lock_guard<std::mutex> lock(mu_);
    editorGone_ = true;
    // Let the core see the editor leave: end our side of the stream.
    if (upWriteFd_ >= 0) {
      if (upWriteFd_ == upRead_)
        ::shutdown(upWriteFd_, SHUT_WR);
      else
        ::close(upWriteFd_);
    }
  }

  void upstreamLoop() {
    for (;;) {
      int fd;
      {
        std::lock_guard<std::mutex> lock(mu_);
        fd = upRead_;
      }
      rpc::FrameReader in(fd, flags_.maxMessageBytes);
      std::string body, error;
      while (in.next(body, error) == rpc::FrameReader::Result::Frame) {
        if (std::optional<std::string> key = replyKey(body)) {
          std::lock_guard<std::mutex> lock(mu_);
          if (swallow_.erase(*key)) continue;  // our replayed initialize
          pending_.erase(*key);
        }
        editorOut_.write(std::move(body));  // passed on, not copied
      }
      std::unique_lock<std::mutex> lock(mu_);
      ::close(fd);
      if (upWriteFd_ != fd && upWriteFd_ >= 0 && !editorGone_) ::close(upWriteFd_);
      upRead_ = upWriteFd_ = -1;
      upWriter_.reset();
      if (editorGone_ || exitSent_) return;
      // The owner went away while our editor is still here.
      log::warn("lost the owner of " + flags_.db + "; reconnecting");
      for (const auto& key : pending_) editorOut_.write(restarted(json::parse(key)).dump());
      pending_.clear();
      lock.unlock();
      if (!connectOrOwn()) {
        std::lock_guard<std::mutex> again(mu_);
        failed_ = true;
        cv_.notify_all();
        return;
      }
    }
  }

  // The id of a reply (a message with an id and no method) as pending_ keys
  // it, else nullopt. Replies are scanned, not parsed: the relay passes on
  // every byte of a 20 MB map and must not spend more on it than the core.
  static std::optional<std::string> replyKey(const std::string& body) {
    if (auto shape = rpc::scanMessage(body)) {
      if (!shape->id || shape->hasMethod) return std::nullopt;
      json id = json::parse(*shape->id, nullptr, false);
      if (!id.is_discarded()) return id.dump();
    }
    // Not a well-formed object by the scan: the parser decides, as before.
    json msg = rpc::nestingWithin(body, rpc::kMaxJsonDepth) ? json::parse(body, nullptr, false) : json();
    if (msg.is_object() && msg.contains("id") && !msg.contains("method")) return msg["id"].dump();
    return std::nullopt;
  }

  static json restarted(const json& id) {
    return json{{"jsonrpc", "2.0"},
                {"id", id},
                {"error",
                 {{"code", rpc::InternalError},
                  {"message", "the Grove core restarted while this request was in flight; retry it"},
                  {"data", {{"kind", "coreRestarted"}}}}}};
  }

  Flags flags_;
  frontends::CoreLink link_;
  std::mutex mu_;
  std::condition_variable cv_;
  int upRead_ = -1, upWriteFd_ = -1;
  std::shared_ptr<rpc::FrameWriter> upWriter_;
  rpc::FrameWriter editorOut_{1};
  std::optional<std::string> initialize_;
  std::set<std::string> pending_, swallow_;
  uint64_t generation_ = 0;
  bool editorGone_ = false, exitSent_ = false, shutdownSeen_ = false, failed_ = false;
};

}  // namespace

int runRelay(const Flags& flags, const std::string& socketPath, const std::string& lockPath) {
  Relay relay(flags, socketPath, lockPath);
  return relay.run();
}

}  // namespace grove::tool
