#include "structure/Features.h"

#include <algorithm>
#include <cmath>

#include "structure/Cues.h"

namespace grove::structure {
namespace {

// The shape of a message, whatever its words: real programming chat is full
// of one-word follow-ups ("continue", "A", "ok") and pasted logs, both of
// which stay on the thread however new their words look.
struct Shape {
  double length = 0;      // characters, saturating at 800
  double lines = 0;       // line count, saturating at 8
  double symbols = 0;     // share of code/log punctuation, x10, capped at 1
  double nonLatin = 0;    // share of non-ASCII bytes
  double question = 0;
  double pasted = 0;      // a code fence, or several lines heavy in punctuation
};

Shape shapeOf(std::string_view m) {
  Shape s;
  int lines = 1, symbols = 0, high = 0;
  for (char ch : m) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '\n') ++lines;
    if (c >= 0x80) ++high;
    if (std::string_view("{}[]()<>=;:/\\_.|\"$#@").find(ch) != std::string_view::npos) ++symbols;
  }
  double n = std::max<double>(1, static_cast<double>(m.size()));
  s.length = std::min(1.0, static_cast<double>(m.size()) / 800.0);
  s.lines = std::min(1.0, (lines - 1) / 8.0);
  s.symbols = std::min(1.0, 10.0 * symbols / n);
  s.nonLatin = high / n;
  s.question = m.find('?') != std::string_view::npos || m.find("\xEF\xBC\x9F") != std::string_view::npos;
  s.pasted = m.find("```") != std::string_view::npos || (lines >= 4 && symbols / n > 0.04);
  return s;
}

double words(int n) { return std::min(1.0, std::log1p(n) / std::log(31.0)); }

// A message that opens work of its own ("add ...", "now implement ...", "I
// want ...", "quiero que ...", "我希望 ...") rather than replying to the last
// answer: real departures are mostly new tasks asked in plain words. Matched
// near the opening, in the languages of the shared development sets.
bool newTaskCue(const std::string& cue) {
  constexpr size_t kOpening = 48;
  for (std::string_view p : {" add ", " create ", " implement ", " build ", " write ", " set up ", " setup ",
                             " deploy ", " next ", " now ", " lets ", " can you add ", " can you create ",
                             " can you help ", " can you plan ", " i want ", " i need ", " help me ",
                             " new feature ", " another ", " please add ", " please help ", " make a plan ",
                             " plan ", " update ", " polish ", " move onto ", " next thing ", " quiero ",
                             " ahora ", " crea ", " agrega ", " añade ", " otra cosa ", " pregunta ",
                             " trabaja ", " revisa ", " implementa "})
    if (size_t at = cue.find(p); at != std::string::npos && at <= kOpening) return true;
  for (std::string_view p : {"我希望", "我想", "另外", "还有", "新增", "添加", "帮我", "接下来"})
    if (size_t at = cue.find(p); at != std::string::npos && at <= 2 * kOpening) return true;
  return false;
}

}  // namespace

bool chatStyle(const Context& c) {
  // Programming vocabulary means work, however short the turns: "What backoff
  // cap should the retry loop use for HTTP 503 responses?" is not small talk.
  return c.pathUnits >= 2 && c.recentLongest < 120 && c.recentSymbols < 0.03 && shapeOf(c.messageText).symbols < 0.3 &&
         c.recentTechnical == 0 && c.messageTechnical == 0;
}

bool offDomain(const Context& c) {
  return c.recentTechnical >= 2 && c.messageTechnical == 0 && c.contentWords >= 3 && shapeOf(c.messageText).question;
}

const std::vector<std::string_view>& branchFeatureNames() {
  static const std::vector<std::string_view> names = {
      "bias",          "shift_cue",        "continuation_cue", "standalone_question", "coverage",
      "cosine",        "last_user_coverage", "novelty",        "shift_x_novelty",     "content_words",
      "short_message", "length",           "lines",            "symbols",             "pasted",
      "question",      "non_latin",        "closure_then_more", "previous_closed",    "new_task_cue",
      "chat_style", "chat_x_novelty", "standalone_x_novelty", "off_domain", "off_domain_unseen"};
  return names;
}

std::vector<double> branchFeatures(const Context& c, const DriftEstimate& d) {
  Shape s = shapeOf(c.messageText);
  Closure closure = closureOf(c.messageText);
  std::string prev = cueText(c.lastUserText);
  const size_t lastChar = c.lastUserText.find_last_not_of(" \t\r\n");
  const bool previousAsked = lastChar != std::string::npos && c.lastUserText[lastChar] == '?';
  bool previousClosed = !c.lastUserText.empty() && (!closureCue(prev, previousAsked).empty() || successCue(prev));
  std::string rest = closure.phrase.empty() ? c.cue : cueText(closure.tail);
  bool shift = !d.shiftCue.empty();
  bool chat = chatStyle(c);
  return {1.0,
          shift ? 1.0 : 0.0,
          d.continuation ? 1.0 : 0.0,
          d.standalone && c.contentWords >= 3 ? 1.0 : 0.0,
          d.coverage,
          std::min(1.0, d.cosine),
          coverage(c.message, c.lastUser, c.idf),
          d.novelty,
          shift ? d.novelty : 0.0,
          words(c.contentWords),
          c.contentWords <= 2 ? 1.0 : 0.0,
          s.length,
          s.lines,
          s.symbols,
          s.pasted,
          s.question,
          s.nonLatin,
          !closure.phrase.empty() && !closure.only && !closure.tail.empty() ? 1.0 : 0.0,
          previousClosed ? 1.0 : 0.0,
          newTaskCue(rest) ? 1.0 : 0.0,
          chat ? 1.0 : 0.0,
          chat ? d.novelty : 0.0,
          d.standalone && c.contentWords >= 3 ? d.novelty : 0.0,
          offDomain(c) ? 1.0 : 0.0,
          offDomain(c) && d.coverage < 0.1 ? 1.0 : 0.0};
}

const std::vector<std::string_view>& returnFeatureNames() {
  static const std::vector<std::string_view> names = {
      "bias",        "parent_coverage", "branch_coverage", "pull",         "parent_cosine_lead",
      "return_cue",  "closure_cue",     "closure_only",    "success",      "continuation_cue",
      "content_words", "short_message", "length",          "pasted",       "question",
      "branch_length", "content_pull"};
  return names;
}

std::vector<double> returnFeatures(const Context& c, const ReturnEstimate& r) {
  Shape s = shapeOf(c.messageText);
  double lead = hashedCosine(c.message, c.parent, c.idf) - hashedCosine(c.message, c.recent, c.idf);
  return {1.0,
          r.parentCoverage,
          r.branchCoverage,
          std::clamp(0.5 + 0.5 * (r.parentCoverage - r.branchCoverage), 0.0, 1.0),
          std::clamp(0.5 + 0.5 * lead, 0.0, 1.0),
          r.returnCue.empty() ? 0.0 : 1.0,
          r.closureCue.empty() ? 0.0 : 1.0,
          r.closureOnly ? 1.0 : 0.0,
          r.success ? 1.0 : 0.0,
          r.continuation ? 1.0 : 0.0,
          words(c.contentWords),
          c.contentWords <= 2 ? 1.0 : 0.0,
          s.length,
          s.pasted,
          s.question,
          std::min(1.0, static_cast<double>(c.branchTurns.size()) / 12.0),
          // The parent's words outweigh the branch's in a message that says something.
          c.contentWords >= 3 ? std::clamp(r.parentCoverage - r.branchCoverage, 0.0, 1.0) : 0.0};
}

}  // namespace grove::structure
