#include "structure/Cues.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <set>
#include <utility>
#include <vector>

#include "structure/Terms.h"
#include "text/Tokenizer.h"

namespace grove::structure {
namespace {

using Phrases = std::initializer_list<std::string_view>;

// Where in the message an announcement counts: "unrelated, but ..." opens a
// message; "... is unrelated to the crash" deep inside it is content.
constexpr size_t kOpeningChars = 48;

/// Characters (not bytes) before `at`: a window of the opening is as long in
/// Russian or Chinese as in English.
size_t charsBefore(std::string_view text, size_t at) {
  size_t n = 0;
  for (size_t i = 0; i < at && i < text.size(); ++i) n += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  return n;
}

/// The first of `phrases` found in `cue` within `within` characters of its
/// start, trimmed of its padding spaces ("" when none). A phrase of a language
/// written without spaces (Chinese, Japanese) is found and returned as it is.
std::string firstMatch(const std::string& cue, Phrases phrases, size_t within = std::string::npos) {
  for (auto p : phrases) {
    size_t at = cue.find(p);
    if (at == std::string::npos || (within != std::string::npos && charsBefore(cue, at) > within)) continue;
    return std::string(p.front() == ' ' ? p.substr(1, p.size() - 2) : p);
  }
  return {};
}

bool startsWithAny(std::string_view cue, Phrases phrases) {
  for (auto p : phrases)
    if (cue.substr(0, p.size()) == p) return true;
  return false;
}

// Words that may open a sentence before a cue without counting as words of
// their own ("ok, back to ...", "so, thanks").
constexpr std::string_view kFillers[] = {" ok ", " okay ", " alright ", " right ", " yes ", " yeah ", " yep ",
                                         " ah ", " oh ", " so ", " well "};

/// `cue` without the `words` it opens with, however many and in any order.
template <typename Words>
std::string stripLeading(std::string cue, const Words& words) {
  for (bool again = true; again;) {
    again = false;
    for (std::string_view w : words)
      if (cue.compare(0, w.size(), w) == 0) {
        cue.erase(0, w.size() - 1);
        again = true;
      }
  }
  return cue;
}

std::string stripFillers(std::string cue) { return stripLeading(std::move(cue), kFillers); }

/// Whether the phrase at `at` in `cue` opens it: only fillers and at most
/// `words` other words before it ("ok so back to", "that's great", "it is
/// done"). Deeper in, a phrase describes the work instead: "a .gitignore that
/// works for both", "refactor it so the tests run faster". Walks at most the
/// fillers and `words` + 1 words, however long the text.
bool opens(const std::string& cue, size_t at, int words) {
  bool leading = true;  // fillers count only before the first other word
  int seen = 0;
  for (size_t pos = 0; pos < at;) {
    size_t next = cue.find(' ', pos + 1);
    if (next == std::string::npos || next > at) next = at;
    std::string_view word(cue.data() + pos, next - pos + 1);  // " word "
    bool filler = false;
    for (auto f : kFillers) filler = filler || (leading && word == f);
    if (!filler) {
      leading = false;
      if (++seen > words) return false;
    }
    pos = next;
  }
  return true;
}

// Sentences of a message: split at . ! ? ; and newlines followed by a space
// or the end (so "std::move", "1.5" and ".prettierrc" stay whole).
std::vector<std::pair<size_t, size_t>> sentenceSpans(std::string_view text) {
  std::vector<std::pair<size_t, size_t>> out;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    bool end = c == '\n' || ((c == '.' || c == '!' || c == '?' || c == ';') &&
                             (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '\n'));
    if (end) {
      if (i + 1 > start) out.emplace_back(start, i + 1);
      start = i + 1;
    }
  }
  if (start < text.size()) out.emplace_back(start, text.size());
  return out;
}

}  // namespace

std::string cueText(std::string_view text) {
  std::string out = " ";
  for (char ch : text) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '\'') continue;  // "what's" -> "whats"
    if (std::isalnum(c) || c >= 0x80) {
      out.push_back(static_cast<char>(std::tolower(c)));
    } else if (out.back() != ' ') {
      out.push_back(' ');
    }
  }
  if (out.back() != ' ') out.push_back(' ');
  return out;
}

bool hasPhrase(const std::string& cue, std::string_view phrase) { return cue.find(phrase) != std::string::npos; }

std::string shiftCueOf(std::string_view message) {
  // Only the opening matters: a 100 KB paste is not read past it.
  const std::string_view head = message.substr(0, std::min<size_t>(message.size(), 8 * kOpeningChars));
  const std::string cue = cueText(head);
  // Markers announce an aside wherever they open the message.
  std::string marker = firstMatch(
      cue,
      {" off topic ", " offtopic ", " side question ", " quick tangent ", " by the way ", " btw ", " switching gears ",
       " switching topics ", " switch gears ", " change of topic ", " changing the subject ", " random question ",
       " on another note ", " while i have you ", " before i forget ",
       // "by the way" and "changing the subject" in the other languages real
       // conversations use (cueText lowercases ASCII only, hence both cases
       // of a capital outside it), and in Chinese and Japanese as written.
       " por cierto ", " cambiando de tema ", " por falar nisso ", " mudando de assunto ", " übrigens ", " Übrigens ",
       " кстати ", " Кстати ", " между прочим ", " Между прочим ", "顺便问", "顺便说", "题外话", "换个话题", "ところで",
       "話は変わ"},
      kOpeningChars);
  if (!marker.empty()) return marker;
  // Words that also describe the work ("a completely different error now",
  // "is the flicker unrelated to the theme", "aside from the tests", "create
  // a new topic in Kafka") announce a shift only where they open a sentence
  // near the start, after at most one word ("Fixed, it links now. Different
  // question: ...", "Totally unrelated, ..."), and not as a comparison
  // ("unrelated to").
  for (auto [start, end] : sentenceSpans(head)) {
    if (charsBefore(head, start) > kOpeningChars) break;
    const std::string sentence = stripLeading(cueText(head.substr(start, end - start)),
                                              Phrases{" one more thing ", " also ", " oh and ", " and ", " hey "});
    for (std::string_view p :
         {" unrelated ", " different question ", " different topic ", " different thing ", " another question ",
          " separate question ", " separate thing ", " separate topic ", " totally different ",
          " completely different ", " something else ", " something different ", " new question ", " new topic ",
          " let me ask ", " other topic ", " aside ", " tangent ", " quick one "}) {
      size_t at = sentence.find(p);
      if (at == std::string::npos || !opens(sentence, at, 1)) continue;
      const std::string_view next = std::string_view(sentence).substr(at + p.size() - 1);
      if (!startsWithAny(next, {" to ", " from ", " than ", " it ", " again ", " differently "}))
        return std::string(p.substr(1, p.size() - 2));
    }
  }
  return {};
}

bool continuationCue(const std::string& cue) {
  if (startsWithAny(cue, {" and ", " also ", " what about ", " how about ", " ok now ", " okay now ",
                          " ok and ", " okay and ", " ok so ", " now ", " so ", " but ", " then ",
                          " what if ", " same ", " does that ", " is that ", " would that ", " will that ",
                          " should that ", " could that ", " can that ", " why ", " how so ", " which one ",
                          " in that case ", " with that ", " if so ", " otherwise ", " wait ", " hmm ",
                          " ok but ", " okay but ", " yes but ", " right and ", " and if ", " isnt that ",
                          " doesnt that ", " ok let ", " okay let ", " sure ", " fine "}))
    return true;
  // "... too?", "... as well": more of the same.
  for (std::string_view p : {" too ", " as well ", " also "})
    if (cue.size() >= p.size() && cue.compare(cue.size() - p.size(), p.size(), p) == 0) return true;
  // A pronoun near the start points back at what was just said.
  std::string head = cue.substr(0, std::min<size_t>(cue.size(), 32));
  for (auto p : {" it ", " its ", " this one ", " that one ", " them ", " those ", " these ", " same thing ",
                 " there ", " that ", " the same "})
    if (head.find(p) != std::string::npos) return true;
  return false;
}

bool standaloneQuestion(const std::string& cue) {
  return startsWithAny(cue, {" how do i ", " how do you ", " how do we ", " how can i ", " how can we ",
                             " how should i ", " how would i ", " how long ", " how does ", " how is ",
                             " how to ", " can you explain ", " could you explain ", " explain ", " what is ",
                             " whats ", " what are ", " what does ", " which ", " is there ", " are there ",
                             " why does ", " why is ", " why do ", " when should ", " where do ",
                             " is it possible ", " do you know ", " any idea ", " is it worth "});
}

namespace {

// Closing phrases: acknowledgements, then reports that the answer solved it.
constexpr std::string_view kClosures[] = {
    " thanks ", " thank you ", " thx ", " ty ", " got it ", " makes sense ", " good to know ", " perfect ",
    " clear now ", " i understand ", " i get it ", " understood ", " settled ", " all set ", " what i needed ",
    " that helps ", " sounds good ", " good enough ", " great ", " done ", " got in ", " i see ", " nice ",
    " cool ", " awesome ", " that works ", " that worked ", " it works ", " that fixed it ", " fixed it ",
    " that did it ", " did the trick ", " that solved it "};

// Content words left in `cue` once closing phrases and fillers are removed.
// One pass over the words: cutting each phrase out and searching again was
// quadratic, two seconds for a pasted log with "done" on every line.
int wordsBeyondClosure(const std::string& cue) {
  std::string rest;
  rest.reserve(cue.size());
  for (size_t at = 0; at < cue.size();) {
    if (cue[at] == ' ') {
      bool cut = false;
      for (auto p : kClosures)
        if (cue.compare(at, p.size(), p) == 0) {
          at += p.size() - 1;  // keep the phrase's last space as a separator
          cut = true;
          break;
        }
      if (cut) continue;
    }
    rest.push_back(cue[at++]);
  }
  int n = 0;
  for (const auto& t : text::tokenize(rest)) n += isGenericWord(t) ? 0 : 1;
  return n;
}

}  // namespace

std::string closureCue(const std::string& cue, bool question) {
  // "i see" closes only as an acknowledgement ("oh i see"), not inside a
  // question ("how do i see the log").
  auto guarded = [&cue](std::string_view p, size_t at) {
    return p == " i see " && at >= 3 &&
           (cue.compare(at - 3, 3, " do") == 0 || cue.compare(at - 3, 3, "can") == 0 ||
            cue.compare(at - 3, 3, "uld") == 0);
  };
  for (auto p : kClosures) {
    // It opens the text (if its first occurrence does not, none does) or
    // ends it ("wow, that fixed it"), but a question it may not end: "is it
    // done?" asks, "streaming sounds good, how do I ...?" acknowledges first.
    size_t at = cue.find(p);
    while (at != std::string::npos && guarded(p, at)) at = cue.find(p, at + 1);
    if (at == std::string::npos) continue;
    const size_t last = cue.size() - p.size();
    const bool ends = cue.compare(last, p.size(), p) == 0 && !guarded(p, last);
    if (ends ? !question : opens(cue, at, 2)) return std::string(p.substr(1, p.size() - 2));
  }
  return {};
}

std::string returnCueOf(std::string_view message) {
  // A return is announced near the start ("thanks, that clears it up. Anyway,
  // ..."), not in the lines of a pasted log ("Falling back to defaults").
  constexpr size_t kReturnOpening = 240;
  for (auto [start, end] : sentenceSpans(message.substr(0, std::min(message.size(), 2 * kReturnOpening)))) {
    if (start > kReturnOpening) break;
    const std::string cue = cueText(message.substr(start, end - start));
    for (std::string_view p :
         {" back to ", " back on ", " back in ", " get back to ", " anyway ", " anyways ", " returning to ",
          " return to ", " going back to ", " go back to ", " where were we ", " as i was saying ", " main thread ",
          " main topic ", " original question ", " original problem ", " enough about that ", " so for the ",
          " so with the ", " so the ", " now for the ", " so with "})
      // At most one word before it ("lets go back to", "now back to"): with
      // two, "set it back to false" and "do it anyway?" are requests.
      if (size_t at = cue.find(p); at != std::string::npos && opens(cue, at, 1))
        return std::string(p.substr(1, p.size() - 2));
  }
  return {};
}

Closure closureOf(std::string_view message) {
  Closure c;
  auto spans = sentenceSpans(message);
  size_t closing = spans.size();
  for (size_t i = 0; i < spans.size(); ++i) {
    std::string sentence = cueText(message.substr(spans[i].first, spans[i].second - spans[i].first));
    std::string p = closureCue(sentence, spans[i].second > spans[i].first && message[spans[i].second - 1] == '?');
    // "ok." / "right!" as a sentence of its own acknowledges too.
    if (p.empty() && sentence.size() > 1 && stripFillers(sentence) == " ") p = sentence.substr(1, sentence.size() - 2);
    if (!p.empty()) {
      closing = i;
      c.phrase = p;
    }
  }
  if (closing == spans.size()) return c;
  c.tail = std::string(message.substr(spans[closing].second));
  std::string whole = cueText(message);
  bool question = message.find('?') != std::string_view::npos;
  int tailWords = wordsBeyondClosure(cueText(c.tail));
  std::string lead = stripFillers(whole);
  bool leading = false;
  for (auto p : kClosures)
    if (lead.compare(0, p.size(), p) == 0) leading = true;
  std::string closingCue =
      cueText(message.substr(spans[closing].first, spans[closing].second - spans[closing].first));
  bool ackOnly = wordsBeyondClosure(closingCue) <= 1;
  c.only = !question && tailWords == 0 && (leading || ackOnly) && wordsBeyondClosure(whole) <= 3;
  return c;
}

bool successCue(const std::string& cue) {
  return !firstMatch(cue, {" worked ", " works ", " fixed ", " found it ", " found the ", " went through ",
                           " green ", " passes ", " passing ", " that did it ", " succeeded ", " success ",
                           " solved ", " resolved ", " cleanly ", " bisect found ", " did it "})
              .empty();
}

int stepMarkers(std::string_view text) {
  std::set<int> steps;
  std::string cue = cueText(text);
  for (size_t at = cue.find(" step "); at != std::string::npos; at = cue.find(" step ", at + 1)) {
    size_t d = at + 6;
    if (d < cue.size() && std::isdigit(static_cast<unsigned char>(cue[d]))) steps.insert(cue[d] - '0');
  }
  // Numbered lines: "1. ..." / "2) ..." at the start of a line.
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    bool lineStart = i == 0 || text[i - 1] == '\n';
    if (lineStart && std::isdigit(static_cast<unsigned char>(text[i])) && (text[i + 1] == '.' || text[i + 1] == ')'))
      steps.insert(100 + (text[i] - '0'));
  }
  int n = static_cast<int>(steps.size());
  if (n == 0 && hasPhrase(cue, " first ") && hasPhrase(cue, " then ") &&
      (hasPhrase(cue, " finally ") || hasPhrase(cue, " after that ")))
    n = 3;
  return n;
}

bool procedureCue(const std::string& cue) {
  return !firstMatch(cue, {" step by step ", " walk through ", " walk me through ", " procedure ",
                           " checklist ", " one by one ", " the steps ", " exact steps ", " runbook ",
                           " playbook "})
              .empty();
}

}  // namespace grove::structure
