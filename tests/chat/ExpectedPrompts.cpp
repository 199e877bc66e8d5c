#include "ExpectedPrompts.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace grove::chat_test {

namespace {
std::string trimEnd(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}
}  // namespace

std::string promptFile(const std::string& name) {
  std::ifstream in(std::string(GROVE_PROMPTS_DIR) + "/" + name + ".txt", std::ios::binary);
  if (!in) throw std::runtime_error("no prompt template " + name);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string filledPrompt(const std::string& name, const std::map<std::string, std::string>& values) {
  std::string text = promptFile(name);
  for (const auto& [key, value] : values) {
    const std::string mark = "{{" + key + "}}";
    for (size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + value.size()))
      text.replace(at, mark.size(), value);
  }
  if (text.find("{{") != std::string::npos) throw std::runtime_error(name + ": a placeholder was left unfilled");
  return trimEnd(text);
}

std::string conversationSystem(const std::string& block) {
  return trimEnd(promptFile("conversation_preamble")) + "\n\n" + block;
}

}  // namespace grove::chat_test
