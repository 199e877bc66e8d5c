// Fuzzes the `[citation:ID]` parser on model answers: marks lie inside the
// answer, in order and without overlap, and hold only valid ids; the cited
// list has each id once.
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string_view>

#include "memory/Citations.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace grove::memory;
  std::string_view answer(reinterpret_cast<const char*>(data), size);
  size_t end = 0;
  for (const auto& m : findCitationMarks(answer)) {
    if (m.offset < end || m.length == 0 || m.offset + m.length > answer.size()) std::abort();
    if (answer[m.offset] != '[' || m.ids.empty()) std::abort();
    for (const auto& id : m.ids)
      if (!isMemoletId(id)) std::abort();
    end = m.offset + m.length;
  }
  auto cited = parseCitations(answer);
  if (std::set<std::string>(cited.begin(), cited.end()).size() != cited.size()) std::abort();
  for (const auto& id : cited)
    if (!isMemoletId(id)) std::abort();
  return 0;
}
