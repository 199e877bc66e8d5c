#include <gtest/gtest.h>

#include "llm/SseParser.h"

namespace grove::llm {
namespace {

std::vector<SseEvent> parse(const std::vector<std::string>& lines, bool finish = false) {
  std::vector<SseEvent> events;
  SseParser p([&](const SseEvent& e) {
    events.push_back(e);
    return true;
  });
  for (const auto& l : lines) p.feed(l);
  if (finish) p.finish();
  return events;
}

TEST(SseParser, DispatchesOnBlankLineWithTypeAndData) {
  auto ev = parse({"event: message_start", "data: {\"a\":1}", "", ": comment", "data: x", ""});
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].type, "message_start");
  EXPECT_EQ(ev[0].data, "{\"a\":1}");
  EXPECT_EQ(ev[1].type, "message");
  EXPECT_EQ(ev[1].data, "x");
}

TEST(SseParser, JoinsMultiLineDataAndKeepsColonsInValues) {
  auto ev = parse({"data: a: b", "data:c", ""});
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].data, "a: b\nc");
}

TEST(SseParser, FinishFlushesALastEventWithoutBlankLine) {
  EXPECT_TRUE(parse({"data: tail"}).empty());
  auto ev = parse({"data: tail"}, true);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].data, "tail");
}

TEST(SseParser, HandlerCanStopTheStream) {
  int seen = 0;
  SseParser p([&](const SseEvent&) { return ++seen < 1; });
  EXPECT_FALSE(p.feed("data: [DONE]") && p.feed(""));
  EXPECT_EQ(seen, 1);
}

}  // namespace
}  // namespace grove::llm
