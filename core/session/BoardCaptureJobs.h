// BoardCaptureJobs: the model path of grove/board/capture (issue 16). With a
// provider the utility model analyses the item, the engine prefilters its
// candidates, the model scores the top 20 and the engine places with those
// sigma; the reply goes out, then the related items evolve as their own
// change. Provider calls run on the executor, never on the engine thread,
// and share one short limit: whatever fails, stalls or answers garbage falls
// back to the native analysis or sigma, never to an error.
#pragma once

#include "engine/Engine.h"
#include "session/Turn.h"

namespace grove::session {

class Session;

/// Engine thread. Bad input fails now (throws); `done` runs on the engine
/// thread with the capture.
void captureWithModel(Session& session, CaptureRequest request, Done<CaptureResult> done);

}  // namespace grove::session
