// JsonFile: reads a whole JSON file, for the evaluation programs that load
// labelled sets (header-only: those libraries link nlohmann themselves).
#pragma once

#include <fstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace grove::testing {

inline nlohmann::json readJsonFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  return nlohmann::json::parse(in);
}

}  // namespace grove::testing
