// How long a change made through one editor takes to reach another editor's
// didChange, both ways across the relay (issue 4's target: under 10 ms median).
// Measured from sending the request to the other client reading the
// notification, so it includes the relay hops, the commit and the fan-out.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "SharedStore.h"

namespace grove::test {
namespace {

using DidChangeLatency = SharedStore;
using Clock = std::chrono::steady_clock;

constexpr int kChanges = 100;
constexpr double kTargetMedianMs = 10.0;
// A sanitizer slows every hop (relay, commit, fan-out) several times over,
// and its run shares the machine with other suites: the target is checked in
// the plain build, and under ASan or TSan the bound only catches a change that
// stalls (one missed 10 ms under ASan while the machine compiled beside it,
// session 23).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr double kBoundMedianMs = 5 * kTargetMedianMs;
#else
constexpr double kBoundMedianMs = kTargetMedianMs;
#endif

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  size_t i = static_cast<size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[i];
}

// Edits `unitId` kChanges times through `from`; returns the delays until `to`
// heard each edit (every one must be heard, as a newer revision).
std::vector<double> measure(RpcClient& from, RpcClient& to, const std::string& projectId,
                            const std::string& unitId, const std::string& label) {
  std::vector<double> delays;
  // A round trip on `to` first: every notification of earlier changes has
  // reached it by the time the reply does, so none is mistaken for a new one.
  long long lastRevision =
      to.result("grove/project/get", {{"projectId", projectId}})["project"]["revision"].get<long long>();
  to.takeNotifications();
  for (int i = 0; i < kChanges; ++i) {
    auto t0 = Clock::now();
    json id = from.send("grove/unit/edit", {{"unitId", unitId}, {"content", label + " " + std::to_string(i)}});
    auto heard = to.waitForNotification([&](const json& m) {
      return m["method"] == "grove/project/didChange" && m["params"]["op"] == "edit" &&
             m["params"]["unitIds"] == json::array({unitId}) &&
             m["params"]["revision"].get<long long>() > lastRevision;
    });
    auto t1 = Clock::now();
    if (!heard) {
      ADD_FAILURE() << label << ": change " << i << " never reached the other client";
      return delays;
    }
    json reply = from.waitResponse(id);
    if (!isResult(reply)) {
      ADD_FAILURE() << label << ": " << reply.dump();
      return delays;
    }
    lastRevision = (*heard)["params"]["revision"].get<long long>();
    from.takeNotifications();  // its own copies
    delays.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return delays;
}

TEST_F(DidChangeLatency, AChangeReachesTheOtherEditorWithinTenMillisecondsMedian) {
  auto owner = editor("editor-a");
  auto joined = editor("editor-b");
  RpcClient& a = owner->client();
  RpcClient& b = joined->client();
  std::string pid = createProject(a, "latency")["id"];
  std::string unit = append(a, pid, nullptr, "edited back and forth")["id"];
  b.takeNotifications();

  std::vector<double> aToB = measure(a, b, pid, unit, "owner->relay");
  std::vector<double> bToA = measure(b, a, pid, unit, "relay->owner");
  ASSERT_EQ(aToB.size(), static_cast<size_t>(kChanges));
  ASSERT_EQ(bToA.size(), static_cast<size_t>(kChanges));

  double medAB = percentile(aToB, 0.5), medBA = percentile(bToA, 0.5);
  std::printf("[ share ] didChange delay over %d changes: owner's editor -> relayed editor median %.3f ms "
              "(p90 %.3f, max %.3f); relayed -> owner's median %.3f ms (p90 %.3f, max %.3f)\n",
              kChanges, medAB, percentile(aToB, 0.9), percentile(aToB, 1.0), medBA,
              percentile(bToA, 0.9), percentile(bToA, 1.0));
  RecordProperty("medianOwnerToRelayMs", std::to_string(medAB));
  RecordProperty("medianRelayToOwnerMs", std::to_string(medBA));
  EXPECT_LT(medAB, kBoundMedianMs);
  EXPECT_LT(medBA, kBoundMedianMs);

  // Both ended on the last text.
  EXPECT_EQ(a.result("grove/unit/get", {{"unitId", unit}})["content"], "relay->owner 99");
}

}  // namespace
}  // namespace grove::test
