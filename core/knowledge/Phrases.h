// Phrases: the short pieces of prose the offline knowledge map turns into
// node titles and details (child suggestions from documents, answers
// integrated from a conversation): plain phrases without Markdown marks,
// list-item leads, first sentences.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace grove::knowledge {

/// Trimmed, without `*`, backticks, `_` and a trailing colon or full stop.
std::string plainPhrase(std::string s);
/// Short enough to be a node's title (at most 60 characters and 8 words), with a letter.
bool titleLike(const std::string& s);
/// Trimmed and cut to 240 characters (an ellipsis marks the cut).
std::string clipDetails(std::string s);
/// The first sentence of `text` that is not a Markdown heading line, clipped.
std::string firstSentence(const std::string& text);
/// The lines of `text` (without their line breaks), in order.
std::vector<std::string> textLines(const std::string& text);
/// A list item's lead and the rest: "- **Undo log**: one entry per call" ->
/// {"Undo log", "one entry per call"}; nothing when the line is not a list
/// item or its lead is not title-like.
std::optional<std::pair<std::string, std::string>> listItemLead(const std::string& line);

}  // namespace grove::knowledge
