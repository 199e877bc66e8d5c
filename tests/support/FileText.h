// FileText: a whole file as a string (empty when it cannot be read).
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace grove::test {

inline std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace grove::test
