// grove/workspace/refresh (DESIGN §11.1): the workspace's captured code is
// re-anchored against its files (or the unsaved buffers sent). The board's
// snippets and the knowledge map's documents join the same call later.
#include "protocol/WorkspaceJson.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;

void registerWorkspaceHandlers(MethodTable& t) {
  // A change: the re-anchored sources are stored and announced (`anchor`).
  // `workDoneToken` is accepted; a refresh of anchors is one pass over the
  // files it reads, so it reports no progress yet.
  t.add("grove/workspace/refresh", kChange, [](RequestContext& c, const Params& p) {
    return proto::toJson(c.session.refreshWorkspace(proto::refreshFrom(p)));
  });
}

}  // namespace grove::server
