// JsonText writes what nlohmann's dump writes, byte for byte (the structure
// read's text must not differ from the json tree it replaced), and
// MessageShape finds a message's id the way the parser would.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "jsonrpc/MessageShape.h"
#include "protocol/JsonText.h"
#include "protocol/MemoletJson.h"
#include "protocol/PreviewText.h"
#include "protocol/Convert.h"
#include "protocol/UnitText.h"

using nlohmann::json;

namespace {

std::string viaLibrary(const std::string& s) {
  return json(s).dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string viaText(const std::string& s) {
  std::string out;
  grove::proto::appendJsonString(out, s);
  return out;
}

}  // namespace

TEST(JsonText, StringsAreWrittenAsTheLibraryWritesThem) {
  std::string controls;
  for (int c = 0; c < 0x20; ++c) controls += static_cast<char>(c);
  const std::vector<std::string> cases = {
      "",
      "plain ascii",
      "quote \" and backslash \\ and slash /",
      controls,
      "\x7f delete stays",
      "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8c\xb3",    // 2, 3 and 4 byte UTF-8
      "bad \xff byte",                                  // invalid: replaced
      "truncated \xe2\x82",                             // a sequence cut short
      "overlong \xc0\xaf",                              // overlong form
      "surrogate \xed\xa0\x80",                         // UTF-16 surrogate in UTF-8
      "past U+10FFFF \xf4\x90\x80\x80",
      std::string("nul \0 inside", 12),
  };
  for (const auto& s : cases) EXPECT_EQ(viaText(s), viaLibrary(s)) << json(s).dump(-1, ' ', true, json::error_handler_t::replace);
}

// Long strings take the eight-bytes-at-a-time path: special bytes at every
// offset of a word, and words of plain text between them.
TEST(JsonText, LongStringsAreWrittenAsTheLibraryWritesThem) {
  const std::string alphabet = std::string("abcXYZ019 ~{}\x7f\"\\\n\t\x01\x1f") + "\xc3\xa9" + "\xe2\x82\xac";
  uint32_t seed = 12345;
  auto next = [&seed] { return seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7fff; };
  for (int round = 0; round < 500; ++round) {
    std::string s;
    size_t len = next() % 200;
    while (s.size() < len) {
      if (next() % 4) s.append(next() % 24, 'a' + round % 26);  // a run of plain text
      size_t k = next() % alphabet.size();
      // Multi-byte characters whole, so the string stays valid UTF-8.
      if (static_cast<unsigned char>(alphabet[k]) >= 0x80) k = alphabet.find('\xc3');
      s += alphabet[k];
      if (alphabet[k] == '\xc3') s += '\xa9';
    }
    ASSERT_EQ(viaText(s), viaLibrary(s)) << json(s).dump(-1, ' ', true, json::error_handler_t::replace);
  }
}

TEST(JsonText, IntegersAreWrittenAsTheLibraryWritesThem) {
  for (int64_t v : {int64_t(0), int64_t(-1), int64_t(42), INT64_MAX, INT64_MIN}) {
    std::string out;
    grove::proto::appendJsonInt(out, v);
    EXPECT_EQ(out, json(v).dump());
  }
}

TEST(MessageShape, FindsTheIdOfAReplyWithoutParsingIt) {
  auto s = grove::rpc::scanMessage(R"({"id":7,"jsonrpc":"2.0","result":{"a":[1,"}",{"b":"\"]"}]}})");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->id, std::optional<std::string_view>("7"));
  EXPECT_FALSE(s->hasMethod);

  s = grove::rpc::scanMessage(R"( { "result" : [ ] , "id" : "a\"b" } )");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->id, std::optional<std::string_view>(R"("a\"b")"));

  s = grove::rpc::scanMessage(R"({"jsonrpc":"2.0","method":"grove/x","params":{}})");
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->id);
  EXPECT_TRUE(s->hasMethod);

  // The last of a repeated key, as the parser reads it.
  s = grove::rpc::scanMessage(R"({"id":1,"id":2})");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->id, std::optional<std::string_view>("2"));
}

TEST(MessageShape, LeavesWhatIsNotOneWellFormedObjectToTheParser) {
  for (const char* bad : {"", "[1]", "{", R"({"id":1)", R"({"id":[1})", R"({"id":1} x)", R"({"i\u0064":1})",
                          R"({"id":"open)", R"({"a":{"b":[}]}})", "42"})
    EXPECT_FALSE(grove::rpc::scanMessage(bad)) << bad;
  // Nesting is counted, not recursed: a deep reply is no danger.
  std::string deep = R"({"id":3,"result":)" + std::string(100000, '[') + std::string(100000, ']') + "}";
  auto s = grove::rpc::scanMessage(deep);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->id, std::optional<std::string_view>("3"));
}

// The preview's text is the tree the handler used to build and dump.
TEST(PreviewText, IsWhatTheJsonTreeOfThePreviewDumps) {
  grove::ScopePreview p;
  p.system = "system \"quoted\"\nwith caf\xc3\xa9 and bad \xff";
  p.messages.push_back({"user", "tab\there \\ and \x01 control", {"u1", "u2"}});
  p.messages.push_back({"assistant", "", {}});
  p.tokens = 1234;
  p.excluded = {"u3"};
  p.included = {};
  p.truncated = {"u4", "u\"5"};
  std::vector<grove::MemoryBlock> memory(1);
  memory[0].title = "a memory";
  json msgs = json::array();
  for (const auto& m : p.messages) msgs.push_back({{"role", m.role}, {"content", m.content}, {"unitIds", m.unitIds}});
  json tree{{"system", p.system},     {"messages", msgs},         {"tokens", p.tokens},
            {"excluded", p.excluded}, {"included", p.included}, {"truncated", p.truncated},
            {"memory", grove::proto::toJson(memory)}};
  EXPECT_EQ(grove::proto::previewText(p, memory), tree.dump(-1, ' ', false, json::error_handler_t::replace));
  EXPECT_EQ(json::parse(grove::proto::previewText(p, {}))["memory"], json::array());
}

// Units as grove/project/get and grove/unit/getMany write them: as the json
// tree they replaced would be dumped, for every optional field present and
// absent, a code unit's source and text that needs escapes or replacing.
TEST(JsonText, UnitsAreWrittenAsTheLibraryWritesThem) {
  grove::Unit plain;
  plain.id = "u_1";
  plain.projectId = "p_1";
  plain.content = "line one\n\"quoted\" \xff caf\xc3\xa9";
  plain.seq = 7;
  plain.createdAt = 1764400000123;
  grove::Unit code = plain;
  code.id = "u_2";
  code.parentId = "u_1";
  code.role = grove::Role::Assistant;
  code.kind = grove::Kind::Code;
  code.status = grove::Status::Interrupted;
  code.scope = grove::ScopeState::Excluded;
  code.startsBranch = true;
  code.editedAt = 1764400999000;
  grove::Source src;
  src.uri = "file:///w/a.cpp";
  src.contentHash = "abc";
  code.source = src;
  const std::vector<grove::Unit> units{plain, code, grove::Unit{}};
  std::string text;
  grove::proto::appendUnitsJson(text, units);
  json expected = json::array();
  for (const auto& u : units) expected.push_back(grove::proto::toJson(u));
  EXPECT_EQ(text, expected.dump(-1, ' ', false, json::error_handler_t::replace));
}
