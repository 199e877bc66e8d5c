#include "protocol/Params.h"

#include "support/Error.h"

namespace grove::proto {

Params::Params(const json& params) {
  if (params.is_null() || (params.is_array() && params.empty()))
    obj_ = json::object();
  else if (params.is_object())
    obj_ = params;
  else
    fail("params", "params must be an object");
}

void Params::fail(const std::string& field, const std::string& message) {
  throw Error::invalidArg(field, message);
}

const json* Params::find(const char* key) const {
  auto it = obj_.find(key);
  return it == obj_.end() ? nullptr : &*it;
}

bool Params::has(const char* key) const { return find(key) != nullptr; }

std::string Params::str(const char* key) const {
  const json* v = find(key);
  if (!v) fail(key, std::string(key) + " is required");
  if (!v->is_string()) fail(key, std::string(key) + " must be a string");
  return v->get<std::string>();
}

std::optional<std::string> Params::optStr(const char* key) const {
  const json* v = find(key);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_string()) fail(key, std::string(key) + " must be a string");
  return v->get<std::string>();
}

Field<std::string> Params::field(const char* key) const {
  const json* v = find(key);
  if (!v) return std::nullopt;
  if (v->is_null()) return std::optional<std::string>();
  if (!v->is_string()) fail(key, std::string(key) + " must be a string or null");
  return std::optional<std::string>(v->get<std::string>());
}

std::optional<std::string> Params::nullableStr(const char* key) const {
  const json* v = find(key);
  if (!v) fail(key, std::string(key) + " is required (use null for none)");
  if (v->is_null()) return std::nullopt;
  if (!v->is_string()) fail(key, std::string(key) + " must be a string or null");
  return v->get<std::string>();
}

std::vector<std::string> Params::strList(const char* key) const {
  const json* v = find(key);
  if (!v) fail(key, std::string(key) + " is required");
  if (!v->is_array()) fail(key, std::string(key) + " must be an array of strings");
  std::vector<std::string> out;
  out.reserve(v->size());
  for (const auto& e : *v) {
    if (!e.is_string()) fail(key, std::string(key) + " must be an array of strings");
    out.push_back(e.get<std::string>());
  }
  return out;
}

std::optional<int> Params::optInt(const char* key) const {
  const json* v = find(key);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_number_integer()) fail(key, std::string(key) + " must be an integer");
  auto n = v->get<long long>();
  if (n < -2147483647LL || n > 2147483647LL) fail(key, std::string(key) + " is out of range");
  return static_cast<int>(n);
}

bool Params::flag(const char* key, bool dflt) const {
  const json* v = find(key);
  if (!v || v->is_null()) return dflt;
  if (!v->is_boolean()) fail(key, std::string(key) + " must be a boolean");
  return v->get<bool>();
}

const json* Params::object(const char* key) const {
  const json* v = find(key);
  if (!v || v->is_null()) return nullptr;
  if (!v->is_object()) fail(key, std::string(key) + " must be an object");
  return v;
}

}  // namespace grove::proto
