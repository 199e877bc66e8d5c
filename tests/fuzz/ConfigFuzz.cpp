// Fuzzes config.json loading: any file text either loads (with the offline
// provider present and the active provider among those listed) or is
// refused with grove::Error naming the entry. Nothing else may escape. The
// environment is empty, so only the file decides.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "llm/ConfigLoader.h"
#include "support/Error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace grove::llm;
  const EnvLookup noEnv = [](std::string_view) -> std::optional<std::string> { return std::nullopt; };
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    ProviderSettings s = loadProviderSettings(text, noEnv, "config.json");
    if (!s.find("offline")) std::abort();
    if (!s.find(s.active)) std::abort();
    for (const auto& p : s.providers) (void)p.toString();
  } catch (const grove::Error& e) {
    if (e.kind() != grove::ErrorKind::InvalidArgument) std::abort();
  }
  return 0;
}
