// Params: reads a request's `params` object field by field, so every wrong
// or missing value is reported as -32602 with `data.field` naming it.
//
// `params` may be absent or an empty array (Neovim 0.7 encodes {} as []);
// both mean an empty object. In patches, an absent field means "unchanged"
// and null means "clear" (Field<T>).
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "support/Field.h"

namespace grove::proto {

using nlohmann::json;

class Params {
public:
  explicit Params(const json& params);

  bool has(const char* key) const;
  const json& raw() const { return obj_; }

  std::string str(const char* key) const;  // required, non-null string
  std::optional<std::string> optStr(const char* key) const;  // absent or null -> nullopt
  Field<std::string> field(const char* key) const;           // absent / null / string
  /// Required key whose value may be null (e.g. `parentId: string|null`).
  std::optional<std::string> nullableStr(const char* key) const;
  std::vector<std::string> strList(const char* key) const;
  std::optional<int> optInt(const char* key) const;
  bool flag(const char* key, bool dflt) const;
  const json* object(const char* key) const;  // absent or null -> nullptr

  [[noreturn]] static void fail(const std::string& field, const std::string& message);

private:
  const json* find(const char* key) const;
  json obj_;
};

}  // namespace grove::proto
