// References in message text: `@[Title](memolet:ID)`, the one syntax the
// composer inserts and the core resolves (the referenced memolet's full text
// always reaches the prompt), and `@[Title](group:ID)` for a board group (its
// newest members reach the prompt, DESIGN §11.2). ID is [A-Za-z0-9_-]{1,40};
// the title is any text without brackets or newlines (it is display only: the
// ID resolves).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace grove::memory {

struct Reference {
  enum class Scheme { Memolet, Group };
  Scheme scheme = Scheme::Memolet;
  std::string title;
  std::string id;
  size_t offset = 0;  // byte offset of '@'
  size_t length = 0;  // bytes of the whole reference
};

/// References of both schemes in order of appearance (duplicates kept;
/// malformed ones skipped).
std::vector<Reference> parseReferences(std::string_view text);

/// Unique referenced memolet ids in order of first appearance.
std::vector<std::string> referencedIds(std::string_view text);
/// Unique referenced board group ids in order of first appearance.
std::vector<std::string> referencedGroupIds(std::string_view text);

/// The insert text for a reference; brackets and newlines in the title are
/// replaced so the result always parses back to (title', id).
std::string formatReference(std::string_view title, std::string_view id,
                            Reference::Scheme scheme = Reference::Scheme::Memolet);

/// The text with every reference replaced by its title: how a message reads
/// as a search query.
std::string withTitles(std::string_view text);

}  // namespace grove::memory
