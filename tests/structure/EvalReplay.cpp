#include "EvalReplay.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace grove::structure::eval {

std::vector<Conversation> loadEvalSet(const std::string& dir) {
  namespace fs = std::filesystem;
  if (!fs::is_directory(dir)) throw std::runtime_error("no evaluation set at " + dir);
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string name = e.path().filename().string();
    if (name.rfind("conversations-", 0) == 0 && e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<Conversation> out;
  for (const auto& f : files) {
    std::ifstream in(f);
    nlohmann::json j = nlohmann::json::parse(in);
    for (const auto& c : j.at("conversations")) {
      Conversation conv;
      conv.id = c.at("id").get<std::string>();
      conv.split = c.at("split").get<std::string>();
      conv.topic = c.value("topic", "");
      for (const auto& t : c.at("turns")) {
        Turn turn;
        turn.user = t.at("user").get<std::string>();
        turn.assistant = t.at("assistant").get<std::string>();
        turn.label = t.at("label").get<std::string>();
        turn.extract = t.value("extract", false);
        turn.title = t.value("title", "");
        turn.note = t.value("note", "");
        if (turn.label != "none" && turn.label != "branch" && turn.label != "return")
          throw std::runtime_error(conv.id + ": unknown label " + turn.label);
        conv.turns.push_back(std::move(turn));
      }
      out.push_back(std::move(conv));
    }
  }
  return out;
}

namespace {

// The gold path while replaying: the parent (main) path, and the branch the
// user is on, if any.
struct PathState {
  std::vector<PathTurn> main, branch;
  std::string branchTitle;
  bool onBranch = false;

  AnalysisInput input(const std::string& message) const {
    AnalysisInput in;
    in.message = message;
    in.path = main;
    if (!onBranch) return in;
    in.path.insert(in.path.end(), branch.begin(), branch.end());
    in.onBranch = true;
    in.branchHeadId = branch.front().unitId;
    in.branchTitle = branchTitle;
    size_t from = main.size() > 4 ? main.size() - 4 : 0;
    in.parentContext.assign(main.begin() + static_cast<long>(from), main.end());
    in.parentTipId = main.empty() ? "" : main.back().unitId;
    return in;
  }

  void advance(const Turn& t, size_t i) {
    PathTurn u{"u" + std::to_string(i), "user", t.user};
    PathTurn a{"a" + std::to_string(i), "assistant", t.assistant};
    if (t.label == "branch") {
      // A departure from a branch (the shared sets have them): the branch so
      // far joins the path it left and the new one starts at its tip.
      main.insert(main.end(), branch.begin(), branch.end());
      onBranch = true;
      branch = {u, a};
      branchTitle = t.title;
    } else if (onBranch && t.label == "return") {
      onBranch = false;
      branch.clear();
      main.push_back(u);
      main.push_back(a);
    } else {
      auto& to = onBranch ? branch : main;
      to.push_back(u);
      to.push_back(a);
    }
  }
};

bool has(const std::vector<Signal>& s, SignalKind k) {
  return std::any_of(s.begin(), s.end(), [k](const Signal& x) { return x.kind == k; });
}

void count(Counts& c, bool predicted, bool gold) {
  if (predicted && gold) c.tp += 1;
  else if (predicted) c.fp += 1;
  else if (gold) c.fn += 1;
}

}  // namespace

AnalysisInput inputAt(const Conversation& c, size_t turn) {
  PathState st;
  for (size_t i = 0; i < turn && i < c.turns.size(); ++i) st.advance(c.turns[i], i);
  return st.input(c.turns.at(turn).user);
}

Score evaluate(const std::vector<Conversation>& set, const std::string& split, const Thresholds& th,
               const Observer& observer) {
  Score score;
  for (const auto& c : set) {
    if (!split.empty() && c.split != split) continue;
    PathState st;
    for (size_t i = 0; i < c.turns.size(); ++i) {
      const Turn& t = c.turns[i];
      AnalysisInput in = st.input(t.user);
      std::vector<Signal> got = analyze(in, th);
      if (observer) observer(c, i, in, got);
      score.messages += 1;
      if (!t.scored) {
        st.advance(t, i);
        continue;
      }
      count(score.branch, has(got, SignalKind::Branch), t.label == "branch");
      count(score.ret, has(got, SignalKind::Return), t.label == "return");
      // A delegated extract ("save this as an SOP") is the user's call, not
      // the detector's: only unprompted extracts are scored.
      bool extracted = std::any_of(got.begin(), got.end(), [](const Signal& x) {
        return x.kind == SignalKind::Extract && !x.delegated;
      });
      count(score.extract, extracted, t.extract);
      st.advance(t, i);
    }
  }
  return score;
}

}  // namespace grove::structure::eval
