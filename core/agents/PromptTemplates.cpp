#include "agents/PromptTemplates.h"

#include <stdexcept>

namespace grove::prompts {

std::string_view get(std::string_view name) {
  for (const auto& [n, text] : all())
    if (n == name) return text;
  throw std::out_of_range("no prompt template named " + std::string(name));
}

std::string fill(std::string_view tmpl,
                 const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out(tmpl);
  for (const auto& [key, value] : values) {
    const std::string marker = "{{" + key + "}}";
    for (size_t at = out.find(marker); at != std::string::npos; at = out.find(marker, at + value.size()))
      out.replace(at, marker.size(), value);
  }
  return out;
}

}  // namespace grove::prompts
