// analyze() is a pure function of its input, and reads only the recent part
// of a long path.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "EvalReplay.h"
#include "Paths.h"
#include "structure/Analysis.h"

using namespace grove::structure;
using namespace grove::structure::testing;

namespace {

void expectSame(const std::vector<Signal>& a, const std::vector<Signal>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].kind, b[i].kind);
    EXPECT_EQ(a[i].anchorIds, b[i].anchorIds);
    EXPECT_EQ(a[i].reason, b[i].reason);
    EXPECT_EQ(a[i].confidence, b[i].confidence);  // bit for bit
    EXPECT_EQ(a[i].title, b[i].title);
    EXPECT_EQ(a[i].delegated, b[i].delegated);
    EXPECT_EQ(a[i].capsuleType, b[i].capsuleType);
  }
}

}  // namespace

TEST(Determinism, SameInputSameSignals) {
  auto set = eval::loadEvalSet(GROVE_STRUCTURE_DATA_DIR);
  int compared = 0, nonEmpty = 0;
  for (const auto& c : set)
    for (size_t i = 0; i < c.turns.size(); ++i) {
      AnalysisInput in = eval::inputAt(c, i);
      auto first = analyze(in);
      AnalysisInput copy = in;
      expectSame(first, analyze(copy));
      ++compared;
      nonEmpty += !first.empty();
    }
  EXPECT_GT(compared, 300);
  EXPECT_GT(nonEmpty, 50);
}

TEST(Determinism, OnlyTheRecentPathCounts) {
  // Old history far behind the cursor changes nothing.
  auto recent = vectorThread();
  std::vector<PathTurn> longPath;
  for (int i = 0; i < 200; ++i)
    longPath.push_back({"old" + std::to_string(i), i % 2 ? "assistant" : "user",
                        "Kubernetes ingress annotations and TLS certificates for the staging cluster"});
  longPath.insert(longPath.end(), recent.begin(), recent.end());
  const char* msg = "Unrelated, but how do I configure log rotation in systemd journald?";
  expectSame(analyze(onMainline(recent, msg)), analyze(onMainline(longPath, msg)));
}

TEST(Determinism, FastOnAThousandUnitPath) {
  // A loose bound that holds in Debug builds on a busy machine; it catches a
  // detector that starts reading the whole path (the benchmark reports the
  // real figure against the 1 ms target).
  auto set = eval::loadEvalSet(GROVE_STRUCTURE_DATA_DIR);
  AnalysisInput in;
  while (in.path.size() < 1000)
    for (const auto& c : set)
      for (size_t i = 0; i < c.turns.size() && in.path.size() < 1000; ++i) {
        in.path.push_back({"u" + std::to_string(in.path.size()), "user", c.turns[i].user});
        in.path.push_back({"a" + std::to_string(in.path.size()), "assistant", c.turns[i].assistant});
      }
  ASSERT_EQ(in.path.size(), 1000u);
  std::vector<double> ms;
  for (int i = 0; i < 41; ++i) {
    in.message = set[static_cast<size_t>(i) % set.size()].turns[1].user;
    auto t0 = std::chrono::steady_clock::now();
    analyze(in);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  EXPECT_LT(ms[ms.size() / 2], 10.0);

  // An exclude request is the one detector that reads the whole path.
  in.message = "exclude the earlier setup discussion";
  std::vector<double> ex;
  for (int i = 0; i < 11; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    auto got = analyze(in);
    ex.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    ASSERT_EQ(got.size(), 1u);
    EXPECT_FALSE(got[0].anchorIds.empty());
  }
  std::sort(ex.begin(), ex.end());
  EXPECT_LT(ex[ex.size() / 2], 10.0);
}
