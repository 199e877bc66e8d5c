// Fuzzes the `@[Title](memolet:ID)` parser on message text. Beyond not
// crashing: every reference lies inside the text, starts with "@[" and ends
// with ")", carries a valid id, and formatReference of what was parsed parses
// back to the same id.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "memory/Citations.h"
#include "memory/References.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace grove::memory;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  size_t end = 0;
  for (const auto& r : parseReferences(text)) {
    if (r.offset < end || r.offset + r.length > text.size()) std::abort();
    if (text.substr(r.offset, 2) != "@[" || text[r.offset + r.length - 1] != ')') std::abort();
    if (!isMemoletId(r.id)) std::abort();
    end = r.offset + r.length;
    auto again = parseReferences(formatReference(r.title, r.id));
    if (again.size() != 1 || again[0].id != r.id) std::abort();
  }
  (void)referencedIds(text);
  // References become their titles: never longer than the text itself.
  if (withTitles(text).size() > text.size()) std::abort();
  // A title with brackets and newlines is made safe, whatever it holds.
  auto safe = parseReferences(formatReference(text, "fuzz-id"));
  if (safe.size() != 1 || safe[0].id != "fuzz-id") std::abort();
  return 0;
}
