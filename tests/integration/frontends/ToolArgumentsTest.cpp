// MCP tool arguments come from a model: every wrong one is a clear sentence,
// never an exception or a conversion with undefined behaviour.
#include <gtest/gtest.h>

#include "frontends/mcp/ToolArguments.h"

namespace grove::frontends::mcp {
namespace {

using nlohmann::json;

TEST(ToolArguments, ReadsWellFormedFields) {
  ToolArguments args(json{{"uri", "file:///a.cpp"}, {"startLine", 3}, {"endLine", 4.0}, {"memo", nullptr}});
  EXPECT_EQ(args.requiredString("uri"), "file:///a.cpp");
  EXPECT_EQ(args.requiredInteger("startLine", 1, 100), 3);
  EXPECT_EQ(args.requiredInteger("endLine", 1, 100), 4);  // 4.0 is a whole number
  EXPECT_EQ(args.optionalString("memo"), std::nullopt);  // null reads as absent
  EXPECT_EQ(args.optionalInteger("limit", 1, 200), std::nullopt);
  EXPECT_TRUE(args.ok()) << args.message();
}

TEST(ToolArguments, CollectsEveryProblemIntoOneMessage) {
  ToolArguments args(json{{"uri", 7}, {"startLine", "3"}, {"text", ""}});
  args.requiredString("uri");
  args.requiredInteger("startLine", 1, 100);
  args.requiredInteger("endLine", 1, 100);
  args.requiredString("text");
  EXPECT_FALSE(args.ok());
  EXPECT_EQ(args.message(),
            "uri must be a string; startLine must be an integer; endLine is required; text must not be empty");
}

TEST(ToolArguments, RefusesOutOfRangeNumbersWithoutConvertingThem) {
  // 1e300 and 2^64-1 do not fit a long long: they must be refused by
  // comparison, not converted (UBSan would flag the conversion).
  ToolArguments args(json{{"a", 1e300}, {"b", 18446744073709551615ull}, {"c", -5}, {"d", 2.5}});
  EXPECT_EQ(args.optionalInteger("a", 1, 1000), std::nullopt);
  EXPECT_EQ(args.optionalInteger("b", 1, 1000), std::nullopt);
  EXPECT_EQ(args.optionalInteger("c", 1, 1000), std::nullopt);
  EXPECT_EQ(args.optionalInteger("d", 1, 1000), std::nullopt);
  EXPECT_EQ(args.message(),
            "a must be between 1 and 1000; b must be between 1 and 1000; c must be between 1 and 1000; "
            "d must be an integer");
}

TEST(ToolArguments, ArgumentsThatAreNotAnObjectAreOneProblem) {
  ToolArguments args(json::array({1, 2}));
  args.requiredString("query");
  EXPECT_EQ(args.message(), "arguments must be an object; query is required");
  ToolArguments none(json(nullptr));  // absent arguments: every field is missing, nothing more
  none.optionalString("workspaceUri");
  EXPECT_TRUE(none.ok());
}

}  // namespace
}  // namespace grove::frontends::mcp
