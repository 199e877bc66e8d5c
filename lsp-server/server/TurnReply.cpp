#include "server/TurnReply.h"

#include "protocol/TurnJson.h"
#include "server/Connection.h"
#include "server/Replies.h"

namespace grove::server {

void answerTurn(RequestContext& c, Reply reply, const StartTurn& start) {
  std::shared_ptr<Connection> conn = c.connection.shared_from_this();
  std::string key = c.id.dump();
  CancellationToken cancel = conn->startRunning(key);
  auto shared = std::make_shared<Reply>(std::move(reply));
  session::TurnCallbacks cb;
  // Only the connection is held: a turn may outlive the server that started it.
  cb.onDelta = [conn](const session::StreamDelta& d) {
    json n = notification("grove/chat/didStream",
                          {{"projectId", d.projectId}, {"unitId", d.unitId}, {"text", std::string(d.text)}});
    conn->writer().write(n.dump(-1, ' ', false, json::error_handler_t::replace));
  };
  cb.onDone = [conn, key, shared](Expected<session::Turn> turn) {
    conn->stopRunning(key);
    if (!turn) return (*shared)(turn.error());
    shared->with([&] { return proto::toJson(*turn); });
  };
  try {
    start(std::move(cb), cancel);
  } catch (...) {
    conn->stopRunning(key);  // refused before it started: nothing to cancel
    throw;
  }
}

}  // namespace grove::server
