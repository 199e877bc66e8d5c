// grove/knowledge/ingest (DESIGN §11.3): the document half of the knowledge
// map, with $/progress and $/cancelRequest (a cancel answers normally with
// cancelled: true and keeps what was indexed).
#include "server/Connection.h"
#include "server/MethodTable.h"
#include "server/Replies.h"
#include "server/WorkDoneProgress.h"

namespace grove::server {

using proto::Params;

namespace {

json ingestResultJson(const session::KnowledgeIngestResult& r) {
  json skipped = json::array();
  for (const auto& s : r.skipped) skipped.push_back({{"uri", s.uri}, {"reason", s.reason}});
  return {{"documents", r.documents}, {"added", r.added},   {"updated", r.updated},
          {"removed", r.removed},     {"chunks", r.chunks}, {"levels", r.levels},
          {"skipped", skipped},       {"cancelled", r.cancelled}};
}

}  // namespace

void registerKnowledgeIngestHandlers(MethodTable& t) {
  t.addWithReply("grove/knowledge/ingest", MethodSpec{RunsOn::Worker, Revision::Ignored},
                 [](RequestContext& c, const Params& p, Reply reply) {
    // The workspace is a folder of the server's machine: a teammate on TCP
    // must not make the core read its files into the shared store.
    if (c.connection.transport() == "tcp")
      throw Error::invalidOp("localOnly",
                             "grove/knowledge/ingest reads files on the server's machine: only a local client "
                             "(stdio or the Unix socket) may ask");
    session::KnowledgeIngestRequest req;
    req.workspaceUri = p.str("workspaceUri");
    if (p.raw().is_object() && p.raw().contains("paths")) {
      const json& paths = p.raw()["paths"];
      if (!paths.is_array()) throw Error::invalidArg("paths", "paths must be an array of URIs or relative paths");
      req.paths.emplace();
      for (const auto& x : paths) {
        if (!x.is_string() || x.get<std::string>().empty())
          throw Error::invalidArg("paths", "each path must be a non-empty string");
        req.paths->push_back(x.get<std::string>());
      }
    }
    std::shared_ptr<Connection> conn = c.connection.shared_from_this();
    std::string key = c.id.dump();
    CancellationToken cancel = conn->startRunning(key);
    auto progress = workDoneReporter(conn, workDoneToken(p, c.id), "Ingesting documents");
    auto shared = std::make_shared<Reply>(std::move(reply));
    try {
      c.session.knowledgeIngest().ingest(req, progress, [conn, key, shared](Expected<session::KnowledgeIngestResult> r) {
        conn->stopRunning(key);
        if (!r) return (*shared)(r.error());
        shared->with([&] { return ingestResultJson(*r); });
      }, cancel);
    } catch (...) {
      conn->stopRunning(key);
      throw;
    }
  });
}

}  // namespace grove::server
