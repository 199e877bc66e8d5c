// ProjectRead: a session's whole tree for the ACP commands that need it,
// read through grove/project/get's pages. One reply for a big session (about
// 80 MB at 100,000 units) is more than the core lets a connection leave
// unread, and the core would close the front end's link over it. A page of
// 5,000 units is about 5 MB of chat.
#pragma once

#include <string>

#include "frontends/CoreCaller.h"

namespace grove::frontends::acp {

/// grove/project/get's result, `{project, units, branches}`, assembled from
/// its pages; read again from the start when the tree changed between two
/// pages, so the units and branches are one state. A core error (an unknown
/// session, a lost link) is the outcome as the failing call gave it.
CoreCaller::Outcome readProject(CoreCaller& core, const std::string& projectId, int pageUnits = 5000);

}  // namespace grove::frontends::acp
