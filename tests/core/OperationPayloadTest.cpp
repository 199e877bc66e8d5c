// The operation log's payload (store/Images.h): an append's payload is
// written without building a JSON tree, and must read back, and look, the
// same as the general form writes it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "store/Images.h"

namespace grove::test {
namespace {

using nlohmann::json;

UnitChange created(const std::string& id) {
  UnitChange c;
  c.created = true;
  c.before.id = c.after.id = id;
  return c;
}

json marks(const Marks& m) {
  auto str = [](const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); };
  return json{{"start", str(m.mainlineStartId)}, {"end", str(m.mainlineEndId)}};
}

TEST(OperationPayload, AnAppendIsWrittenAsTheGeneralFormWritesIt) {
  const std::vector<std::pair<Marks, Marks>> markCases = {
      {Marks{}, Marks{std::nullopt, "u_1"}},
      {Marks{"u_0", "u_1"}, Marks{"u_0", "u_2"}},
      {Marks{"quote\" and \\ and \n", std::nullopt}, Marks{"é ünïcode", "tab\there"}},
  };
  for (const auto& [before, after] : markCases) {
    for (size_t n : {0, 1, 3}) {
      Operation op;
      op.kind = "append";
      op.marksBefore = before;
      op.marksAfter = after;
      json units = json::array();
      for (size_t i = 0; i < n; ++i) {
        std::string id = "u_" + std::to_string(i) + (i == 2 ? "\"odd\\" : "");
        op.units.push_back(created(id));
        units.push_back({{"created", id}});
      }
      const json expected{{"units", units}, {"branches", json::array()}, {"marksBefore", marks(before)}, {"marksAfter", marks(after)}};
      const std::string text = images::operationPayload(op);
      EXPECT_EQ(text, expected.dump());
      Operation back;
      images::readOperationPayload(text, back);
      ASSERT_EQ(back.units.size(), n);
      for (size_t i = 0; i < n; ++i) {
        EXPECT_TRUE(back.units[i].created);
        EXPECT_EQ(back.units[i].after.id, op.units[i].after.id);
      }
      EXPECT_EQ(back.marksBefore, before);
      EXPECT_EQ(back.marksAfter, after);
    }
  }
}

TEST(OperationPayload, AnOperationThatChangesUnitsKeepsTheirRows) {
  Operation op;
  op.kind = "edit";
  op.units.push_back(created("u_new"));
  UnitChange edit;
  edit.before.id = edit.after.id = "u_old";
  edit.before.projectId = edit.after.projectId = "p_1";
  edit.before.content = "before";
  edit.after.content = "after";
  op.units.push_back(edit);
  Operation back;
  images::readOperationPayload(images::operationPayload(op), back);
  ASSERT_EQ(back.units.size(), 2u);
  EXPECT_TRUE(back.units[0].created);
  EXPECT_FALSE(back.units[1].created);
  EXPECT_EQ(back.units[1].before.content, "before");
  EXPECT_EQ(back.units[1].after.content, "after");
}

}  // namespace
}  // namespace grove::test
