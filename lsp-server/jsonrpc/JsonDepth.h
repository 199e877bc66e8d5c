// JsonDepth: refuses absurdly nested JSON before the recursive parser sees
// it (100,000 nested arrays would overflow the stack).
#pragma once

#include <string_view>

namespace grove::rpc {

constexpr int kMaxJsonDepth = 512;

/// True when no array or object in `text` nests deeper than `limit`.
/// Brackets inside strings do not count.
inline bool nestingWithin(std::string_view text, int limit) {
  int depth = 0;
  bool inString = false, escaped = false;
  for (char c : text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') inString = false;
      continue;
    }
    if (c == '"') inString = true;
    else if (c == '[' || c == '{') {
      if (++depth > limit) return false;
    } else if (c == ']' || c == '}') --depth;
  }
  return true;
}

}  // namespace grove::rpc
