#include "structure/Delegation.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <unordered_set>

#include "structure/Cues.h"
#include "structure/Terms.h"
#include "structure/Title.h"
#include "text/Tokenizer.h"

namespace grove::structure {
namespace {

using Phrases = std::initializer_list<std::string_view>;

size_t findAny(const std::string& cue, Phrases phrases, size_t from = 0) {
  size_t best = std::string::npos;
  for (auto p : phrases) best = std::min(best, cue.find(p, from));
  return best;
}

bool hasAny(const std::string& cue, Phrases phrases) { return findAny(cue, phrases) != std::string::npos; }

// Words that talk about the conversation rather than about code.
bool conversationNoun(const std::string& cue) {
  return hasAny(cue, {" thread ", " conversation ", " discussion ", " chat ", " exchange ", " messages ",
                      " turns ", " talk ", " side topic "});
}

// A question about doing something yourself ("how do I ...") asks for an
// answer, not for an action on the conversation.
bool howToQuestion(const std::string& cue) {
  for (auto p : {" how do i ", " how do you ", " how to ", " how can i ", " how would i ", " what is ",
                 " whats ", " why ", " when should "})
    if (cue.rfind(p, 0) == 0) return true;
  return false;
}

bool gitContext(const std::string& cue) {
  return hasAny(cue, {" git ", " checkout ", " merge ", " rebase ", " pull request ", " repo ", " repository ",
                      " remote ", " origin ", " main branch ", " master ", " feature branch ", " develop ",
                      " commit ", " commits "});
}

bool asksBranch(const std::string& cue) {
  if (howToQuestion(cue)) return false;
  // Phrases that only make sense about the conversation.
  if (hasAny(cue, {" branch this off ", " branch it off ", " branch that off ", " split this off ",
                   " split it off ", " split that off ", " spin this off ", " spin it off ",
                   " fork this conversation ", " fork the conversation ", " side thread ", " sub thread ",
                   " subthread "}))
    return true;
  // Phrases that could be about git branches too.
  bool phrase = hasAny(cue, {" branch off and ", " branch off here ", " branch off for ", " split off and ",
                             " spin off a ", " new branch for this ",
                             " a new branch for ", " make this a branch ", " make it a branch ",
                             " move this to a branch ", " move this into a branch ", " put this in a branch ",
                             " in a separate branch ", " into a separate branch ", " as a branch ",
                             " as a side branch ", " a side branch "});
  if (!phrase) return false;
  return !gitContext(cue) || conversationNoun(cue);
}

bool asksReturn(const std::string& cue) {
  if (howToQuestion(cue)) return false;
  if (hasAny(cue, {" close this branch ", " close the branch ", " close this side thread ",
                   " done with this branch ", " done with this side thread ", " done with the side thread ",
                   " end this branch ", " leave this branch ", " finish this branch "}))
    return !gitContext(cue);
  bool back = hasAny(cue, {" back ", " return ", " returning "});
  bool parent = hasAny(cue, {" mainline ", " parent thread ", " original thread ", " main conversation ",
                             " main topic ", " main discussion ", " previous thread "});
  // "the main thread" is also where UI code posts results back to.
  if (!parent && hasAny(cue, {" main thread "}))
    parent = !hasAny(cue, {" ui ", " worker ", " post ", " posting ", " dispatch ", " callback ", " handler ",
                           " marshal ", " invoke ", " async ", " thread pool ", " background ", " result "});
  return back && parent;
}

// Exclude: a verb, then the object naming a part of the conversation.
bool asksExclude(const std::string& cue, size_t& objectFrom) {
  if (howToQuestion(cue)) return false;
  size_t verb = findAny(cue, {" exclude ", " drop ", " ignore ", " forget ", " leave out ", " remove ",
                              " hide ", " take out ", " dont use ", " stop using ", " disregard ", " mute "});
  if (verb == std::string::npos) return false;
  size_t noun = findAny(cue, {" discussion ", " conversation ", " part ", " parts ", " messages ", " exchange ",
                              " exchanges ", " thread ", " talk ", " bit ", " section ", " turns ", " answers ",
                              " from the context ", " from context ", " out of the context ", " from scope "},
                        verb + 1);
  if (noun == std::string::npos) return false;
  objectFrom = verb + 1;
  return true;
}

std::string capsuleTypeFor(const std::string& cue) {
  if (hasAny(cue, {" reasoning ", " way of thinking ", " approach ", " thought process "})) return "reasoning";
  if (hasAny(cue, {" context case ", " case ", " summary ", " background ", " context "})) return "context_case";
  return "task_sop";
}

bool asksExtract(const std::string& cue) {
  if (howToQuestion(cue)) return false;
  size_t verb = findAny(cue, {" save ", " extract ", " turn ", " make ", " store ", " keep ", " remember ",
                              " capture ", " record ", " create ", " write up "});
  if (verb == std::string::npos) return false;
  bool reference = findAny(cue, {" this ", " that ", " it ", " these steps ", " the steps ", " what we ",
                                 " the procedure ", " the process ", " the workflow "},
                           verb + 1) != std::string::npos;
  bool noun = findAny(cue, {" sop ", " sops ", " standard operating procedure ", " capsule ", " pattern ",
                            " procedure ", " checklist ", " playbook ", " runbook ", " recipe ", " template ",
                            " reusable ", " context case "},
                      verb + 1) != std::string::npos;
  return reference && noun;
}

// Words of an exclude request that name the topic: everything but the verb,
// the conversation nouns and the words that only place it in time.
std::vector<std::string> topicWords(std::string_view message) {
  static const std::unordered_set<std::string> structural = [] {
    std::unordered_set<std::string> out;
    for (const char* w : {"exclude", "drop", "ignore", "forget", "leave", "remove", "hide", "take", "stop",
                          "disregard", "mute", "earlier", "previous", "old", "whole", "entire", "first",
                          "initial", "discussion", "conversation", "part", "parts", "messages", "exchange",
                          "exchanges", "thread", "talk", "bit", "section", "turns", "answers", "context",
                          "scope", "regarding", "around", "stuff", "everything", "anything", "question",
                          "chat", "from", "out", "using", "use"})
      out.insert(text::stem(w));
    return out;
  }();
  std::vector<std::string> out;
  for (auto& t : text::tokenize(message))
    if (!structural.count(t) && std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  return out;
}

// Lowercase substrings one of which any unit mentioning `stem` contains:
// the stem itself (tokenize() only cuts suffixes, except "-ies" -> "y"), and
// its split spellings ("setup" -> "set up"). A cheap filter before
// tokenising, so an exclude request stays fast on a long path.
std::vector<std::string> probesFor(const std::string& stem) {
  std::vector<std::string> out;
  out.push_back(stem.size() > 3 && stem.back() == 'y' ? stem.substr(0, stem.size() - 1) : stem);
  if (stem.size() >= 4)
    for (size_t cut = 2; cut + 2 <= stem.size(); ++cut) out.push_back(stem.substr(0, cut) + " " + stem.substr(cut));
  return out;
}

// Units that mention any topic word; a matched question brings its answer.
std::vector<std::string> unitsAbout(const std::vector<PathTurn>& path, const std::vector<std::string>& topic) {
  std::vector<std::string> ids;
  if (topic.empty()) return ids;
  std::unordered_set<std::string> want(topic.begin(), topic.end());
  std::vector<std::string> probes;
  for (const auto& w : topic)
    for (auto& p : probesFor(w)) probes.push_back(std::move(p));
  bool takeNextAnswer = false;
  std::string lowered;
  for (const auto& unit : path) {
    lowered.assign(unit.text);
    for (char& ch : lowered) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    bool candidate = std::any_of(probes.begin(), probes.end(),
                                 [&](const std::string& p) { return lowered.find(p) != std::string::npos; });
    bool match = false;
    if (candidate) {
      std::vector<std::string> toks = text::tokenize(unit.text);
      for (size_t i = 0; i < toks.size() && !match; ++i) {
        if (want.count(toks[i])) match = true;
        // "set-up" meets "setup": adjacent words joined.
        else if (i + 1 < toks.size() && want.count(toks[i] + toks[i + 1])) match = true;
      }
      if (!match) {
        // Joined words the tokenizer drops as stopwords ("set up" -> set + up).
        std::string cue = cueText(unit.text);
        for (const auto& w : topic)
          for (size_t cut = 2; w.size() >= 4 && cut + 2 <= w.size() && !match; ++cut)
            if (cue.find(" " + w.substr(0, cut) + " " + w.substr(cut) + " ") != std::string::npos) match = true;
      }
    }
    if (match || (takeNextAnswer && unit.role == "assistant")) ids.push_back(unit.unitId);
    takeNextAnswer = match && unit.role == "user";
  }
  return ids;
}

// "save this as an SOP for flaky tests" -> "Flaky tests"; otherwise the
// branch title, or the first question of the recent exchange.
std::string capsuleName(const AnalysisInput& in, const std::string& cue) {
  size_t noun = findAny(cue, {" sop ", " procedure ", " checklist ", " pattern ", " capsule ", " playbook ",
                              " runbook ", " recipe ", " template "});
  if (noun != std::string::npos) {
    size_t about = findAny(cue, {" for ", " about ", " on "}, noun + 1);
    if (about != std::string::npos) {
      std::string rest = cue.substr(cue.find(' ', about + 1) + 1);
      std::string title = intentTitle(rest);
      if (!title.empty()) return title;
    }
  }
  if (in.onBranch && !in.branchTitle.empty()) return in.branchTitle;
  size_t from = in.path.size() > 8 ? in.path.size() - 8 : 0;
  for (size_t i = from; i < in.path.size(); ++i)
    if (in.path[i].role == "user") return intentTitle(in.path[i].text);
  return "Procedure";
}

std::vector<std::string> workflowUnits(const AnalysisInput& in) {
  std::vector<std::string> ids;
  size_t from = in.path.size() > 8 ? in.path.size() - 8 : 0;
  if (in.onBranch && !in.branchHeadId.empty())
    for (size_t i = 0; i < in.path.size(); ++i)
      if (in.path[i].unitId == in.branchHeadId) from = i;
  for (size_t i = from; i < in.path.size(); ++i) ids.push_back(in.path[i].unitId);
  return ids;
}

}  // namespace

std::optional<Signal> delegatedAction(const AnalysisInput& in) {
  // A request to act on the conversation takes a sentence or two; a long
  // paste is read only as far as such a request could reach, so its cost does
  // not grow with the paste (each phrase is a search of the whole text).
  constexpr size_t kRequestChars = 1000;
  std::string cue = cueText(std::string_view(in.message).substr(0, kRequestChars));
  Signal s;
  s.delegated = true;
  s.confidence = 0.95;
  if (in.onBranch && asksReturn(cue)) {
    s.kind = SignalKind::Return;
    s.anchorIds = {in.branchHeadId, in.parentTipId};
    s.reason = in.branchTitle.empty() ? "You asked to leave this branch and go back to the thread it came from."
                                      : "You asked to leave the branch '" + in.branchTitle +
                                            "' and go back to the thread it came from.";
    return s;
  }
  if (asksBranch(cue) && !in.path.empty()) {
    s.kind = SignalKind::Branch;
    s.anchorIds = {in.path.back().unitId};
    s.title = intentTitle(in.message);
    s.reason = s.title.empty() ? "You asked to continue this in a branch of its own."
                               : "You asked to continue '" + s.title + "' in a branch of its own.";
    return s;
  }
  size_t objectFrom = 0;
  if (asksExclude(cue, objectFrom)) {
    std::vector<std::string> topic = topicWords(cue.substr(objectFrom));
    s.kind = SignalKind::Exclude;
    s.anchorIds = unitsAbout(in.path, topic);
    std::vector<std::string> shown(topic.begin(), topic.begin() + std::min<size_t>(topic.size(), 3));
    if (topic.empty()) {
      s.reason = "You asked to exclude part of the conversation, but did not say which part.";
      s.confidence = 0.4;
    } else if (s.anchorIds.empty()) {
      s.reason = "You asked to exclude the discussion of " + quoted(shown) + ", but no earlier unit mentions it.";
      s.confidence = 0.4;
    } else {
      s.reason = "You asked to exclude the discussion of " + quoted(shown) + ": " +
                 std::to_string(s.anchorIds.size()) + (s.anchorIds.size() == 1 ? " unit mentions it." : " units mention it.");
    }
    return s;
  }
  if (asksExtract(cue) && !in.path.empty()) {
    s.kind = SignalKind::Extract;
    s.capsuleType = capsuleTypeFor(cue);
    s.anchorIds = workflowUnits(in);
    s.title = capsuleName(in, cue);
    const char* what = s.capsuleType == "reasoning" ? "a reasoning pattern"
                       : s.capsuleType == "context_case" ? "a context case" : "a reusable SOP";
    s.reason = std::string("You asked to save ") + (in.onBranch ? "this branch" : "the recent exchange") +
               " as " + what + ".";
    return s;
  }
  return std::nullopt;
}

}  // namespace grove::structure
