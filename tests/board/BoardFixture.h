// BoardEngine: the board through the Engine on an in-memory SQLite store,
// with helpers to capture notes and snippets, edit, and draw the board as
// text (so undo can be compared with the state before an op).
#pragma once

#include <gtest/gtest.h>

#include "EngineFixture.h"

namespace grove::test {

inline const std::string kWs = "file:///home/ana/src/app";

class BoardEngine : public EngineTest {
protected:
  std::vector<BoardChange> changes;

  void SetUp() override {
    EngineTest::SetUp();
    engine->setBoardListener([this](const BoardChange& c) { changes.push_back(c); });
  }

  CaptureResult note(const std::string& content, const Field<std::string>& groupId = std::nullopt) {
    CaptureRequest r;
    r.workspaceUri = kWs;
    r.content = content;
    r.groupId = groupId;
    return engine->capture(r);
  }

  CaptureResult snippet(const std::string& content, const std::string& memo, const std::string& symbol,
                        const std::string& path = "src/db.cpp", const std::string& languageId = "cpp") {
    CaptureRequest r;
    r.workspaceUri = kWs;
    r.content = content;
    Source s;
    s.uri = kWs + "/" + path;
    s.range.end.line = 3;
    s.languageId = languageId;
    s.memo = memo;
    s.symbol = symbol;
    r.source = s;
    return engine->capture(r);
  }

  BoardEditResult edit(std::vector<BoardOp> ops, bool preview = false) {
    return engine->editBoard({kWs, std::move(ops), preview, std::nullopt});
  }

  /// What a client draws: every item, group and link with the fields that
  /// matter, so undo can be compared with the state before the op.
  std::string picture() {
    BoardSnapshot s = engine->board(kWs, true);
    std::string out;
    for (const auto& i : s.items) {
      out += "I " + i.id() + " " + i.memolet.title + " | " + i.memolet.summary + " | " + i.memolet.text + " | " +
             i.context + " | " + i.memo + " | " + i.groupId.value_or("-") + " | " + (i.archived ? "A" : "") +
             (i.hidden ? "H" : "") + " |";
      for (const auto& t : i.tags) out += " " + t;
      out += " |";
      for (const auto& f : i.userEdited) out += " " + f;
      out += " | " + std::to_string(i.badges.size()) + "\n";
    }
    for (const auto& g : s.groups)
      out += "G " + g.group.id + " " + g.group.title + " | " + g.group.summary + " | " +
             g.group.parentId.value_or("-") + " | " + std::to_string(g.itemIds.size()) + "\n";
    for (const auto& l : s.links) out += "L " + l.id + " " + l.from + " " + l.to + " " + l.label.value_or("-") + "\n";
    return out;
  }

  /// Applies `ops`, then checks undo restores the picture before and redo the one after.
  void expectUndoable(std::vector<BoardOp> ops) {
    std::string before = picture();
    edit(std::move(ops));
    std::string after = picture();
    ASSERT_NE(before, after) << "the op changed nothing";
    BoardChange u = engine->undoBoard(kWs);
    EXPECT_EQ(u.op, "undo");
    EXPECT_EQ(picture(), before);
    engine->redoBoard(kWs);
    EXPECT_EQ(picture(), after);
  }

  static BoardOp op(BoardOp::Kind k) {
    BoardOp o;
    o.op = k;
    return o;
  }
};

}  // namespace grove::test
