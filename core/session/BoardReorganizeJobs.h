// BoardReorganizeJobs: the model path of grove/board/reorganize (issue 16,
// Contexty's "Prompt with AI"). An instruction that names no offline key
// ("by file", "by topic", ...) goes to the utility model with the selected
// memories; its groups become a pending reorganize card (source model) that
// the user previews and accepts like any other. The call runs on the
// executor, never on the engine thread. A provider that fails is a 1003
// error with its reason; a reply that cannot be used after one retry is
// 1003 badResponse: there is no native reading of a free instruction to
// fall back to, and a made-up card would be worse than saying so.
#pragma once

#include "engine/Engine.h"
#include "session/Turn.h"

namespace grove::session {

class Session;

/// Engine thread. Bad input fails now (throws); `done` runs on the engine
/// thread with the card.
void reorganizeWithModel(Session& session, ReorganizeRequest request, Done<Suggestion> done);

}  // namespace grove::session
