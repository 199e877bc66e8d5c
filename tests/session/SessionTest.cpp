// The Session runs a whole chat turn as one call, without the wire: the user
// message is stored in the caller's batch, the answer streams only when the
// deterministic executor runs, and the continuation reports exactly once.
#include <gtest/gtest.h>

#include <memory>

#include "TempDir.h"
#include "session/Session.h"
#include "store/SqliteStore.h"

namespace grove::session {
namespace {

class SessionTest : public ::testing::Test {
protected:
  SessionTest()
      : engine_(std::make_unique<SqliteStore>(SqliteStore::Options{dir_.file("grove.db")})),
        session_(engine_, SessionOptions{.deterministic = true}) {
    session_.setEventSink({[this](const std::vector<ChangeEvent>& e) { changes_.insert(changes_.end(), e.begin(), e.end()); },
                           {},
                           {}});
    run([&](Engine& e) { projectId_ = e.createProject("session", std::nullopt).id; });
    changes_.clear();
  }

  // Runs `fn` as one batch of `actor`, the way the server runs a request.
  void run(const std::function<void(Engine&)>& fn, const std::string& actor = "tester") {
    session_.runBatch(actor, fn, [](const std::optional<Error>& failed) { ASSERT_FALSE(failed); });
  }

  // Appends a message in its own batch; returns its id.
  std::string add(const std::optional<std::string>& parent, Role role, const std::string& content,
                  std::optional<AppendRequest::BranchInfo> branch = std::nullopt) {
    std::string id;
    run([&](Engine& e) {
      AppendRequest r;
      r.projectId = projectId_;
      r.parentId = parent;
      r.role = role;
      r.content = content;
      r.branch = std::move(branch);
      id = e.append(r).id;
    });
    return id;
  }

  struct Seen {
    int done = 0;
    std::optional<Expected<Turn>> turn;
    std::string streamed;
  };
  TurnCallbacks record(const std::shared_ptr<Seen>& seen) {
    return {[seen](const StreamDelta& d) { seen->streamed += d.text; },
            [seen](Expected<Turn> t) {
              seen->done += 1;
              seen->turn.emplace(std::move(t));
            }};
  }

  test::TempDir dir_;
  Engine engine_;
  Session session_;
  std::string projectId_;
  std::vector<ChangeEvent> changes_;
};

TEST_F(SessionTest, AChatTurnStoresTheMessageThenStreamsWhenTheExecutorRuns) {
  auto seen = std::make_shared<Seen>();
  run([&](Engine&) {
    session_.sendMessage({projectId_, std::nullopt, "How do I parse JSON in C++?", std::nullopt, std::nullopt},
                         record(seen), CancellationToken());
  });
  // Stored and announced; not answered yet: nothing ran the slow work.
  EXPECT_EQ(seen->done, 0);
  ASSERT_FALSE(changes_.empty());
  EXPECT_EQ(changes_.front().op, ChangeOp::Append);
  EXPECT_EQ(changes_.front().actor, "tester");

  EXPECT_GT(session_.runUntilIdle(), 0u);
  ASSERT_EQ(seen->done, 1);
  ASSERT_TRUE(seen->turn && seen->turn->ok()) << (seen->turn ? seen->turn->error().what() : "no turn");
  const Turn& t = seen->turn->value();
  EXPECT_EQ(t.userUnit.content, "How do I parse JSON in C++?");
  EXPECT_EQ(t.assistantUnit.status, Status::Complete);
  EXPECT_FALSE(t.assistantUnit.content.empty());
  EXPECT_EQ(seen->streamed, t.assistantUnit.content);
  EXPECT_EQ(engine_.unit(t.assistantUnit.id).content, t.assistantUnit.content);
  // The stored answer is the last change, credited to the asker.
  EXPECT_EQ(changes_.back().op, ChangeOp::Append);
  EXPECT_EQ(changes_.back().unitIds, std::vector<std::string>{t.assistantUnit.id});
  EXPECT_EQ(changes_.back().actor, "tester");
}

TEST_F(SessionTest, AnEmptyMessageIsRefusedBeforeAnythingIsStored) {
  auto seen = std::make_shared<Seen>();
  size_t before = changes_.size();
  try {
    run([&](Engine&) {
      session_.sendMessage({projectId_, std::nullopt, " \n\t", std::nullopt, std::nullopt}, record(seen),
                           CancellationToken());
    });
    FAIL() << "an empty message was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
    EXPECT_EQ(e.field(), "content");
  }
  EXPECT_EQ(session_.runUntilIdle(), 0u);
  EXPECT_EQ(seen->done, 0);
  EXPECT_EQ(changes_.size(), before);
  EXPECT_TRUE(engine_.getProject(projectId_).units.empty());
}

TEST_F(SessionTest, AStructureRequestInWordsIsAnsweredAtOnceWithACard) {
  auto seen = std::make_shared<Seen>();
  std::string root = add(add(std::nullopt, Role::User, "Let us design the config loader."), Role::Assistant,
                         "Start with a schema for the settings.");
  run([&](Engine&) {
    session_.sendMessage({projectId_, root, "Branch this off into its own thread.", std::nullopt, std::nullopt},
                         record(seen), CancellationToken());
    // Answered inside the batch: no model is asked.
    EXPECT_EQ(seen->done, 1);
  });
  EXPECT_EQ(session_.runUntilIdle(), 0u);
  ASSERT_TRUE(seen->turn && seen->turn->ok());
  EXPECT_EQ(seen->turn->value().finishReason, "delegated");
  ASSERT_TRUE(seen->turn->value().suggestionId);
  EXPECT_EQ(engine_.suggestion(*seen->turn->value().suggestionId).state, SuggestionState::Pending);
}

TEST_F(SessionTest, RegeneratingAnAnswerAnswersItsMessageAgain) {
  auto first = std::make_shared<Seen>();
  run([&](Engine&) {
    session_.sendMessage({projectId_, std::nullopt, "Explain move semantics.", std::nullopt, std::nullopt},
                         record(first), CancellationToken());
  });
  session_.runUntilIdle();
  ASSERT_TRUE(first->turn && first->turn->ok());
  const Turn& t = first->turn->value();
  auto again = std::make_shared<Seen>();
  run([&](Engine&) { session_.answerAgain({t.assistantUnit.id, std::nullopt, std::nullopt}, record(again), {}); });
  session_.runUntilIdle();
  ASSERT_EQ(again->done, 1);
  ASSERT_TRUE(again->turn->ok());
  EXPECT_EQ(again->turn->value().userUnit.id, t.userUnit.id);
  EXPECT_NE(again->turn->value().assistantUnit.id, t.assistantUnit.id);
  EXPECT_EQ(*engine_.unit(again->turn->value().assistantUnit.id).parentId, t.userUnit.id);
}

TEST_F(SessionTest, MovingTheCursorOutOfABranchSummarisesIt) {
  std::string root = add(std::nullopt, Role::User, "Plan the release of the parser library.");
  std::string head = add(root, Role::User, "Side question: how do we sign the release tarball with gpg?",
                         AppendRequest::BranchInfo{std::string("Signing"), std::nullopt});
  add(head, Role::Assistant, "Use gpg --detach-sign on the tarball and publish the signature.");
  run([&](Engine&) { session_.setCursor(projectId_, root); });
  auto summary = engine_.branchOf(head).summary;
  ASSERT_TRUE(summary.has_value()) << "leaving the branch wrote no summary";
  EXPECT_FALSE(summary->empty());
}

TEST_F(SessionTest, WorkThatThrowsIsRolledBackAndWhatWaitedForItNeverRuns) {
  bool ran = false;
  EXPECT_THROW(session_.runBatch(
                   "tester",
                   [&](Engine& e) {
                     e.renameProject(projectId_, "renamed");
                     session_.afterCommit([&] { ran = true; });
                     throw Error::invalidOp("refused", "the batch fails");
                   },
                   [](const std::optional<Error>&) {}),
               Error);
  EXPECT_EQ(engine_.project(projectId_).title, "session");
  run([](Engine&) {});  // a later batch does not run it either
  EXPECT_FALSE(ran);
}

}  // namespace
}  // namespace grove::session
