#include "server/Reply.h"

#include <exception>

#include "jsonrpc/ErrorCodes.h"
#include "server/Replies.h"
#include "support/Log.h"

namespace grove::server {

bool ReplyState::send(json message) {
  if (answered_.exchange(true, std::memory_order_acq_rel)) {
    log::error("a second reply to " + method_ + " was not sent");
    return false;
  }
  sink_(std::move(message));
  return true;
}

Reply::Reply(std::shared_ptr<ReplyState> state) : state_(std::move(state)) {}

Reply& Reply::operator=(Reply&& other) noexcept {
  if (this != &other) {
    dropped();
    state_ = std::move(other.state_);
  }
  return *this;
}

Reply::~Reply() { dropped(); }

void Reply::dropped() {
  if (!state_ || state_->answered()) return;
  // Unwinding out of the handler: the dispatcher answers with the exception.
  if (state_->inHandler() && std::uncaught_exceptions() > 0) return;
  log::error("internal error: " + state_->method() + " finished without a reply");
  state_->send(errorReply(state_->id(), rpc::InternalError,
                          "internal error: the server dropped this " + state_->method() + " request without a reply"));
}

void Reply::operator()(json result) { state_->send(resultReply(state_->id(), std::move(result))); }

void Reply::sendText(std::string resultText) {
  state_->send(rawResultReply(state_->id(), std::move(resultText)));
}

void Reply::operator()(const Error& error) { state_->send(errorReply(state_->id(), error)); }

void Reply::with(const std::function<json()>& make) {
  json message;
  try {
    message = resultReply(state_->id(), make());
  } catch (const Error& e) {
    message = errorReply(state_->id(), e);
  } catch (const std::exception& e) {
    log::error("internal error in " + state_->method() + ": " + e.what());
    message = errorReply(state_->id(), rpc::InternalError, std::string("internal error: ") + e.what());
  }
  state_->send(std::move(message));
}

}  // namespace grove::server
