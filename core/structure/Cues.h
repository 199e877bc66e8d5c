// Cues: the phrases people use to steer a conversation — "unrelated, but",
// "what about", "back to", "that works, thanks", "step 2" — matched on a
// normalised form of the message. They carry what vocabulary alone cannot:
// a follow-up that changes every word still says "and", a side question that
// reuses the thread's words still says "by the way".
#pragma once

#include <string>
#include <string_view>

namespace grove::structure {

/// Lowercase words separated by single spaces, apostrophes dropped, padded
/// with one space at each end: "What's up?!" -> " whats up ".
std::string cueText(std::string_view text);

/// True when `phrase` (written as " word word ") occurs in `cue`.
bool hasPhrase(const std::string& cue, std::string_view phrase);

/// "unrelated", "switching gears", "different question", "by the way"...:
/// the user announces a new topic near the start of the message. Words that
/// also describe work ("unrelated", "completely different", "aside") count
/// only where they open a sentence and do not compare ("unrelated to the
/// crash", "a completely different error now" are content). Returns the
/// matched phrase (trimmed) or "".
std::string shiftCueOf(std::string_view message);

/// "and ...", "what about", "ok now", "also", "so ...", "... too", pronouns
/// that point back ("it", "this", "that one"): the message continues the
/// current topic.
bool continuationCue(const std::string& cue);

/// "how do I ...", "can you explain ...", "what's the best ...": the message
/// opens a question of its own rather than replying to the last answer.
bool standaloneQuestion(const std::string& cue);

/// "back to", "anyway", "returning to", "so for the ...": the user returns to
/// an earlier thread. The phrase must open one of the sentences near the
/// message's start (after fillers and at most one word: "ok so back to the
/// parser", "lets go back to", "thanks! anyway, ..."); deeper in it is content
/// ("a helper that goes back to the caller", "set it back to false").
/// Returns the matched phrase (trimmed) or "".
std::string returnCueOf(std::string_view message);

/// "thanks", "that works", "got it", "makes sense", "good to know": the user
/// closes the current exchange. The phrase must open `cue` (after fillers and
/// at most two words: "ok that works", "that's great") or end it when it is
/// not a `question` ("wow, that fixed it"); inside a request it describes the
/// work ("a .gitignore that works for both"). Returns the matched phrase
/// (trimmed) or "". Bare "ok"/"right"/"yes" are not closures: they open
/// follow-ups as often.
std::string closureCue(const std::string& cue, bool question = false);

/// How a message closes what came before it.
struct Closure {
  std::string phrase;  // the closing phrase ("" when the message closes nothing)
  bool only = false;   // the message does nothing but close ("ok I get it now, thanks")
  std::string tail;    // the text after the closing sentence ("thanks! now the reducer: ...")
};
Closure closureOf(std::string_view message);

/// "worked", "fixed it", "found it", "went through", "green": the user reports
/// that what the branch set out to do succeeded.
bool successCue(const std::string& cue);

/// How many distinct procedure steps `text` lays out ("Step 1", "1.", "2)",
/// "first ... then ... finally").
int stepMarkers(std::string_view text);

/// "step by step", "walk through", "procedure", "checklist": the user asked
/// for a procedure.
bool procedureCue(const std::string& cue);

}  // namespace grove::structure
