// ConfigLoader: which providers exist and which one chat uses.
//
// Sources, later ones winning: built-in offline provider, the JSON file
// ($XDG_CONFIG_HOME/grove/config.json, else ~/.config/grove/config.json),
// then the environment (GROVE_PROVIDER, GROVE_MODEL, GROVE_BASE_URL,
// OPENAI_API_KEY, ANTHROPIC_API_KEY). Format and rules: docs/providers.md.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "llm/ProviderConfig.h"

namespace grove::llm {

/// Reads one environment variable; injectable so tests never touch the real one.
using EnvLookup = std::function<std::optional<std::string>(std::string_view)>;
EnvLookup processEnv();

struct ProviderSettings {
  std::vector<ProviderConfig> providers;  // always holds an "offline" entry
  std::string active;                     // name of the provider chat turns use
  std::string configPath;                 // the file that was read; empty if none

  const ProviderConfig& activeProvider() const;
  const ProviderConfig* find(std::string_view name) const;
};

/// Where the config file is looked for (it need not exist).
std::string configFilePath(const EnvLookup& env);

/// Loads file + environment. Throws grove::Error (InvalidArgument, field
/// naming the offending entry) for a file that is not valid or names an
/// unknown kind, and for a GROVE_PROVIDER that names nothing usable.
ProviderSettings loadProviderSettings(const EnvLookup& env = processEnv());

/// Only the built-in offline provider: what Grove falls back to when the
/// configuration is broken, and what tests run with.
ProviderSettings offlineSettings();

/// The same from an in-memory file text (nullopt: no file).
ProviderSettings loadProviderSettings(const std::optional<std::string>& fileText,
                                      const EnvLookup& env, std::string configPath = {});

}  // namespace grove::llm
