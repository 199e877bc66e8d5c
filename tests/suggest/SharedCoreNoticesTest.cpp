// Suggestion notices reach every client of a shared core: a card made by
// the owner's client arrives at a joined client, and a card resolved there
// is announced back to the owner's.
#include <gtest/gtest.h>

#include "SuggestServerFixture.h"

namespace grove::suggest_test {
namespace {

class SharedCoreNotices : public SuggestServer {};

TEST_F(SharedCoreNotices, DidCreateAndDidChangeReachBothClients) {
  start();
  auto second = joinSecond("second-editor");
  Inbox other(second->client());
  std::string tip = thread();
  sendTurn(tip, kSideQuestion);
  auto mine = waitSuggestion("grove/suggestion/didCreate");
  ASSERT_TRUE(mine);
  std::string sid = (*mine)["params"]["suggestion"]["id"];
  auto theirs = other.waitFor([&](const json& n) {
    return n.value("method", "") == "grove/suggestion/didCreate" && n["params"]["suggestion"]["id"] == sid;
  });
  ASSERT_TRUE(theirs) << "the joined client did not get didCreate";

  // Resolved in the other window: this one drops its card.
  second->client().result("grove/suggestion/resolve", {{"suggestionId", sid}, {"decision", "reject"}});
  auto changed = waitSuggestion("grove/suggestion/didChange",
                                [&](const json& s) { return s["id"] == sid && s["state"] == "rejected"; });
  EXPECT_TRUE(changed) << "the owner's client did not get didChange";
  EXPECT_TRUE(other.waitFor([&](const json& n) {
    return n.value("method", "") == "grove/suggestion/didChange" && n["params"]["suggestion"]["state"] == "rejected";
  }));
}

}  // namespace
}  // namespace grove::suggest_test
