// grove/board/*: Contexty's memory board (DESIGN §11.2), and
// grove/workspace/configure (the board's settings; the knowledge map's half
// joins it here when the map exists).
#include "protocol/BoardJson.h"
#include "protocol/SuggestionJson.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

namespace {

// Board changes honour `expectedRevision` against the workspace's board
// revision, which the engine checks (the dispatcher's check is per project).
constexpr MethodSpec kBoardChange{RunsOn::EngineThread, Revision::Ignored};
// Capture with a provider waits for the utility model (session/BoardCaptureJobs).
constexpr MethodSpec kSlowBoardChange{RunsOn::Worker, Revision::Ignored};

/// KnowledgeSettings defaults (DESIGN §11.3) until the knowledge map stores its own.
json knowledgeDefaults() {
  return {{"include", json::array()}, {"exclude", json::array()}, {"clarifyBelow", 0.4},
          {"growOnSearch", true},     {"maxNewNodes", 6},         {"maxCorrections", 5},
          {"maxReplans", 3}};
}

}  // namespace

void registerBoardHandlers(MethodTable& t) {
  t.addWithReply("grove/board/capture", kSlowBoardChange, [](RequestContext& c, const Params& p, Reply reply) {
    c.session.captureToBoard(proto::captureFrom(p), answerWith<CaptureResult>(std::move(reply), [](const CaptureResult& r) {
                               return toJson(r);
                             }));
  });

  t.add("grove/board/get", kRead, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.board(p.str("workspaceUri"), p.flag("archived", false)));
  });

  t.add("grove/board/edit", kBoardChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.editBoard(proto::boardEditFrom(p)));
  });

  // A pending card, not a change: the board moves when the card is accepted.
  // A free instruction waits for the utility model (session/BoardReorganizeJobs).
  t.addWithReply("grove/board/reorganize", kSlowBoardChange, [](RequestContext& c, const Params& p, Reply reply) {
    c.session.reorganizeBoard(proto::reorganizeFrom(p), answerWith<Suggestion>(std::move(reply), [](const Suggestion& s) {
                                return json{{"suggestion", toJson(s)}};
                              }));
  });

  t.add("grove/board/undo", kBoardChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.undoBoard(p.str("workspaceUri")));
  });

  t.add("grove/board/redo", kBoardChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.redoBoard(p.str("workspaceUri")));
  });

  t.add("grove/workspace/configure", kBoardChange, [](RequestContext& c, const Params& p) {
    std::string ws = p.str("workspaceUri");
    BoardSettings board = p.object("board") ? c.engine.configureBoard(ws, proto::boardSettingsFrom(p.raw()["board"]))
                                            : c.engine.boardSettings(ws);
    return json{{"board", toJson(board)}, {"knowledge", knowledgeDefaults()}};
  });
}

}  // namespace grove::server
