// grove/import/run (with $/progress) and grove/export/run (DESIGN §10).
#include "server/Connection.h"
#include "server/MethodTable.h"
#include "server/Replies.h"
#include "server/WorkDoneProgress.h"

namespace grove::server {

using proto::Params;

namespace {

json summaryJson(const session::ImportSummary& s) {
  json projects = json::array();
  for (const auto& p : s.projects)
    projects.push_back({{"projectId", p.projectId}, {"title", p.title}, {"file", p.file},
                        {"created", p.created}, {"added", p.added}, {"known", p.known}});
  auto problems = [](const std::vector<session::ImportProblem>& list) {
    json out = json::array();
    for (const auto& x : list) out.push_back({{"file", x.file}, {"reason", x.reason}});
    return out;
  };
  return {{"projects", projects},
          {"refused", problems(s.refused)},
          {"skipped", problems(s.skipped)},
          {"files", s.files},
          {"unitsAdded", s.unitsAdded}};
}

}  // namespace

void registerInterchangeHandlers(MethodTable& t) {
  // Answered from a continuation once every file is read and stored; the
  // import changes no project that exists, so no expectedRevision.
  t.addWithReply("grove/import/run", MethodSpec{RunsOn::Worker, Revision::Ignored},
                 [](RequestContext& c, const Params& p, Reply reply) {
    // The path names a file of the server's machine: a teammate on TCP must
    // not make the core read its files into the shared store.
    if (c.connection.transport() == "tcp")
      throw Error::invalidOp("localOnly",
                             "grove/import/run reads files on the server's machine: only a local client "
                             "(stdio or the Unix socket) may ask; run grove-server --import there");
    session::ImportRequest req{p.str("kind"), p.str("path")};
    std::shared_ptr<Connection> conn = c.connection.shared_from_this();
    std::string key = c.id.dump();
    CancellationToken cancel = conn->startRunning(key);
    auto progress = workDoneReporter(conn, workDoneToken(p, c.id), "Importing history");
    auto shared = std::make_shared<Reply>(std::move(reply));
    try {
      c.session.importHistory(req, progress, [conn, key, shared](Expected<session::ImportSummary> s) {
        conn->stopRunning(key);
        if (!s) return (*shared)(s.error());
        shared->with([&] { return summaryJson(*s); });
      }, cancel);
    } catch (...) {
      conn->stopRunning(key);
      throw;
    }
  });

  t.add("grove/export/run", kRead, [](RequestContext& c, const Params& p) {
    return json{{"content", c.session.exportProject(p.str("projectId"), p.str("format"), p.optStr("headId"))}};
  });
}

}  // namespace grove::server
