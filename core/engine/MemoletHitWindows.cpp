#include "engine/MemoletHitWindows.h"

#include <algorithm>

#include "engine/MemoletState.h"
#include "memory/WindowScore.h"
#include "text/Tokenizer.h"

namespace grove::memolets {
namespace {

/// The exchange (its place in `m`) at the centre of the window a hit in `m`
/// points at; none when the hit is `m` whole: a memolet made by hand, one
/// the size of a window (two or three exchanges), or one with no centre.
std::optional<size_t> centreOf(const Memolet& m, const std::unordered_map<std::string, size_t>& centres) {
  const size_t exchanges = m.sourceUnitIds.size() / 2;
  auto centre = centres.find(m.id);
  if (centre == centres.end() || m.manual || m.span || exchanges == 2 || exchanges == 3 ||
      2 * centre->second + 1 >= m.sourceUnitIds.size())
    return std::nullopt;
  return centre->second;
}

/// The units of the exchange `question`/`answer` and of the exchanges before
/// and after it on the conversation's path (in a neighbouring memolet when it
/// is at an end of its own).
std::vector<std::string> windowAround(Engine::Impl& impl, const std::string& question, const std::string& answer) {
  std::vector<std::string> out;
  // The answer above the question, and its question: through the engine's
  // cache of units (a recursive read per hit cost more than the search).
  Node* q = impl.findNode(question);
  Node* prevAnswer = q ? impl.parentOf(*q) : nullptr;
  Node* prevQuestion = prevAnswer ? impl.parentOf(*prevAnswer) : nullptr;
  if (prevQuestion && prevAnswer->unit.role == Role::Assistant && prevQuestion->unit.role == Role::User)
    out = {prevQuestion->unit.id, prevAnswer->unit.id};
  out.push_back(question);
  out.push_back(answer);
  if (auto next = impl.store->continuingChild(answer))
    if (auto nextAnswer = impl.store->continuingChild(*next)) {
      out.push_back(*next);
      out.push_back(*nextAnswer);
    }
  return out;
}

}  // namespace

const Memolet* SearchReads::memolet(Engine::Impl& impl, const std::string& id) {
  auto it = memolets.find(id);
  if (it == memolets.end()) it = memolets.emplace(id, impl.store->memolets().memolet(id)).first;
  return it->second && !it->second->text.empty() ? &*it->second : nullptr;
}

const std::vector<std::string>& SearchReads::window(Engine::Impl& impl, const Memolet& m, size_t at) {
  const std::string& question = m.sourceUnitIds[2 * at];
  auto it = windows.find(question);
  if (it == windows.end())
    it = windows.emplace(question, windowAround(impl, question, m.sourceUnitIds[2 * at + 1])).first;
  return it->second;
}

std::vector<std::string> focusOf(Engine::Impl& impl, const Memolet& m,
                                 const std::unordered_map<std::string, size_t>& centres, SearchReads& reads) {
  auto centre = centreOf(m, centres);
  return centre ? reads.window(impl, m, *centre) : std::vector<std::string>{};
}

std::vector<std::string> rescoredWindows(Engine::Impl& impl, const std::string& query,
                                         const std::vector<memory::Fused>& fused, size_t depth, size_t shift,
                                         std::unordered_map<std::string, size_t>& centres, SearchReads& reads) {
  std::vector<std::string> tokens = text::tokenize(query);
  std::sort(tokens.begin(), tokens.end());
  tokens.erase(std::unique(tokens.begin(), tokens.end()), tokens.end());
  if (tokens.empty()) return {};
  const memory::CountedTerms terms(std::move(tokens));
  std::unordered_map<std::string, memory::TermCounts> unitCounts;  // windows overlap: count a message once
  auto countsOf = [&](const std::string& unitId) -> const memory::TermCounts& {
    auto it = unitCounts.find(unitId);
    if (it == unitCounts.end()) {
      Node* n = impl.findNode(unitId);
      it = unitCounts.emplace(unitId, memory::countTerms(n ? std::string_view(n->unit.content) : "", terms)).first;
    }
    return it->second;
  };
  struct Window {
    const Memolet* memolet;
    std::optional<size_t> centre;
  };
  std::vector<Window> windows;
  std::vector<memory::TermCounts> counts;
  for (size_t i = 0; i < fused.size() && i < depth; ++i) {
    const Memolet* m = reads.memolet(impl, fused[i].id);
    if (!m) continue;
    auto centre = centreOf(*m, centres);
    if (!centre) {
      windows.push_back({m, std::nullopt});
      counts.push_back(memory::countTerms(m->text, terms));
      continue;
    }
    const size_t c = *centre, exchanges = m->sourceUnitIds.size() / 2;
    for (size_t at = c > shift ? c - shift : 0; at <= std::min(c + shift, exchanges - 1); ++at) {
      memory::TermCounts window;
      for (const auto& unit : reads.window(impl, *m, at)) window += countsOf(unit);
      windows.push_back({m, at});
      counts.push_back(std::move(window));
    }
  }
  auto df = [&](std::string_view t) { return memolets::documentFrequency(impl, t); };
  std::vector<double> scores =
      memory::windowBm25(counts, memory::inverseDocumentFrequencies(terms.terms(), df, memolets::documentCount(impl)));
  std::unordered_map<const Memolet*, size_t> best;  // memolet -> its best window
  for (size_t i = 0; i < windows.size(); ++i) {
    auto [it, first] = best.try_emplace(windows[i].memolet, i);
    if (!first && scores[i] > scores[it->second]) it->second = i;
  }
  std::vector<std::pair<double, std::string>> ranked;
  for (const auto& [m, i] : best) {
    if (windows[i].centre) centres[m->id] = *windows[i].centre;
    if (scores[i] > 0) ranked.push_back({scores[i], m->id});
  }
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  std::vector<std::string> out;
  for (auto& [score, id] : ranked) out.push_back(std::move(id));
  return out;
}

}  // namespace grove::memolets
