#include "agents/CapsuleExtraction.h"

#include <cctype>
#include <set>

#include "agents/MemoryAgent.h"
#include "agents/PromptTemplates.h"

namespace grove {

namespace {

std::string oneLine(const std::string& text) {
  std::string flat;
  for (char c : text) flat += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  size_t b = flat.find_first_not_of(' ');
  if (b == std::string::npos) return "";
  size_t e = flat.find_last_not_of(' ');
  return flat.substr(b, e - b + 1);
}

// The first sentence of a unit's text, at most 25 words.
std::string lead(const std::string& text) {
  std::string flat = oneLine(text);
  for (size_t i = 0; i + 1 < flat.size(); ++i)
    if ((flat[i] == '.' || flat[i] == '?' || flat[i] == '!') && flat[i + 1] == ' ') {
      flat = flat.substr(0, i + 1);
      break;
    }
  return limitWords(flat, 25);
}

bool usable(const Unit& u) { return u.kind != Kind::Placeholder && !oneLine(u.content).empty(); }

// A 2-4 word Title Case name from the first user message's longest words.
std::string nameFrom(const std::vector<Unit>& units, CapsuleType type) {
  std::string source;
  for (const auto& u : units)
    if (usable(u) && u.role == Role::User) {
      source = u.content;
      break;
    }
  if (source.empty())
    for (const auto& u : units)
      if (usable(u)) {
        source = u.content;
        break;
      }
  static const std::set<std::string> stop = {
      "the", "and", "for", "with", "that", "this", "what", "how", "should", "would", "could",
      "does", "into", "from", "about", "have", "your", "when", "which", "there", "their", "them",
      "then", "than", "will", "shall", "can", "you", "are", "our", "its", "why", "who"};
  std::vector<std::string> picked;
  std::string word;
  auto flush = [&] {
    if (word.size() >= 3 && !stop.count(word) && picked.size() < 3) {
      bool dup = false;
      for (const auto& p : picked) dup = dup || p == word;
      if (!dup) picked.push_back(word);
    }
    word.clear();
  };
  for (unsigned char c : source) {
    if (std::isalnum(c))
      word += static_cast<char>(std::tolower(c));
    else
      flush();
  }
  flush();
  const char* suffix = type == CapsuleType::TaskSop ? "Procedure"
                       : type == CapsuleType::Reasoning ? "Reasoning"
                                                        : "Context";
  std::string name;
  for (auto& w : picked) {
    w[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
    name += (name.empty() ? "" : " ") + w;
  }
  return name.empty() ? std::string("Untitled ") + suffix : name + " " + suffix;
}

}  // namespace

CapsuleDraft extractiveCapsule(const std::vector<Unit>& units, CapsuleType type,
                               const std::string& nameHint) {
  CapsuleDraft d;
  d.requiresReview = true;  // nothing was understood, only quoted
  d.source = "native";
  d.name = nameHint.empty() ? nameFrom(units, type) : limitWords(nameHint, 6);
  std::string body;
  int n = 0;
  for (const auto& u : units) {
    if (!usable(u)) continue;
    std::string who = u.role == Role::User ? "Asked" : u.role == Role::Assistant ? "Answered" : "Noted";
    body += "\n" + std::to_string(++n) + ". " + who + ": " + lead(u.content);
    if (n == 7) break;
  }
  const char* heading = type == CapsuleType::TaskSop
                            ? "Steps as they happened in the source conversation:"
                        : type == CapsuleType::Reasoning
                            ? "Reasoning moves as they happened in the source conversation:"
                            : "Key points of the source conversation:";
  d.instruction = std::string("Extracted offline without a model: the lines below quote the first "
                              "sentence of each source unit; review and rewrite them before enabling.\n") +
                  heading + (body.empty() ? "\n(no text in the selected units)" : body);
  d.example = "Apply the same sequence to a comparable task; the specifics of the source (" +
              std::to_string(n) + " units) are not part of the pattern.";
  return d;
}

ChatRequest extractionRequest(const std::vector<Unit>& units, CapsuleType type,
                              const std::string& model) {
  ChatRequest r;
  r.model = model;
  r.jsonMode = true;
  r.temperature = 0.2;
  r.maxTokens = 900;
  const char* tmpl = type == CapsuleType::TaskSop ? "extract_task_sop"
                     : type == CapsuleType::Reasoning ? "extract_reasoning"
                                                      : "extract_context_case";
  r.system = std::string(prompts::get(tmpl));
  std::string transcript;
  int i = 1;
  for (const auto& u : units) {
    if (!usable(u)) continue;
    const char* who = u.role == Role::User ? "User: " : u.role == Role::Assistant ? "Assistant: " : "System: ";
    transcript += std::to_string(i++) + ". " + who + u.content + "\n";
  }
  r.messages.push_back({"user", prompts::fill(prompts::get("extract_user"), {{"transcript", transcript}})});
  return r;
}

std::optional<CapsuleDraft> draftFromModel(CapsuleDraft d, std::string& why) {
  d.name = oneLine(d.name);
  d.source = "model";
  if (d.name.empty() || oneLine(d.instruction).empty()) {
    why = "empty name or instruction";
    return std::nullopt;
  }
  d.name = limitWords(d.name, 6);
  return d;
}

std::string patternBlock(const Capsule& c) {
  std::string block = prompts::fill(prompts::get("pattern"), {{"type", toString(c.type)},
                                                              {"name", c.name},
                                                              {"instruction", c.instruction},
                                                              {"example", c.example}});
  while (!block.empty() && (block.back() == '\n' || block.back() == ' ')) block.pop_back();
  return block;
}

}  // namespace grove
