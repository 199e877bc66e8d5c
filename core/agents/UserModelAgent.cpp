#include "agents/UserModelAgent.h"

#include <algorithm>
#include <cmath>


#include "agents/MemoryAgent.h"

namespace grove {

namespace {

// Signed evidence one event gives about wanting more of its action.
double weight(const std::string& outcome) {
  if (outcome == "manual") return 1.5;     // the user did it unprompted
  if (outcome == "accepted") return 1.0;
  if (outcome == "deferred") return 0.25;  // interested, not now
  if (outcome == "ignored") return -0.35;  // passed by: weak evidence
  if (outcome == "rejected") return -1.0;
  return 0;
}

struct Tally {
  double sum = 0, mass = 0;
  std::vector<std::string> examples;  // newest first

  void add(const StructureEvent& e, double w) {
    sum += w;
    mass += std::abs(w);
    if (e.detail.empty()) return;
    std::string ex = e.outcome + ": " + limitWords(e.detail, 20);
    // Keep a few representative examples: a new one replaces the oldest, and
    // an example already held is not repeated.
    if (std::find(examples.begin(), examples.end(), ex) != examples.end()) return;
    examples.insert(examples.begin(), ex);
    if (examples.size() > 3) examples.pop_back();
  }
  Preference preference() const {
    Preference p;
    // Shrunk toward 0 when there is little evidence (cold-start honesty).
    p.value = std::clamp(sum / (mass + 2.0), -1.0, 1.0);
    p.evidence = mass / (mass + 4.0);
    p.examples = examples;
    return p;
  }
};

}  // namespace

UserModel buildUserModel(const std::vector<StructureEvent>& events) {
  Tally branching, returning, extracting, granularity;
  for (const auto& e : events) {
    double w = weight(e.outcome);
    if (e.action == "branch") {
      branching.add(e, w);
      // Branching by hand draws finer boundaries; so does accepting a branch.
      if (w > 0) granularity.add(e, w * 0.5);
    } else if (e.action == "return") {
      returning.add(e, w);
    } else if (e.action == "extract") {
      extracting.add(e, w);
    } else if (e.action == "exclude" || e.action == "mainline") {
      granularity.add(e, w);
    }
  }
  UserModel m;
  m.events = static_cast<int>(events.size());
  m.stage = m.events < 5 ? "cold_start" : m.events < 20 ? "learning" : "ready";
  m.branching = branching.preference();
  m.returning = returning.preference();
  m.extracting = extracting.preference();
  m.granularity = granularity.preference();
  return m;
}

structure::Bias biasFrom(const UserModel& m) {
  // Evidence scales the shift: two rejections move less than eight.
  auto shift = [](const Preference& p) { return std::clamp(p.value * (0.5 + 0.5 * p.evidence), -1.0, 1.0); };
  structure::Bias b;
  b.branch = shift(m.branching);
  b.ret = shift(m.returning);
  b.extract = shift(m.extracting);
  return b;
}

}  // namespace grove
