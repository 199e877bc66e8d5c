// BoardJson: the board's types <-> wire JSON (DESIGN §11.2), and the
// `board` half of grove/workspace/configure.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/Engine.h"
#include "protocol/Params.h"

namespace grove::proto {

using nlohmann::json;

json toJson(const BoardItem&);
json toJson(const BoardOp&);
json toJson(const BoardPlacement&);
json toJson(const BoardEvolution&);
json toJson(const BoardGroupView&);
json toJson(const BoardLink&);
json toJson(const BoardInfo&);
json toJson(const BoardSettings&);
json toJson(const BoardChange&);
json toJson(const CaptureResult&);
json toJson(const BoardSnapshot&);
json toJson(const BoardEditResult&);

CaptureRequest captureFrom(const Params& p);
BoardEditRequest boardEditFrom(const Params& p);
ReorganizeRequest reorganizeFrom(const Params& p);
/// Reads `board` of grove/workspace/configure; errors name `board.<field>`.
BoardSettingsUpdate boardSettingsFrom(const json& j);
/// grove/workspace/configure's other half, read with the same helpers
/// (fields named `knowledge.<field>` in errors).
KnowledgeSettingsUpdate knowledgeSettingsFrom(const json& j);

}  // namespace grove::proto
