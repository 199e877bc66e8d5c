// The planner's loop on its own (session/KnowledgePlanner), with a scripted
// model: settings bound the corrections per op and the replans, every try
// is an attempt, and a failed provider call ends the planning at once.
#include <gtest/gtest.h>

#include <stdexcept>

#include "../KnowledgeOpBuilders.h"
#include "session/KnowledgePlanner.h"

namespace grove {
namespace {

using knowledge::KnowledgeGraph;

struct ScriptedModel {
  std::vector<std::string> replies;  // the last repeats
  std::vector<ChatRequest> asked;

  session::KnowledgeModelCall call() {
    return [this](const ChatRequest& r) {
      asked.push_back(r);
      if (replies.empty()) throw std::runtime_error("connection refused");
      return replies[std::min(asked.size(), replies.size()) - 1];
    };
  }
};

KnowledgeGraph oneNode() {
  KnowledgeGraph g;
  g.workspaceUri = "file:///w";
  knowledge::KnowledgeNode n;
  n.id = "nCore";
  n.title = "Core";
  g.nodes.push_back(n);
  return g;
}

const std::string kBadPlan = R"({"ops": [{"op": "DeleteNode", "id": "nGone"}]})";
const std::string kBadFix = R"({"op": {"op": "DeleteNode", "id": "nStillGone"}})";

TEST(KnowledgePlanner, SmallSettingsBoundTheAttempts) {
  KnowledgeSettings settings;
  settings.maxCorrections = 1;
  settings.maxReplans = 1;
  ScriptedModel model{{kBadPlan, kBadFix, kBadPlan, kBadFix}, {}};
  auto planned = session::planKnowledgeEdit(oneNode(), std::nullopt, "tidy up", settings, "m", model.call());
  EXPECT_FALSE(planned.ok);
  ASSERT_EQ(planned.attempts.size(), 4u) << "(1 plan + 1 correction) x (1 + 1 replan)";
  EXPECT_EQ(model.asked.size(), 4u);
  EXPECT_EQ(planned.attempts[0].error, "node not found: nGone");
  EXPECT_EQ(planned.attempts[1].error, "node not found: nStillGone");
  EXPECT_EQ(planned.attempts[1].opIndex, 0);
  EXPECT_NE(planned.error.find("after 4 attempts"), std::string::npos) << planned.error;
  // The replan carried the failures; the first plan had none to carry.
  EXPECT_EQ(model.asked[0].messages[0].content.find("Earlier attempts failed"), std::string::npos);
  EXPECT_NE(model.asked[2].messages[0].content.find("node not found: nStillGone"), std::string::npos);
  EXPECT_NE(model.asked[2].messages[0].content.find("N nCore Core"), std::string::npos) << "the outline";
}

TEST(KnowledgePlanner, ZeroCorrectionsReplansAtOnce) {
  KnowledgeSettings settings;
  settings.maxCorrections = 0;
  settings.maxReplans = 2;
  ScriptedModel model{{kBadPlan, kBadPlan, R"({"ops": [{"op": "UpdateNode", "id": "nCore", "title": "Kernel"}]})"}, {}};
  auto planned = session::planKnowledgeEdit(oneNode(), std::nullopt, "rename", settings, "m", model.call());
  ASSERT_TRUE(planned.ok) << planned.error;
  EXPECT_EQ(planned.attempts.size(), 3u);
  ASSERT_EQ(planned.ops.size(), 1u);
  EXPECT_EQ(planned.ops[0].title, std::optional<std::string>("Kernel"));
}

TEST(KnowledgePlanner, AFailedCallEndsThePlanningWithItsReason) {
  ScriptedModel model;
  auto planned = session::planKnowledgeEdit(oneNode(), std::nullopt, "tidy up", KnowledgeSettings{}, "m", model.call());
  EXPECT_FALSE(planned.ok);
  EXPECT_EQ(model.asked.size(), 1u);
  EXPECT_EQ(planned.error, "the model did not answer: connection refused");
}

}  // namespace
}  // namespace grove
