// Intent titles for new branches, taken from the message that starts them.
#include <gtest/gtest.h>

#include "structure/Title.h"

using grove::structure::intentTitle;
using grove::structure::quoted;

TEST(Title, DropsCuesAndQuestionOpeners) {
  EXPECT_EQ(intentTitle("Unrelated, but what's the difference between std::move and std::forward? I mix them up."),
            "Difference between std::move and std::forward");
  EXPECT_EQ(intentTitle("Fixed, it links now. Different question: how do I get clang-tidy to run in the build?"),
            "Get clang-tidy to run in the build");
  EXPECT_EQ(intentTitle("By the way, how do I squash my last 5 commits?"), "Squash my last 5 commits");
  EXPECT_EQ(intentTitle("Unrelated: my Jupyter kernel keeps dying when I open big notebooks"),
            "My Jupyter kernel keeps dying");
}

TEST(Title, AtMostSevenWords) {
  std::string t = intentTitle("how do I make one two three four five six seven eight nine ten work");
  EXPECT_EQ(std::count(t.begin(), t.end(), ' '), 6);
}

TEST(Title, QuotedList) {
  EXPECT_EQ(quoted({}), "");
  EXPECT_EQ(quoted({"a"}), "'a'");
  EXPECT_EQ(quoted({"a", "b", "c"}), "'a', 'b' and 'c'");
}
