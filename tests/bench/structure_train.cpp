// grove_structure_train: fits the branch and return models of core/structure
// (logistic regressions over structure/Features) and writes their weights and
// decision thresholds to core/structure/ModelWeights.inc.
//
//   grove_structure_train [--benchmarks DIR] [--out FILE] [--floor P] [--tiage-weight W]
//
// Training data, train/dev splits only: the tune split of tests/data/structure,
// the shared real-dev programming conversations and TIAGE train (topic shifts
// in chit-chat, down-weighted so they inform the branch model without drowning
// the programming data). Never the held-out split of tests/data/structure.
//
// The L2 strength and the decision thresholds are chosen by 5-fold
// cross-validation grouped by conversation: a threshold is the lowest
// probability whose out-of-fold precision on the programming conversations
// reaches the floor (default 0.85: a card interrupts, so precision first),
// taking the best F1 among those.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "EvalReplay.h"
#include "SharedSets.h"
#include "structure/Context.h"
#include "structure/Drift.h"
#include "structure/Features.h"
#include "structure/Return.h"

using namespace grove::structure;

namespace {

struct Example {
  std::vector<double> x;
  bool y = false;
  std::string source;  // "own" | "real-dev" | "tiage"
  int group = 0;       // conversation, for grouped folds
  double weight = 1;
  std::string where;  // conversation id and turn, for --explain
};

struct Data {
  std::vector<Example> branch, ret;
};

void addConversations(Data& data, const std::vector<eval::Conversation>& set, const std::string& source,
                      int& group, double weight = 1) {
  eval::evaluate(set, "", Thresholds{}, [&](const eval::Conversation& c, size_t i, const AnalysisInput& in,
                                             const std::vector<Signal>&) {
    if (i == 0) ++group;
    const eval::Turn& t = c.turns[i];
    if (in.path.empty() || !t.scored) return;
    Context ctx = contextOf(in);
    std::string where = c.id + "#" + std::to_string(i) + " " + t.user.substr(0, 70);
    for (char& ch : where)
      if (ch == '\n') ch = ' ';
    if (in.onBranch)
      data.ret.push_back({returnFeatures(ctx, estimateReturn(ctx)), t.label == "return", source, group, weight, where});
    if (t.label != "return")
      data.branch.push_back({branchFeatures(ctx, estimateDrift(ctx)), t.label == "branch", source, group, weight, where});
  });
}

void addDialogues(Data& data, const std::vector<eval::Dialogue>& set, double weight, int& group) {
  for (const auto& d : set) {
    ++group;
    for (size_t i = 1; i < d.turns.size(); ++i) {
      Context ctx = contextOf(eval::dialogueInput(d, i));
      data.branch.push_back({branchFeatures(ctx, estimateDrift(ctx)), d.shift[i], "tiage", group, weight, d.id});
    }
  }
}

// Solves A x = b (A symmetric positive definite, small) by Gaussian elimination.
std::vector<double> solve(std::vector<std::vector<double>> a, std::vector<double> b) {
  size_t n = b.size();
  for (size_t i = 0; i < n; ++i) {
    size_t piv = i;
    for (size_t r = i + 1; r < n; ++r)
      if (std::fabs(a[r][i]) > std::fabs(a[piv][i])) piv = r;
    std::swap(a[i], a[piv]);
    std::swap(b[i], b[piv]);
    for (size_t r = i + 1; r < n; ++r) {
      double f = a[r][i] / a[i][i];
      for (size_t c = i; c < n; ++c) a[r][c] -= f * a[i][c];
      b[r] -= f * b[i];
    }
  }
  std::vector<double> x(n);
  for (size_t i = n; i-- > 0;) {
    double s = b[i];
    for (size_t c = i + 1; c < n; ++c) s -= a[i][c] * x[c];
    x[i] = s / a[i][i];
  }
  return x;
}

// Weighted L2-regularised logistic regression by Newton's method (IRLS);
// feature 0 is the bias and is not penalised. Deterministic.
LogisticModel fit(const std::vector<const Example*>& ex, double lambda) {
  size_t n = ex.empty() ? 0 : ex.front()->x.size();
  LogisticModel m;
  m.weights.assign(n, 0.0);
  for (int iter = 0; iter < 30; ++iter) {
    std::vector<std::vector<double>> h(n, std::vector<double>(n, 0.0));
    std::vector<double> g(n, 0.0);
    for (const Example* e : ex) {
      double p = m.probability(e->x);
      double r = e->weight * ((e->y ? 1.0 : 0.0) - p), w = e->weight * std::max(p * (1 - p), 1e-6);
      for (size_t i = 0; i < n; ++i) {
        g[i] += r * e->x[i];
        for (size_t j = 0; j < n; ++j) h[i][j] += w * e->x[i] * e->x[j];
      }
    }
    for (size_t i = 1; i < n; ++i) {
      g[i] -= lambda * m.weights[i];
      h[i][i] += lambda;
    }
    h[0][0] += 1e-6;
    auto step = solve(h, g);
    double change = 0;
    for (size_t i = 0; i < n; ++i) {
      m.weights[i] += step[i];
      change += std::fabs(step[i]);
    }
    if (change < 1e-7) break;
  }
  return m;
}

struct Prf {
  int tp = 0, fp = 0, fn = 0;
  double p() const { return tp + fp ? double(tp) / (tp + fp) : 0; }
  double r() const { return tp + fn ? double(tp) / (tp + fn) : 0; }
  double f1() const { return p() + r() > 0 ? 2 * p() * r() / (p() + r()) : 0; }
};

Prf score(const std::vector<Example>& ex, const std::vector<double>& prob, double t,
          const std::vector<std::string>& sources) {
  Prf k;
  for (size_t i = 0; i < ex.size(); ++i) {
    bool in = false;
    for (const auto& s : sources) in = in || ex[i].source == s;
    if (!in) continue;
    bool pred = prob[i] >= t;
    if (pred && ex[i].y) k.tp++;
    else if (pred) k.fp++;
    else if (ex[i].y) k.fn++;
  }
  return k;
}

const std::vector<std::string> kProgramming = {"own", "real-dev"};

// Out-of-fold probabilities, 5 folds grouped by conversation.
std::vector<double> crossValidate(const std::vector<Example>& ex, double lambda) {
  std::vector<double> prob(ex.size(), 0.0);
  for (int fold = 0; fold < 5; ++fold) {
    std::vector<const Example*> train;
    for (const auto& e : ex)
      if (e.group % 5 != fold) train.push_back(&e);
    LogisticModel m = fit(train, lambda);
    for (size_t i = 0; i < ex.size(); ++i)
      if (ex[i].group % 5 == fold) prob[i] = m.probability(ex[i].x);
  }
  return prob;
}

// The lowest threshold meeting the precision floor with the best F1.
double chooseThreshold(const std::vector<Example>& ex, const std::vector<double>& prob, double floor) {
  double best = 0.95, bestF = -1;
  for (int i = 5; i <= 95; ++i) {
    double t = i / 100.0;
    Prf k = score(ex, prob, t, kProgramming);
    if (k.tp + k.fp < 3 || k.p() < floor) continue;
    if (k.f1() > bestF + 1e-12) bestF = k.f1(), best = t;
  }
  return best;
}

struct Trained {
  LogisticModel model;
  double lambda = 1, threshold = 0.5, chatThreshold = 0.5;
  std::string report;
  std::vector<double> outOfFold;
};

Trained train(const char* name, const std::vector<Example>& ex, double floor) {
  Trained out;
  double bestF = -1;
  std::vector<double> bestProb;
  char line[300];
  for (double lambda : {0.03, 0.1, 0.3, 1.0, 3.0}) {
    auto prob = crossValidate(ex, lambda);
    double t = chooseThreshold(ex, prob, floor);
    Prf k = score(ex, prob, t, kProgramming);
    std::snprintf(line, sizeof line, "  %s lambda %.2f: cross-validated threshold %.2f  P %.3f R %.3f F1 %.3f\n", name,
                  lambda, t, k.p(), k.r(), k.f1());
    std::fputs(line, stdout);
    if (k.f1() > bestF + 1e-9) bestF = k.f1(), out.lambda = lambda, out.threshold = t, bestProb = prob;
  }
  for (const std::string src : {"own", "real-dev", "tiage"}) {
    Prf k = score(ex, bestProb, out.threshold, {src});
    if (k.tp + k.fp + k.fn == 0) continue;
    std::snprintf(line, sizeof line, "//   %s cross-validated on %s: P %.3f R %.3f F1 %.3f (tp %d fp %d fn %d)\n", name,
                  src.c_str(), k.p(), k.r(), k.f1(), k.tp, k.fp, k.fn);
    out.report += line;
  }
  // In chit-chat (TIAGE) the bar is the best out-of-fold F1: shifts are the
  // norm there and a card costs little.
  double chatF = -1;
  for (int i = 5; i <= 95; ++i) {
    Prf k = score(ex, bestProb, i / 100.0, {"tiage"});
    if (k.tp + k.fn > 0 && k.f1() > chatF + 1e-12) chatF = k.f1(), out.chatThreshold = i / 100.0;
  }
  if (chatF >= 0) {
    Prf k = score(ex, bestProb, out.chatThreshold, {"tiage"});
    std::snprintf(line, sizeof line, "//   %s cross-validated on tiage at the chat threshold %.2f: P %.3f R %.3f F1 %.3f\n",
                  name, out.chatThreshold, k.p(), k.r(), k.f1());
    out.report += line;
  }
  // Average precision of the out-of-fold ranking per source: how well the
  // model orders messages, whatever threshold is chosen.
  for (const std::string src : {"own", "real-dev", "tiage"}) {
    std::vector<std::pair<double, bool>> ranked;
    for (size_t i = 0; i < ex.size(); ++i)
      if (ex[i].source == src) ranked.push_back({bestProb[i], ex[i].y});
    std::sort(ranked.begin(), ranked.end(), [](auto a, auto b) { return a.first > b.first; });
    int pos = 0, seen = 0;
    double sum = 0;
    for (const auto& [p, y] : ranked) {
      ++seen;
      if (y) sum += double(++pos) / seen;
    }
    if (pos > 0) std::printf("  %s %-8s out-of-fold average precision %.3f (%d positives)\n", name, src.c_str(), sum / pos, pos);
  }
  // The precision a policy gets at each threshold (out of fold), per source.
  for (const std::string src : {"own", "real-dev", "tiage"}) {
    std::printf("  %s %-8s P/R by threshold:", name, src.c_str());
    for (double t : {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}) {
      Prf k = score(ex, bestProb, t, {src});
      std::printf("  %.1f: %.2f/%.2f", t, k.p(), k.r());
    }
    std::printf("\n");
  }
  std::vector<const Example*> all;
  for (const auto& e : ex) all.push_back(&e);
  out.model = fit(all, out.lambda);
  out.outOfFold = bestProb;
  return out;
}

// Error analysis (--explain SOURCE): every positive of the source and its 15
// likeliest negatives, with out-of-fold probability and the largest terms of
// the final model's sum.
void explainSource(const std::string& src, const char* name, const std::vector<Example>& ex, const Trained& t,
                   const std::vector<std::string_view>& names) {
  std::vector<size_t> neg;
  auto show = [&](size_t i) {
    const Example& e = ex[i];
    std::vector<std::pair<double, size_t>> terms;
    for (size_t k = 1; k < e.x.size(); ++k)
      if (e.x[k] != 0) terms.push_back({t.model.weights[k] * e.x[k], k});
    std::sort(terms.begin(), terms.end(), [](auto a, auto b) { return std::fabs(a.first) > std::fabs(b.first); });
    std::printf("  %s %.2f %s | %s\n     ", e.y ? "POS" : "neg", t.outOfFold[i], e.y ? "" : "", e.where.c_str());
    for (size_t k = 0; k < terms.size() && k < 6; ++k)
      std::printf(" %s%+.2f", std::string(names[terms[k].second]).c_str(), terms[k].first);
    std::printf("\n");
  };
  std::printf("%s on %s (threshold %.2f):\n", name, src.c_str(), t.threshold);
  for (size_t i = 0; i < ex.size(); ++i)
    if (ex[i].source == src) {
      if (ex[i].y) show(i);
      else neg.push_back(i);
    }
  std::sort(neg.begin(), neg.end(), [&](size_t a, size_t b) { return t.outOfFold[a] > t.outOfFold[b]; });
  for (size_t k = 0; k < neg.size() && k < 15; ++k) show(neg[k]);
}

}  // namespace

int main(int argc, char** argv) {
  std::string given, out = std::string(GROVE_SOURCE_DIR) + "/core/structure/ModelWeights.inc";
  double floor = 0.85, tiageWeight = 0.1, realWeight = 1;
  std::string drop;     // ablation: branch features (comma-separated) held at 0
  std::string explain;  // a source: print its positives and its likeliest negatives, out of fold
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--benchmarks") && i + 1 < argc) given = argv[++i];
    else if (!std::strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
    else if (!std::strcmp(argv[i], "--floor") && i + 1 < argc) floor = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--tiage-weight") && i + 1 < argc) tiageWeight = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--explain") && i + 1 < argc) explain = argv[++i];
    else if (!std::strcmp(argv[i], "--real-weight") && i + 1 < argc) realWeight = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--drop") && i + 1 < argc) drop = argv[++i];
    else {
      std::fprintf(stderr, "usage: %s [--benchmarks DIR] [--out FILE] [--floor P] [--tiage-weight W] [--explain SOURCE] [--real-weight W] [--drop F,F]\n", argv[0]);
      return 2;
    }
  }
  std::string bench = eval::benchmarksDir(given, GROVE_SOURCE_DIR);
  if (bench.empty()) {
    std::fprintf(stderr, "no shared benchmarks directory (pass --benchmarks DIR)\n");
    return 1;
  }
  Data data;
  int group = 0;
  auto own = eval::loadEvalSet(std::string(GROVE_SOURCE_DIR) + "/tests/data/structure");
  std::vector<eval::Conversation> tune;
  for (auto& c : own)
    if (c.split == "tune") tune.push_back(c);
  addConversations(data, tune, "own", group);
  addConversations(data, eval::loadRealDev(bench), "real-dev", group, realWeight);
  if (tiageWeight > 0) addDialogues(data, eval::loadTiage(bench, "train"), tiageWeight, group);
  std::printf("examples: branch %zu, return %zu\n", data.branch.size(), data.ret.size());
  for (size_t k = 0; k < branchFeatureNames().size(); ++k)
    if (!drop.empty() && ("," + drop + ",").find("," + std::string(branchFeatureNames()[k]) + ",") != std::string::npos)
      for (auto& e : data.branch) e.x[k] = 0;
  // How often each source reads as chit-chat and as off-domain (the features
  // that switch the lenient bar and flag a question outside the thread's domain).
  const auto& names = branchFeatureNames();
  auto column = [&](std::string_view f) { return std::find(names.begin(), names.end(), f) - names.begin(); };
  for (const std::string src : {"own", "real-dev", "tiage"}) {
    int n = 0, chat = 0, off = 0, offBranch = 0;
    for (const auto& e : data.branch) {
      if (e.source != src) continue;
      ++n;
      chat += e.x[column("chat_style")] > 0;
      off += e.x[column("off_domain")] > 0;
      offBranch += e.x[column("off_domain")] > 0 && e.y;
    }
    std::printf("  %-8s %5d messages: chit-chat style %.1f%%, off-domain %d (%d of them branches)\n", src.c_str(), n,
                n ? 100.0 * chat / n : 0.0, off, offBranch);
  }

  Trained b = train("branch", data.branch, floor);
  Trained r = train("return", data.ret, floor);

  if (!explain.empty()) explainSource(explain, "branch", data.branch, b, branchFeatureNames());
  if (!explain.empty()) explainSource(explain, "return", data.ret, r, returnFeatureNames());

  std::ofstream f(out);
  f << "// Written by grove_structure_train (tests/bench/structure_train.cpp); do not edit by hand.\n"
    << "// Logistic regressions over structure/Features, trained on the tune split of tests/data/structure,\n"
    << "// the shared real-dev conversations and TIAGE train (weight " << tiageWeight << " per turn).\n"
    << "// Thresholds: lowest probability with 5-fold cross-validated precision >= " << floor
    << " on the programming conversations.\n"
    << "// branch: lambda " << b.lambda << "; return: lambda " << r.lambda << "\n"
    << b.report << r.report;
  char buf[200];
  auto write = [&](const char* model, const LogisticModel& m, const std::vector<std::string_view>& names) {
    for (size_t i = 0; i < names.size(); ++i) {
      std::snprintf(buf, sizeof buf, "GROVE_WEIGHT(%s, \"%s\", %.6f)\n", model, std::string(names[i]).c_str(),
                    m.weights[i]);
      f << buf;
    }
  };
  write("branch", b.model, branchFeatureNames());
  write("return", r.model, returnFeatureNames());
  std::snprintf(buf, sizeof buf, "GROVE_THRESHOLD(branch, %.2f)\nGROVE_THRESHOLD(branch_chat, %.2f)\nGROVE_THRESHOLD(return, %.2f)\n",
                b.threshold, b.chatThreshold, r.threshold);
  f << buf;
  std::printf("%s%swrote %s\n", b.report.c_str(), r.report.c_str(), out.c_str());
  return 0;
}
