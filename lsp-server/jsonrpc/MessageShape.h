// MessageShape: what a relay needs to know of a JSON-RPC message (is it an
// object, does it name a method, what is its id) without building the
// document. Parsing a 20 MB reply only to read its id cost the relay more
// than the core spent making the reply.
#pragma once

#include <optional>
#include <string_view>

namespace grove::rpc {

struct MessageShape {
  bool hasMethod = false;
  std::optional<std::string_view> id;  // the id's JSON text, as written
};

/// Scans `text` once. nullopt when it is not one well-formed JSON object
/// (the caller then parses it the slow way, which decides what it is).
/// Nested values are skipped, never parsed, with no recursion, so depth is
/// no danger here. A key written with escapes also gives nullopt.
std::optional<MessageShape> scanMessage(std::string_view text);

}  // namespace grove::rpc
