#include "llm/ConfigLoader.h"

#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "support/Error.h"

namespace grove::llm {
namespace {

using nlohmann::json;

Error configError(const std::string& field, const std::string& message) {
  return Error::invalidArg(field, "provider config: " + message);
}

std::string nonEmpty(const EnvLookup& env, std::string_view name) {
  auto v = env(name);
  return v ? *v : std::string{};
}

// The official endpoint of a kind: only there does a default key variable
// apply, so an OPENAI_API_KEY is never sent to some other OpenAI-compatible
// host the user configured in the file (a local Ollama, a third party).
bool isOfficialEndpoint(const ProviderConfig& c) {
  return c.kind != ProviderKind::Offline && c.baseUrl == defaultsFor(c.kind, "").baseUrl;
}

template <class T>
void readIf(const json& obj, const char* key, T& out, const std::string& field) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return;
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    // A float out of the integer's range converts with undefined behaviour.
    if (it->is_number_float()) {
      double d = it->get<double>();
      if (!(d >= static_cast<double>(std::numeric_limits<T>::min()) &&
            d <= static_cast<double>(std::numeric_limits<T>::max())))
        throw configError(field + "." + key, "\"" + std::string(key) + "\" is out of range");
    }
  }
  try {
    out = it->get<T>();
  } catch (const json::exception&) {
    throw configError(field + "." + key, "\"" + std::string(key) + "\" has the wrong type");
  }
}

ProviderConfig parseEntry(const json& e, const std::string& field, const EnvLookup& env) {
  if (!e.is_object()) throw configError(field, "each provider must be an object");
  std::string kindText;
  readIf(e, "kind", kindText, field);
  auto kind = parseKind(kindText);
  if (!kind) {
    throw configError(field + ".kind",
                      "kind must be openai, anthropic or offline (got \"" + kindText + "\")");
  }
  std::string name = std::string(kindName(*kind));
  readIf(e, "name", name, field);
  ProviderConfig c = defaultsFor(*kind, name);
  const std::string defaultKeyEnv = c.apiKeyEnv;
  bool utilityGiven = e.contains("utilityModel");
  readIf(e, "baseUrl", c.baseUrl, field);
  c.baseUrl = normalizeBaseUrl(c.baseUrl);
  readIf(e, "model", c.model, field);
  readIf(e, "utilityModel", c.utilityModel, field);
  if (!utilityGiven) c.utilityModel = c.model;
  readIf(e, "embeddingModel", c.embeddingModel, field);
  readIf(e, "apiKey", c.apiKey, field);
  c.apiKeyEnv = isOfficialEndpoint(c) ? defaultKeyEnv : std::string{};
  readIf(e, "apiKeyEnv", c.apiKeyEnv, field);
  readIf(e, "maxRetries", c.maxRetries, field);
  readIf(e, "retryBaseMs", c.retryBaseMs, field);
  readIf(e, "maxResponseBytes", c.maxResponseBytes, field);
  readIf(e, "command", c.command, field);
  if (auto t = e.find("timeouts"); t != e.end() && t->is_object()) {
    readIf(*t, "connectMs", c.timeouts.connectMs, field + ".timeouts");
    readIf(*t, "idleMs", c.timeouts.idleMs, field + ".timeouts");
    readIf(*t, "totalMs", c.timeouts.totalMs, field + ".timeouts");
    readIf(*t, "startMs", c.timeouts.startMs, field + ".timeouts");
  }
  if (c.kind != ProviderKind::Offline && c.baseUrl.empty()) {
    throw configError(field + ".baseUrl", "provider \"" + c.name + "\" needs a baseUrl");
  }
  if (c.maxRetries < 0 || c.timeouts.connectMs <= 0 || c.timeouts.idleMs <= 0) {
    throw configError(field, "provider \"" + c.name + "\" has a negative or zero limit");
  }
  // The environment wins over the file for the key.
  if (!c.apiKeyEnv.empty()) {
    if (auto key = nonEmpty(env, c.apiKeyEnv); !key.empty()) c.apiKey = key;
  }
  return c;
}

ProviderConfig* findMutable(ProviderSettings& s, std::string_view name) {
  for (auto& p : s.providers) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

}  // namespace

EnvLookup processEnv() {
  return [](std::string_view name) -> std::optional<std::string> {
    const char* v = std::getenv(std::string(name).c_str());
    if (!v || !*v) return std::nullopt;
    return std::string(v);
  };
}

const ProviderConfig* ProviderSettings::find(std::string_view name) const {
  for (const auto& p : providers) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const ProviderConfig& ProviderSettings::activeProvider() const {
  if (const auto* p = find(active)) return *p;
  return providers.front();
}

std::string configFilePath(const EnvLookup& env) {
  if (auto xdg = nonEmpty(env, "XDG_CONFIG_HOME"); !xdg.empty()) return xdg + "/grove/config.json";
  if (auto home = nonEmpty(env, "HOME"); !home.empty()) return home + "/.config/grove/config.json";
  return {};
}

ProviderSettings loadProviderSettings(const EnvLookup& env) {
  std::string path = configFilePath(env);
  std::optional<std::string> text;
  if (!path.empty()) {
    std::ifstream in(path, std::ios::binary);
    if (in) {
      std::ostringstream buf;
      buf << in.rdbuf();
      text = buf.str();
    }
  }
  return loadProviderSettings(text, env, text ? path : std::string{});
}

ProviderSettings loadProviderSettings(const std::optional<std::string>& fileText,
                                      const EnvLookup& env, std::string configPath) {
  ProviderSettings s;
  s.configPath = std::move(configPath);

  if (fileText) {
    json doc = json::parse(*fileText, nullptr, /*allow_exceptions=*/false, /*comments=*/true);
    if (doc.is_discarded() || !doc.is_object()) {
      throw configError("config", "the file is not a JSON object");
    }
    if (auto list = doc.find("providers"); list != doc.end()) {
      if (!list->is_array()) throw configError("providers", "\"providers\" must be an array");
      for (std::size_t i = 0; i < list->size(); ++i) {
        std::string field = "providers[" + std::to_string(i) + "]";
        ProviderConfig c = parseEntry((*list)[i], field, env);
        if (s.find(c.name)) throw configError(field + ".name", "duplicate name \"" + c.name + "\"");
        s.providers.push_back(std::move(c));
      }
    }
    readIf(doc, "provider", s.active, "config");
    if (!s.active.empty() && !s.find(s.active) && !parseKind(s.active)) {
      throw configError("provider", "\"provider\" names no configured provider: " + s.active);
    }
  }
  if (!s.find("offline")) s.providers.push_back(defaultsFor(ProviderKind::Offline, "offline"));
  if (s.active.empty()) s.active = s.providers.front().name;

  // GROVE_PROVIDER: a configured name, or a kind (then the first entry of that
  // kind, or a fresh one on the kind's defaults).
  std::string chosen = nonEmpty(env, "GROVE_PROVIDER");
  if (chosen.empty() && !s.find(s.active)) chosen = s.active;  // file named a bare kind
  if (!chosen.empty()) {
    if (s.find(chosen)) {
      s.active = chosen;
    } else if (auto kind = parseKind(chosen)) {
      const ProviderConfig* sameKind = nullptr;
      for (const auto& p : s.providers) {
        if (p.kind == *kind) { sameKind = &p; break; }
      }
      if (sameKind) {
        s.active = sameKind->name;
      } else {
        ProviderConfig c = defaultsFor(*kind, chosen);
        if (!c.apiKeyEnv.empty()) c.apiKey = nonEmpty(env, c.apiKeyEnv);
        s.providers.push_back(std::move(c));
        s.active = chosen;
      }
    } else {
      throw configError("GROVE_PROVIDER",
                        "GROVE_PROVIDER names no configured provider and no kind: " + chosen);
    }
  }

  ProviderConfig* active = findMutable(s, s.active);
  if (auto model = nonEmpty(env, "GROVE_MODEL"); !model.empty() && active->kind != ProviderKind::Offline) {
    // The chat model changes; a utility model that merely followed it follows again.
    if (active->utilityModel == active->model) active->utilityModel = model;
    active->model = model;
  }
  if (auto url = nonEmpty(env, "GROVE_BASE_URL"); !url.empty() && active->kind != ProviderKind::Offline) {
    active->baseUrl = normalizeBaseUrl(url);
  }
  return s;
}

ProviderSettings offlineSettings() {
  return loadProviderSettings(std::nullopt, [](std::string_view) { return std::optional<std::string>(); });
}

}  // namespace grove::llm
