#include "frontends/CoreCaller.h"

#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>

#include "jsonrpc/ErrorCodes.h"
#include "jsonrpc/FrameReader.h"
#include "jsonrpc/JsonDepth.h"
#include "support/Log.h"

namespace grove::frontends {

using nlohmann::json;

json callerError(const std::string& kind, const std::string& message) {
  return json{{"code", rpc::InternalError}, {"message", message}, {"data", {{"kind", kind}}}};
}

CoreCaller::CoreCaller(int readFd, int writeFd, size_t maxMessageBytes)
    : readFd_(readFd), writeFd_(writeFd), maxMessageBytes_(maxMessageBytes) {
  writer_ = std::make_unique<rpc::FrameWriter>(writeFd_);
  writer_->setLabel("the Grove core");
}

CoreCaller::~CoreCaller() {
  endWrite();
  if (reader_.joinable()) reader_.join();
  ::close(readFd_);
  if (writeFd_ != readFd_) ::close(writeFd_);  // endWrite only detached it for a socket
}

void CoreCaller::start() {
  reader_ = std::thread([this] {
    readerId_ = std::this_thread::get_id();
    readLoop();
  });
}

int64_t CoreCaller::call(const std::string& method, json params, Callback done) {
  int64_t id;
  bool sent;
  {
    std::lock_guard<std::mutex> lock(mu_);
    id = nextId_++;
    sent = connected_ && !writeEnded_;
    if (sent) pending_.emplace(id, std::move(done));
  }
  if (sent) {
    json msg{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
    if (writer_->write(msg.dump(-1, ' ', false, json::error_handler_t::replace))) return id;
    // The core went away under us: answer unless the reader already did.
    std::lock_guard<std::mutex> lock(mu_);
    auto it = pending_.find(id);
    if (it == pending_.end()) return id;
    done = std::move(it->second);
    pending_.erase(it);
  }
  done(Outcome{false, callerError("coreGone", "the Grove core is not connected")});
  return id;
}

CoreCaller::Outcome CoreCaller::callSync(const std::string& method, json params,
                                         std::chrono::milliseconds timeout) {
  if (std::this_thread::get_id() == readerId_)
    return Outcome{false, callerError("deadlock", "callSync on the core's reader thread")};
  struct Slot {
    std::mutex mu;
    std::condition_variable cv;
    bool done = false;
    Outcome outcome;
  };
  auto slot = std::make_shared<Slot>();
  int64_t id = call(method, std::move(params), [slot](Outcome o) {
    std::lock_guard<std::mutex> lock(slot->mu);
    slot->outcome = std::move(o);
    slot->done = true;
    slot->cv.notify_all();
  });
  std::unique_lock<std::mutex> lock(slot->mu);
  if (slot->cv.wait_for(lock, timeout, [&] { return slot->done; })) return std::move(slot->outcome);
  lock.unlock();
  {
    std::lock_guard<std::mutex> guard(mu_);
    pending_.erase(id);  // a late answer finds nobody waiting
  }
  return Outcome{false, callerError("timeout", method + " got no answer within " +
                                                   std::to_string(timeout.count()) + " ms")};
}

void CoreCaller::notify(const std::string& method, json params) {
  json msg{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
  writer_->write(msg.dump(-1, ' ', false, json::error_handler_t::replace));
}

void CoreCaller::cancel(int64_t id) { notify("$/cancelRequest", {{"id", id}}); }

CoreCaller::Outcome CoreCaller::initialize(const std::string& clientName, const std::string& version) {
  json info{{"name", clientName}};
  if (!version.empty()) info["version"] = version;
  Outcome o = callSync("initialize", {{"processId", static_cast<int>(::getpid())}, {"clientInfo", info}});
  if (o.ok) notify("initialized", json::object());
  return o;
}

void CoreCaller::close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!connected_ || writeEnded_) return;
  }
  if (std::this_thread::get_id() != readerId_) {
    callSync("shutdown", json(nullptr), std::chrono::seconds(5));
    notify("exit", json::object());
  }
  endWrite();
}

void CoreCaller::finish() {
  close();
  endWrite();  // close() leaves it to the reader thread when called there
  if (reader_.joinable() && std::this_thread::get_id() != readerId_) reader_.join();
}

bool CoreCaller::connected() const {
  std::lock_guard<std::mutex> lock(mu_);
  return connected_;
}

void CoreCaller::endWrite() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (writeEnded_) return;
    writeEnded_ = true;
  }
  writer_->detach();
  // Let the core see this client leave: end our side of the stream. A
  // socket is half-closed (we still read the core's last words); a pipe's
  // write end is closed.
  if (writeFd_ == readFd_) {
    ::shutdown(writeFd_, SHUT_WR);
  } else {
    ::close(writeFd_);
    writeFd_ = -1;
  }
}

void CoreCaller::readLoop() {
  rpc::FrameReader in(readFd_, maxMessageBytes_);
  std::string body, error;
  for (;;) {
    auto r = in.next(body, error);
    if (r == rpc::FrameReader::Result::Eof || r == rpc::FrameReader::Result::Malformed) break;
    if (r == rpc::FrameReader::Result::TooLarge) {
      log::warn("a message from the Grove core was over the size limit: " + error);
      continue;
    }
    json msg = rpc::nestingWithin(body, rpc::kMaxJsonDepth) ? json::parse(body, nullptr, false) : json();
    if (!msg.is_object()) continue;
    if (msg.contains("method") && msg["method"].is_string()) {
      if (msg.contains("id")) {
        // The core asks nothing of its clients today; say so rather than hang it.
        json reply{{"jsonrpc", "2.0"},
                   {"id", msg["id"]},
                   {"error", {{"code", rpc::MethodNotFound}, {"message", "not handled by this front end"}}}};
        writer_->write(reply.dump());
      } else if (onNotification_) {
        onNotification_(msg["method"].get<std::string>(), msg.value("params", json::object()));
      }
      continue;
    }
    if (!msg.contains("id") || !msg["id"].is_number_integer()) continue;
    Callback done;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = pending_.find(msg["id"].get<int64_t>());
      if (it == pending_.end()) continue;  // timed out meanwhile
      done = std::move(it->second);
      pending_.erase(it);
    }
    if (msg.contains("error"))
      done(Outcome{false, msg["error"]});
    else
      done(Outcome{true, msg.value("result", json(nullptr))});
  }
  std::map<int64_t, Callback> orphans;
  {
    std::lock_guard<std::mutex> lock(mu_);
    connected_ = false;
    orphans.swap(pending_);
  }
  for (auto& [id, done] : orphans) done(Outcome{false, callerError("coreGone", "the Grove core went away")});
  if (onClosed_) onClosed_();
}

}  // namespace grove::frontends
