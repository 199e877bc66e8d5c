#include "agents/ModelJson.h"

namespace grove {

namespace {
std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}
}  // namespace

std::string unfenceJson(const std::string& text) {
  std::string t = trim(text);
  if (t.rfind("```", 0) != 0 || t.size() < 6 || t.compare(t.size() - 3, 3, "```") != 0) return t;
  size_t firstLine = t.find('\n');
  if (firstLine == std::string::npos) return t;
  return trim(t.substr(firstLine + 1, t.size() - 3 - (firstLine + 1)));
}

}  // namespace grove
