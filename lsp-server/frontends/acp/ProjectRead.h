// ProjectRead: a session's whole tree for the ACP commands that need it,
// read through grove/project/get's pages. One reply for a big session (76 MiB
// at 100,000 units of pi-compare's corpus) is more than CoreCaller takes in
// one message (64 MiB): the call would wait out its deadline and fail. A page
// is at most `pageUnits` units and about 8 MiB of text.
#pragma once

#include <string>

#include "frontends/CoreCaller.h"

namespace grove::frontends::acp {

/// grove/project/get's result, `{project, units, branches}`, assembled from
/// its pages. When the tree changes between two pages it is read again from
/// the start, up to three times; a tree written to without pause may still
/// come back as it was over the last read. A core error (an unknown session,
/// a lost link) is the outcome as the failing call gave it.
CoreCaller::Outcome readProject(CoreCaller& core, const std::string& projectId, int pageUnits = 5000);

}  // namespace grove::frontends::acp
