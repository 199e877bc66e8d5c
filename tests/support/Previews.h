// Previews: the shape of a grove/scope/preview result, reduced to what
// tests compare (which units each message carries).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace grove::test {

using Ids = std::vector<std::string>;

/// The unitIds of every message in a preview, in order.
inline std::vector<Ids> messageUnitIds(const nlohmann::json& preview) {
  std::vector<Ids> out;
  for (const auto& m : preview.at("messages")) out.push_back(m.at("unitIds").get<Ids>());
  return out;
}

/// The roles of every message in a preview, in order.
inline std::vector<std::string> messageRoles(const nlohmann::json& preview) {
  std::vector<std::string> out;
  for (const auto& m : preview.at("messages")) out.push_back(m.at("role").get<std::string>());
  return out;
}

/// Every message's content joined, to check what the model would (not) read.
inline std::string allContent(const nlohmann::json& preview) {
  std::string out;
  for (const auto& m : preview.at("messages")) out += m.at("content").get<std::string>() + "\n";
  return out;
}

}  // namespace grove::test
