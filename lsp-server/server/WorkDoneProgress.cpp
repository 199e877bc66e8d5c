#include "server/WorkDoneProgress.h"

#include <atomic>

#include "server/Replies.h"

namespace grove::server {

namespace {

json progressValue(const session::ImportProgress& p, bool first, const std::string& title) {
  json v{{"kind", p.finished ? "end" : first ? "begin" : "report"}, {"message", p.message}};
  if (first && !p.finished) {
    v["title"] = title;
    v["cancellable"] = true;
  }
  if (!p.finished) v["percentage"] = p.total > 0 ? p.done * 100 / p.total : 0;
  return v;
}

}  // namespace

json workDoneToken(const proto::Params& p, const json& requestId) {
  if (p.raw().is_object() && p.raw().contains("workDoneToken")) {
    const json& w = p.raw()["workDoneToken"];
    if (w.is_string() || w.is_number_integer()) return w;
  }
  return requestId;
}

session::ImportProgressFn workDoneReporter(std::shared_ptr<Connection> conn, json token, std::string title) {
  auto began = std::make_shared<std::atomic<bool>>(false);
  return [conn, token, title, began](const session::ImportProgress& pr) {
    bool first = !began->exchange(true);
    auto send = [&](const json& value) {
      conn->writer().write(notification("$/progress", {{"token", token}, {"value", value}})
                               .dump(-1, ' ', false, json::error_handler_t::replace));
    };
    if (first && pr.finished) send(progressValue({0, 0, pr.message, false}, true, title));  // nothing to do: begin, then end
    send(progressValue(pr, first, title));
  };
}

}  // namespace grove::server
