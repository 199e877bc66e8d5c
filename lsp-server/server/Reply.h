// Reply: the answer to one request, handed to its handler and sent exactly
// once (clangd's ReplyOnce). It is move-only; whoever holds it last must
// answer. A handler that drops it unanswered, or a continuation that throws
// before answering, still gets its request answered: the destructor sends an
// internal error and logs which method forgot, so a client never waits for a
// reply that will not come.
#pragma once

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "support/Error.h"
#include "support/Expected.h"

namespace grove::server {

using nlohmann::json;

/// Where a request's answer goes, shared by the Reply handle and the server
/// (which answers for the handler when the commit fails or it throws).
class ReplyState {
public:
  using Sink = std::function<void(json message)>;
  ReplyState(json id, std::string method, Sink sink)
      : id_(std::move(id)), method_(std::move(method)), sink_(std::move(sink)) {}

  const json& id() const { return id_; }
  const std::string& method() const { return method_; }
  bool answered() const { return answered_.load(std::memory_order_acquire); }
  /// Sends `message` unless the request was answered already; false then.
  bool send(json message);
  /// Set by the dispatcher while the handler runs: an exception escaping the
  /// handler is the dispatcher's to answer, with its message.
  void setInHandler(bool on) { inHandler_.store(on, std::memory_order_release); }
  bool inHandler() const { return inHandler_.load(std::memory_order_acquire); }

private:
  json id_;
  std::string method_;
  Sink sink_;
  std::atomic<bool> answered_{false};
  std::atomic<bool> inHandler_{false};
};

class Reply {
public:
  explicit Reply(std::shared_ptr<ReplyState> state);
  Reply(Reply&& other) noexcept = default;
  Reply& operator=(Reply&& other) noexcept;
  Reply(const Reply&) = delete;
  Reply& operator=(const Reply&) = delete;
  ~Reply();

  /// Answers with a result.
  void operator()(json result);
  /// Answers with a result written as JSON text (see rawResultReply).
  void sendText(std::string resultText);
  /// Answers with the wire form of a core error.
  void operator()(const Error& error);
  /// Answers with whatever `make` returns, or the error it throws.
  void with(const std::function<json()>& make);

  const json& id() const { return state_->id(); }

private:
  void dropped();

  std::shared_ptr<ReplyState> state_;
};

/// A continuation for a core call that reports an Expected<T>: it answers
/// with `toResult(value)` or with the error.
template <class T, class F>
std::function<void(Expected<T>)> answerWith(Reply reply, F toResult) {
  auto shared = std::make_shared<Reply>(std::move(reply));
  return [shared, toResult](Expected<T> value) {
    if (!value) return (*shared)(value.error());
    shared->with([&] { return json(toResult(*value)); });
  };
}

}  // namespace grove::server
