// TreeBuilder: turns a source's raw entries (each with its own id and its
// parent's) into ImportedMessages, the way DESIGN §10 asks: a user prompt is
// one message; everything the assistant did in answer to it (text pieces,
// tool calls, tool results) folds into one assistant message; entries that
// say nothing (metadata, hooks, thinking) are passed through, their children
// re-parented to the nearest kept ancestor. Shared by the tree formats
// (Claude Code, Pi, ChatGPT) and the linear ones (each entry's parent is the
// one before it).
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "interchange/ImportedSession.h"

namespace grove::interchange {

struct RawEntry {
  enum class Class {
    Prompt,  // a user prompt: one user message
    Reply,   // a piece of the assistant's answer: joins the reply it follows
    Note,    // a note of its own (a summary, a command the user ran)
    Code,    // a code selection
    Skip,    // says nothing: passed through
  };
  std::string id;
  std::optional<std::string> parent;
  Class cls = Class::Skip;
  std::string text;  // for a Reply: the block to append
  int64_t createdAt = 0;
  std::optional<ImportedCode> code;
};

class TreeBuilder {
public:
  /// Entries must be added parents first where the source allows it; a
  /// parent never seen makes the entry a root.
  void add(RawEntry entry);
  /// The message an entry id ended up in (after folding and skipping).
  std::optional<std::string> messageOf(const std::string& entryId) const;
  /// The messages, in the order they were first seen.
  std::vector<ImportedMessage> take();

private:
  std::optional<std::string> resolve(const std::optional<std::string>& parent) const;

  std::vector<ImportedMessage> messages_;
  std::unordered_map<std::string, size_t> index_;           // message id -> position
  std::unordered_map<std::string, std::string> entryToMsg_; // entry id -> message id
  std::unordered_map<std::string, std::optional<std::string>> skipped_;  // id -> resolved parent
  std::unordered_set<std::string> hasChildren_;
};

}  // namespace grove::interchange
