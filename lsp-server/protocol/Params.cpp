#include "protocol/Params.h"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/Limits.h"
#include "support/Error.h"

namespace grove::proto {
namespace {

bool endsWith(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// The most bytes a string param named `key` may hold (Limits.h).
size_t maxBytesFor(std::string_view key) {
  if (key == "id" || endsWith(key, "Id") || endsWith(key, "Ids")) return kMaxIdBytes;
  if (key == "content" || key == "prompt" || key == "instruction" || key == "example" || key == "text")
    return kMaxTextBytes;
  if (key == "query" || key == "prefix") return kMaxQueryBytes;
  if (key == "title" || key == "name") return kMaxTitleBytes;
  return kMaxStringBytes;
}

// Iterative, so a deep value cannot overflow the stack here either.
int depthOf(const json& v) {
  int deepest = 0;
  std::vector<std::pair<const json*, int>> todo{{&v, 0}};
  while (!todo.empty()) {
    auto [node, depth] = todo.back();
    todo.pop_back();
    if (!node->is_structured()) continue;
    deepest = std::max(deepest, depth + 1);
    if (deepest > kMaxParamsDepth) return deepest;
    for (const auto& child : *node) todo.push_back({&child, depth + 1});
  }
  return deepest;
}

// Refuses a string above its field's limit (Limits.h) with -32602 naming it.
void checkLength(const char* key, const std::string& value) {
  size_t limit = maxBytesFor(key);
  if (value.size() > limit)
    throw Error::invalidArg(key, std::string(key) + " is " + std::to_string(value.size()) +
                                     " bytes; the limit is " + std::to_string(limit));
}

}  // namespace

Params::Params(const json& params) {
  if (params.is_null() || (params.is_array() && params.empty()))
    obj_ = json::object();
  else if (params.is_object())
    obj_ = params;
  else
    fail("params", "params must be an object");
  for (const auto& [key, value] : obj_.items()) {
    // The object itself is level 1.
    if (depthOf(value) + 1 > kMaxParamsDepth)
      fail(key, key + " nests deeper than " + std::to_string(kMaxParamsDepth) + " levels");
  }
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
  checkLength(key, v->get_ref<const std::string&>());
  return v->get<std::string>();
}

std::optional<std::string> Params::optStr(const char* key) const {
  const json* v = find(key);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_string()) fail(key, std::string(key) + " must be a string");
  checkLength(key, v->get_ref<const std::string&>());
  return v->get<std::string>();
}

Field<std::string> Params::field(const char* key) const {
  const json* v = find(key);
  if (!v) return std::nullopt;
  if (v->is_null()) return std::optional<std::string>();
  if (!v->is_string()) fail(key, std::string(key) + " must be a string or null");
  checkLength(key, v->get_ref<const std::string&>());
  return std::optional<std::string>(v->get<std::string>());
}

std::optional<std::string> Params::nullableStr(const char* key) const {
  const json* v = find(key);
  if (!v) fail(key, std::string(key) + " is required (use null for none)");
  if (v->is_null()) return std::nullopt;
  if (!v->is_string()) fail(key, std::string(key) + " must be a string or null");
  checkLength(key, v->get_ref<const std::string&>());
  return v->get<std::string>();
}

std::vector<std::string> Params::strList(const char* key) const {
  const json* v = find(key);
  if (!v) fail(key, std::string(key) + " is required");
  if (!v->is_array()) fail(key, std::string(key) + " must be an array of strings");
  if (v->size() > kMaxListItems)
    fail(key, std::string(key) + " holds " + std::to_string(v->size()) + " items; the limit is " +
                  std::to_string(kMaxListItems) + " per call");
  std::vector<std::string> out;
  out.reserve(v->size());
  for (const auto& e : *v) {
    if (!e.is_string()) fail(key, std::string(key) + " must be an array of strings");
    checkLength(key, e.get_ref<const std::string&>());
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
