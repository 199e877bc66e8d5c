#include "store/IdLists.h"

#include <nlohmann/json.hpp>

namespace grove::store {

std::string idsToText(const std::vector<std::string>& ids) { return nlohmann::json(ids).dump(); }

std::vector<std::string> idsFromText(const std::string& text) {
  std::vector<std::string> out;
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_array()) return out;
  for (const auto& e : j)
    if (e.is_string()) out.push_back(e.get<std::string>());
  return out;
}

}  // namespace grove::store
