// MemoletJson: memolet types on the wire (PROTOCOL.md, "Memolets").
#pragma once

#include <nlohmann/json.hpp>

#include "engine/Engine.h"
#include "protocol/Params.h"

namespace grove::proto {

using nlohmann::json;

json toJson(const Memolet&);
json toJson(const MemoletGroup&);
json toJson(const Sandbox&);
json toJson(const MemoletHit&);
json toJson(const MemoletMap&);
json toJson(const MemoletCompletion&);

/// grove/memolet/create params: {projectId, unitIds} | {projectId, unitId, span: {start, end}},
/// parentId?, title?.
MemoletCreateRequest memoletCreateFrom(const Params& p);
/// grove/chat/refine's manipulation lists.
RefineRequest refineFrom(const Params& p);
/// The `memory` parameter of a turn or a preview (absent: auto, nothing added).
MemoryChoice memoryChoiceFrom(const Params& p);
json toJson(const MemoryBlock&);
json toJson(const std::vector<MemoryBlock>&);
/// An optional `scope: {projectId?}`.
std::optional<std::string> scopeProjectFrom(const Params& p);

}  // namespace grove::proto
