// ToolArguments: reads an MCP tool call's `arguments` object field by field.
// A model writes these, so a wrong one is expected input, not a bug: every
// problem is collected into one sentence the model can act on ("startLine
// must be an integer; text is required"), returned as a tool error.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace grove::frontends::mcp {

class ToolArguments {
public:
  explicit ToolArguments(const nlohmann::json& arguments);

  std::string requiredString(const std::string& name);
  std::optional<std::string> optionalString(const std::string& name);
  /// An integer in [min, max]; JSON numbers with a fraction are refused.
  long long requiredInteger(const std::string& name, long long min, long long max);
  std::optional<long long> optionalInteger(const std::string& name, long long min, long long max);

  /// Adds a problem found by the caller (e.g. one field against another).
  void problem(std::string what) { problems_.push_back(std::move(what)); }
  bool ok() const { return problems_.empty(); }
  /// Every problem, joined: "a; b".
  std::string message() const;

private:
  const nlohmann::json* field(const std::string& name);

  nlohmann::json args_;
  std::vector<std::string> problems_;
};

}  // namespace grove::frontends::mcp
