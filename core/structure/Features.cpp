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

// The answer the message follows reports finished work ("I've added", "is
// now implemented", "all tests pass", "funciona", "已完成", a check mark): the
// next request is more often a new task than a fix. Read from the answer's
// last 1,500 characters.
bool assistantDone(const Context& c) {
  if (c.lastAssistantText.empty()) return false;
  std::string_view a = c.lastAssistantText;
  if (a.size() > 1500) a = a.substr(a.size() - 1500);
  std::string cue = cueText(a);
  for (std::string_view p : {" ive added ", " i have added ", " ive updated ", " i have updated ", " ive created ",
                             " ive implemented ", " i implemented ", " i added ", " i updated ", " i created ",
                             " is now ", " are now ", " now works ", " now work ", " successfully ", " completed ",
                             " is complete ", " is done ", " all set ", " has been ", " have been ", " implemented ",
                             " summary ", " ready to ", " should now ", " will now ", " now be ", " tests pass ",
                             " completamente ", " implementad", " funcionando ", " funciona ", " listo ",
                             " he creado ", " he agregado ", " he añadido ", " he actualizado ", " ahora "})
    if (cue.find(p) != std::string::npos) return true;
  for (std::string_view p : {"â" /* check mark */, "ð" /* party */, "完成", "已经", "已修改",
                             "已更新", "已添加", "成功", "总结"})
    if (a.find(p) != std::string_view::npos) return true;
  return false;
}

// The answer ends by offering more work or asking what to do ("Would you like
// me to ...", "anything else?", "¿En qué puedo ayudarte?", "还需要"): the
// assistant hands the choice of the next task to the user.
bool assistantOffers(const Context& c) {
  if (c.lastAssistantText.empty()) return false;
  std::string_view a = c.lastAssistantText;
  if (a.size() > 600) a = a.substr(a.size() - 600);
  std::string cue = cueText(a);
  for (std::string_view p : {" would you like ", " anything else ", " what would you like ", " how can i help ",
                             " what can i do ", " can i help ", " do you want me ", " shall i ", " should i ",
                             " next steps ", " en qué puedo ", " en que puedo ", " algo más ", " algo mas ",
                             " te gustaría ", " te gustaria ", " quieres que ", " hola "})
    if (cue.find(p) != std::string::npos) return true;
  for (std::string_view p : {"还需要", "需要我", "要不要", "是否需要", "有什么可以"})
    if (a.find(p) != std::string_view::npos) return true;
  return false;
}

// A request in plain words: the message opens with an imperative or a
// request frame ("add ...", "can you ...", "please ...", "make a plan",
// "quiero que", "帮我") and says something (four or more content words),
// without a pasted log.
bool requestOpening(const Context& c, const Shape& s) {
  if (c.contentWords < 4 || s.pasted > 0) return false;
  std::string head = c.cue.substr(0, std::min<size_t>(c.cue.size(), 40));
  for (std::string_view p : {" add ", " create ", " make ", " write ", " implement ", " build ", " plan ", " update ",
                             " change ", " remove ", " delete ", " refactor ", " generate ", " set up ", " help ",
                             " please ", " can you ", " could you ", " i want ", " i need ", " i would like ",
                             " now ", " next ", " lets ", " let us ", " we need ", " id like ", " polish ",
                             " design ", " migrate ", " convert ", " move ", " rename ", " support ",
                             " quiero ", " crea ", " agrega ", " añade ", " elimina ", " cambia ", " haz ",
                             " implementa ", " revisa ", " trabaja ", " ahora ", " necesito ", " puedes "})
    if (head.find(p) != std::string::npos) return true;
  std::string_view m = c.messageText;
  m = m.substr(0, std::min<size_t>(m.size(), 48));
  for (std::string_view p : {"帮我", "我希望", "我想", "请", "新增", "添加", "接下来", "现在"})
    if (m.find(p) != std::string_view::npos) return true;
  return false;
}

// How many words of the project's housekeeping the text uses: docs, version
// control, environments, installs, linting, deployment, editor and tool
// set-up. A question about them in the middle of feature work is the side
// trip real conversations take most ("how do I make a conda env?", "write a
// README", "show me the last commits", "add a .gitignore").
int toolingWords(std::string_view text) {
  std::string cue = cueText(text.substr(0, std::min<size_t>(text.size(), 2000)));
  int n = 0;
  for (std::string_view p : {" readme ", " documentation ", " docs ", " gitignore ", " git ", " github ", " commit ",
                             " commits ", " repository ", " repo ", " branch ", " merge ", " push ", " conda ",
                             " venv ", " virtualenv ", " env ", " environment ", " install ", " installed ",
                             " lint ", " linting ", " linter ", " deploy ", " deployment ", " docker ", " ci ",
                             " pipeline ", " vercel ", " heroku ", " license ", " changelog ", " npm ", " pip ",
                             " yarn ", " pnpm ", " dev server ", " port ", " ssh ", " documentacion ",
                             " documentación ", " repositorio ", " entorno ", " instalar "})
    if (cue.find(p) != std::string::npos) ++n;
  for (std::string_view p : {"文档", "部署", "提交", "仓库", "环境", "安装"})
    if (text.find(p) != std::string_view::npos) ++n;
  return n;
}

// Opens with praise or a success report before asking for more ("i LOVE it!!
// now ...", "Fenomenal, funciona. El campo ...", "好的，可以了。..."): the
// last task is done, the rest of the message is the next one.
bool praiseThenMore(const Context& c) {
  if (c.contentWords < 4) return false;
  std::string head = c.cue.substr(0, std::min<size_t>(c.cue.size(), 32));
  for (std::string_view p : {" love it ", " great ", " perfect ", " awesome ", " excellent ", " nice ", " well done ",
                             " works ", " worked ", " done ", " thanks ", " thank you ", " fenomenal ", " genial ",
                             " perfecto ", " funciona ", " gracias ", " excelente ", " listo "})
    if (head.find(p) != std::string::npos) return true;
  std::string_view m = c.messageText;
  m = m.substr(0, std::min<size_t>(m.size(), 24));
  for (std::string_view p : {"好的", "可以了", "完美", "谢谢", "很好", "不错"})
    if (m.find(p) != std::string_view::npos) return true;
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
      "chat_style", "chat_x_novelty", "standalone_x_novelty", "off_domain", "off_domain_unseen",
      "assistant_done", "assistant_offers", "request", "request_x_done", "request_x_novelty",
      "assistant_coverage", "user_coverage", "unseen_names", "named_all_seen", "terse",
      "tooling_new", "praise_then_more", "thread_turns", "early"};
  return names;
}

std::vector<double> branchFeatures(const Context& c, const DriftEstimate& d) {
  Shape s = shapeOf(c.messageText);
  Closure closure = closureOf(c.messageText);
  std::string prev = cueText(c.lastUserText);
  bool previousClosed = !c.lastUserText.empty() && (!closureCue(prev).empty() || successCue(prev));
  std::string rest = closure.phrase.empty() ? c.cue : cueText(closure.tail);
  bool shift = !d.shiftCue.empty();
  bool chat = chatStyle(c);
  bool done = assistantDone(c), offers = assistantOffers(c), request = requestOpening(c, s);
  double userCoverage = coverage(c.message, c.recentUser, c.idf);
  double userNovelty = 1.0 - userCoverage;
  // User messages in the current thread (the branch's, or the whole path's).
  double threadTurns = static_cast<double>(c.branchTurns.empty() ? c.pathUnits : c.branchTurns.size()) / 2.0;
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
          offDomain(c) && d.coverage < 0.1 ? 1.0 : 0.0,
          done ? 1.0 : 0.0,
          offers ? 1.0 : 0.0,
          request ? 1.0 : 0.0,
          request && (done || offers) ? 1.0 : 0.0,
          request ? userNovelty : 0.0,
          coverage(c.message, c.lastAssistant, c.idf),
          userCoverage,
          std::min(1.0, c.unseenNames / 2.0),
          c.messageNames > 0 && c.unseenNames == 0 ? 1.0 : 0.0,
          c.messageText.size() < 24 && s.pasted == 0 ? 1.0 : 0.0,
          toolingWords(c.messageText) > 0 && toolingWords(c.lastUserText) == 0 && s.pasted == 0 ? 1.0 : 0.0,
          praiseThenMore(c) ? 1.0 : 0.0,
          std::min(1.0, threadTurns / 10.0),
          c.pathUnits <= 4 ? 1.0 : 0.0};
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
