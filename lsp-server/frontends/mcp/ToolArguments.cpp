#include "frontends/mcp/ToolArguments.h"

#include <cmath>

namespace grove::frontends::mcp {

using nlohmann::json;

ToolArguments::ToolArguments(const json& arguments)
    : args_(arguments.is_object() ? arguments : json::object()) {
  if (!arguments.is_null() && !arguments.is_object()) problems_.push_back("arguments must be an object");
}

const json* ToolArguments::field(const std::string& name) {
  auto it = args_.find(name);
  if (it == args_.end() || it->is_null()) return nullptr;
  return &*it;
}

std::optional<std::string> ToolArguments::optionalString(const std::string& name) {
  const json* v = field(name);
  if (!v) return std::nullopt;
  if (!v->is_string()) {
    problems_.push_back(name + " must be a string");
    return std::nullopt;
  }
  return v->get<std::string>();
}

std::string ToolArguments::requiredString(const std::string& name) {
  if (!field(name)) {
    problems_.push_back(name + " is required");
    return {};
  }
  auto v = optionalString(name);
  if (v && v->empty()) {
    problems_.push_back(name + " must not be empty");
    return {};
  }
  return v.value_or("");
}

std::optional<long long> ToolArguments::optionalInteger(const std::string& name, long long min, long long max) {
  const json* v = field(name);
  if (!v) return std::nullopt;
  const std::string range = name + " must be between " + std::to_string(min) + " and " + std::to_string(max);
  // Compare before converting: a huge double converted to an integer is
  // undefined behaviour, and a model may well send 1e300.
  if (v->is_number_float()) {
    double d = v->get<double>();
    if (!std::isfinite(d) || d != std::floor(d)) {
      problems_.push_back(name + " must be an integer");
      return std::nullopt;
    }
    if (d < static_cast<double>(min) || d > static_cast<double>(max)) {
      problems_.push_back(range);
      return std::nullopt;
    }
    return static_cast<long long>(d);
  }
  if (v->is_number_unsigned() && v->get<unsigned long long>() > static_cast<unsigned long long>(max)) {
    problems_.push_back(range);
    return std::nullopt;
  }
  if (!v->is_number_integer()) {
    problems_.push_back(name + " must be an integer");
    return std::nullopt;
  }
  long long n = v->get<long long>();
  if (n < min || n > max) {
    problems_.push_back(range);
    return std::nullopt;
  }
  return n;
}

long long ToolArguments::requiredInteger(const std::string& name, long long min, long long max) {
  if (!field(name)) {
    problems_.push_back(name + " is required");
    return min;
  }
  return optionalInteger(name, min, max).value_or(min);
}

std::string ToolArguments::message() const {
  std::string out;
  for (const auto& p : problems_) out += (out.empty() ? "" : "; ") + p;
  return out;
}

}  // namespace grove::frontends::mcp
