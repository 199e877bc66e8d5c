// grove/workspace/* params and results (DESIGN §11.1): the refresh request
// and its anchors. The documents part is the knowledge map's to fill.
#pragma once

#include "protocol/Params.h"
#include "session/SourceAnchors.h"

namespace grove::proto {

session::RefreshRequest refreshFrom(const Params& p);
json toJson(const session::RefreshResult& r);

}  // namespace grove::proto
