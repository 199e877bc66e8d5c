// Limits: the sizes a request's params may reach (PROTOCOL.md, "Input
// limits"). Each is checked where the params are read (Params), before any
// handler or the store sees the value, and answered with -32602 naming the
// field. They are far above what an editor sends, and low enough that one
// request cannot make the core hold or index an unbounded amount.
#pragma once

#include <cstddef>

namespace grove::proto {

/// Any id (`projectId`, `unitId`, the items of `unitIds`, ...). Grove's own
/// ids are under 40 bytes.
constexpr size_t kMaxIdBytes = 128;
/// A unit's text (`content`) and the other free texts a request carries
/// (`prompt`, `instruction`, `example`, `text`): 4 MiB.
constexpr size_t kMaxTextBytes = 4u << 20;
/// A search query or completion prefix (`query`, `prefix`).
constexpr size_t kMaxQueryBytes = 4096;
/// Titles and names (`title`, `name`).
constexpr size_t kMaxTitleBytes = 4096;
/// Any other string param (`role`, `model`, `workspaceUri`, ...).
constexpr size_t kMaxStringBytes = 65536;
/// Items of one list param (`unitIds`, `memoletIds`): units per call.
constexpr size_t kMaxListItems = 1000;
/// Arrays and objects nested inside `params` (the frame itself may nest
/// up to rpc::kMaxJsonDepth before it is parsed at all).
constexpr int kMaxParamsDepth = 32;

}  // namespace grove::proto
