// grove/workspace/refresh (DESIGN §11.1): the workspace's captured code is
// re-anchored against its files (or the unsaved buffers sent), and the
// knowledge map's ingested documents that changed are read again.
#include <memory>

#include "protocol/WorkspaceJson.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;

void registerWorkspaceHandlers(MethodTable& t) {
  // A change: the re-anchored sources are stored and announced (`anchor`) in
  // the batch; the reply follows the documents' re-ingest when there is one.
  // `workDoneToken` is accepted; it reports no progress yet.
  t.addWithReply("grove/workspace/refresh", kChange, [](RequestContext& c, const Params& p, Reply reply) {
    auto shared = std::make_shared<Reply>(std::move(reply));
    c.session.refreshWorkspace(proto::refreshFrom(p), [shared](Expected<session::RefreshResult> r) {
      if (!r) return (*shared)(r.error());
      shared->with([&] { return proto::toJson(*r); });
    });
  });
}

}  // namespace grove::server
