// The Engine's board API types (issue 16, DESIGN §11.2): capture, the
// snapshot `get` answers, the edit ops and what a change reports.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "agents/BoardCaptureAgent.h"
#include "agents/BoardGroupingAgent.h"
#include "model/Board.h"
#include "model/BoardOp.h"
#include "model/Unit.h"
#include "support/Field.h"

namespace grove {

struct CaptureRequest {
  std::string workspaceUri;
  std::string content;
  std::optional<Source> source;  // present: a snippet, else a note
  std::optional<std::string> title;
  std::optional<std::string> projectId;  // also append the code unit there
  Field<std::string> parentId;           // the unit's parent (absent: the cursor)
  Field<std::string> groupId;            // placed by hand (null: unassigned)
  /// The code unit this capture is (grove/unit/append of code in a
  /// workspace project): the item cites it and belongs to its project.
  std::optional<std::string> unitId;
  // The model path (session/BoardCaptureJobs): the utility model's analysis,
  // its sigma for the candidates it scored (present: Placement.method
  // "model", every candidate it did not score counts 0), and evolution left
  // to Engine::evolveCapture after the reply (`evolution` is then null).
  std::optional<BoardAnalysis> analysis;
  std::optional<std::vector<ScoredId>> sigma;
  bool deferEvolution = false;
};

struct BoardEvolution {
  struct Updated {
    std::string itemId;
    std::vector<std::string> fields;
  };
  std::vector<Updated> updated;
  std::vector<std::string> proposed;  // suggestion ids (cards)
};

struct CaptureResult {
  BoardItem item;
  BoardPlacement placement;
  std::optional<BoardEvolution> evolution;
  std::optional<Unit> unit;
};

/// A group as `get` shows it: with its direct members.
struct BoardGroupView {
  BoardGroup group;
  std::vector<std::string> itemIds;
  std::vector<std::string> groupIds;
};

struct BoardSnapshot {
  BoardInfo board;
  std::vector<BoardGroupView> groups;
  std::vector<BoardItem> items;
  std::vector<BoardLink> links;
};

struct BoardEditRequest {
  std::string workspaceUri;
  std::vector<BoardOp> ops;
  bool preview = false;
  std::optional<int64_t> expectedRevision;
};

struct BoardEditResult {
  BoardChange change;
  std::map<std::string, std::string> refs;
};

/// grove/board/reorganize: the selection (nothing: the whole board).
struct ReorganizeRequest {
  std::string workspaceUri;
  std::string instruction;
  std::vector<std::string> itemIds, groupIds;
};

/// grove/workspace/configure's board half: absent fields stay.
struct BoardSettingsUpdate {
  std::optional<double> minGroupScore, relatedFloor, linkScore, evolveScore;
  std::optional<int> relatedK, groupMentionSize;
  std::optional<std::string> evolution;
};

}  // namespace grove
