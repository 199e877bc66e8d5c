#include "structure/Context.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "structure/Cues.h"
#include "structure/Vocabulary.h"

namespace grove::structure {
namespace {

// How many units make "the recent topic": three exchanges. Longer windows
// blur a thread into its history; shorter ones lose the question an answer
// was about.
constexpr size_t kRecentUnits = 6;
// Units the IDF learns from (plus the parent context and the message).
constexpr size_t kIdfUnits = 16;
// Parent units kept when on a branch.
constexpr size_t kParentUnits = 6;

// The user's own words define the topic more than long assistant answers,
// which mention many things in passing.
double roleWeight(const PathTurn& t) { return t.role == "user" ? 1.0 : t.role == "assistant" ? 0.8 : 0.5; }

// Older exchanges fade: the last exchange counts fully.
double recencyWeight(size_t unitsFromEnd) {
  size_t exchange = unitsFromEnd / 2;
  return exchange == 0 ? 1.0 : exchange == 1 ? 0.85 : 0.7;
}

}  // namespace

Context contextOf(const AnalysisInput& in) {
  Context c;
  c.messageText = in.message;
  c.message = termsOf(in.message);
  c.cue = cueText(in.message);
  for (const auto& t : c.message.set)
    if (!isGenericWord(t)) c.contentWords += 1;

  const auto& path = in.path;
  // The current thread: on a branch, the units from its head on.
  size_t threadStart = 0;
  if (in.onBranch) {
    size_t head = path.size();
    if (!in.branchHeadId.empty())
      for (size_t i = path.size(); i-- > 0;)
        if (path[i].unitId == in.branchHeadId) {
          head = i;
          break;
        }
    if (head == path.size()) {
      // Unknown head: the branch starts after the last parent-context unit on the path.
      std::unordered_set<std::string> parentIds;
      for (const auto& p : in.parentContext) parentIds.insert(p.unitId);
      head = 0;
      for (size_t i = path.size(); i-- > 0;)
        if (parentIds.count(path[i].unitId)) {
          head = i + 1;
          break;
        }
    }
    threadStart = head;
    for (size_t i = head; i < path.size(); ++i) c.branchTurns.push_back(&path[i]);
  }

  // Terms of every unit read, computed once.
  size_t idfFrom = path.size() > kIdfUnits ? path.size() - kIdfUnits : 0;
  size_t recentFrom = std::max(threadStart, path.size() > kRecentUnits ? path.size() - kRecentUnits : 0);
  size_t from = std::min(idfFrom, recentFrom);
  std::vector<Terms> pathTerms;
  pathTerms.reserve(path.size() - from);
  // Readable words only where reasons may name them: the recent units.
  for (size_t i = from; i < path.size(); ++i) pathTerms.push_back(termsOf(path[i].text, i >= recentFrom));
  std::vector<Terms> parentTerms;
  std::vector<const PathTurn*> parentTurns;
  std::vector<bool> parentInIdf;  // already counted as a path unit of the IDF window
  if (in.onBranch) {
    std::unordered_set<std::string> seen;
    // The thread the branch left: the units just before the head, then the
    // parent's own recent units (its tip may lie beyond the anchor).
    size_t pFrom = threadStart > kParentUnits ? threadStart - kParentUnits : 0;
    for (size_t i = pFrom; i < threadStart; ++i)
      if (seen.insert(path[i].unitId).second) {
        parentTurns.push_back(&path[i]);
        parentInIdf.push_back(i >= idfFrom);
      }
    for (const auto& p : in.parentContext)
      if (seen.insert(p.unitId).second) {
        parentTurns.push_back(&p);
        parentInIdf.push_back(false);
      }
    for (const auto* p : parentTurns) parentTerms.push_back(termsOf(p->text, false));
  }

  for (size_t i = idfFrom; i < path.size(); ++i) c.idf.addDocument(pathTerms[i - from]);
  for (size_t k = 0; k < parentTerms.size(); ++k)
    if (!parentInIdf[k]) c.idf.addDocument(parentTerms[k]);
  c.idf.addDocument(c.message);

  for (size_t i = recentFrom; i < path.size(); ++i) {
    c.recent.add(pathTerms[i - from], roleWeight(path[i]) * recencyWeight(path.size() - 1 - i), c.idf);
    if (path[i].role == "user") c.userTurns += 1;
  }
  for (size_t i = path.size(); i-- > recentFrom;)
    if (path[i].role == "user") {
      c.lastUser.add(pathTerms[i - from], 1.0, c.idf);
      c.lastUserText = path[i].text;
      break;
    }
  c.pathUnits = static_cast<int>(path.size());
  size_t chars = 0, symbols = 0;
  for (size_t i = recentFrom; i < path.size(); ++i) {
    c.recentLongest = std::max(c.recentLongest, path[i].text.size());
    chars += path[i].text.size();
    c.recentTechnical += technicalWords(path[i].text);
    for (char ch : path[i].text) symbols += std::string_view("{}[]()<>=;_|$#`").find(ch) != std::string_view::npos;
  }
  c.messageTechnical = technicalWords(in.message);
  c.recentSymbols = chars ? static_cast<double>(symbols) / static_cast<double>(chars) : 0.0;
  for (size_t k = 0; k < parentTurns.size(); ++k) c.parent.add(parentTerms[k], roleWeight(*parentTurns[k]), c.idf);
  return c;
}

}  // namespace grove::structure
