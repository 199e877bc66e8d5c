// Context: what the detectors know about one message, computed once per
// analyze() call — the message's terms and cues, an IDF learned from the
// conversation, and topic bags for the stretches of path it is compared with.
// Only the recent units are read, so the cost does not grow with the path.
#pragma once

#include <string>
#include <vector>

#include "structure/Analysis.h"
#include "structure/Terms.h"

namespace grove::structure {

struct Context {
  std::string messageText;
  Terms message;
  std::string cue;            // cueText(message)
  ConversationIdf idf;
  TopicBag recent;            // the current thread's recent units (the branch's when on a branch)
  TopicBag parent;            // on a branch: the thread it left
  std::vector<const PathTurn*> branchTurns;  // on a branch: its units, head first
  int userTurns = 0;          // user messages in the current thread's window
  TopicBag lastUser;          // the thread's last user message alone (what the message follows up)
  std::string lastUserText;   // its text ("" when none)
  int pathUnits = 0;          // units on the whole path (turn position)
  size_t recentLongest = 0;   // characters of the longest recent unit
  double recentSymbols = 0;   // share of code punctuation in the recent units' text
  int recentTechnical = 0;    // programming words in the recent units (structure::technicalWords)
  int messageTechnical = 0;   // and in the message
  int contentWords = 0;       // the message's distinct non-generic terms
};

Context contextOf(const AnalysisInput& input);

}  // namespace grove::structure
