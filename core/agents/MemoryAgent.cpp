#include "agents/MemoryAgent.h"

#include <sstream>

#include "agents/PromptTemplates.h"
#include "ops/PromptRenderer.h"

namespace grove {
namespace {

// The first sentence of a text, on one line, at most ~30 words.
std::string firstSentence(const std::string& text) {
  std::string flat;
  for (char c : text) flat += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  size_t end = std::string::npos;
  for (size_t i = 0; i + 1 < flat.size(); ++i)
    if ((flat[i] == '.' || flat[i] == '?' || flat[i] == '!') && flat[i + 1] == ' ') {
      end = i + 1;
      break;
    }
  std::string s = end == std::string::npos ? flat : flat.substr(0, end);
  while (!s.empty() && s.front() == ' ') s.erase(0, 1);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return limitWords(s, 30);
}

const Unit* last(const std::vector<Unit>& units, Role role) {
  for (auto it = units.rbegin(); it != units.rend(); ++it)
    if (it->role == role && it->kind != Kind::Placeholder && !it->content.empty()) return &*it;
  return nullptr;
}

const Unit* first(const std::vector<Unit>& units, Role role) {
  for (const auto& u : units)
    if (u.role == role && u.kind != Kind::Placeholder && !u.content.empty()) return &u;
  return nullptr;
}

std::string sentence(std::string s) {
  if (!s.empty() && s.back() != '.' && s.back() != '?' && s.back() != '!') s += '.';
  return s;
}

}  // namespace

std::string limitWords(const std::string& text, size_t words) {
  std::istringstream in(text);
  std::string w, out;
  size_t n = 0;
  while (in >> w) {
    if (n++ == words) return out + "...";
    out += (out.empty() ? "" : " ") + w;
  }
  return out;
}

std::string extractiveMainlineSummary(const std::vector<Unit>& mainline) {
  const Unit* task = first(mainline, Role::User);
  if (!task) return "";
  std::string out = "Main task: " + sentence(firstSentence(task->content));
  const Unit* lastUser = last(mainline, Role::User);
  if (lastUser && lastUser != task) out += " Latest question: " + sentence(firstSentence(lastUser->content));
  if (const Unit* answer = last(mainline, Role::Assistant))
    out += " Latest answer: " + sentence(firstSentence(answer->content));
  return out;
}

std::string extractiveBranchSummary(const std::vector<Unit>& branch) {
  const Unit* intent = first(branch, Role::User);
  if (!intent) return "";
  std::string out = "Explored: " + sentence(firstSentence(intent->content));
  if (const Unit* answer = last(branch, Role::Assistant))
    out += " Takeaway: " + sentence(firstSentence(answer->content));
  return limitWords(out, 30);
}

ChatRequest summaryRequest(const std::vector<Unit>& units, bool mainline, const std::string& model) {
  ChatRequest r;
  r.model = model;
  r.system = std::string(prompts::get(mainline ? "memory_mainline" : "memory_branch"));
  std::string transcript;
  int i = 1;
  for (const auto& u : units) {
    if (u.kind == Kind::Placeholder) continue;
    transcript += std::to_string(i++) + ". " + (u.role == Role::Assistant ? "Assistant: " : "User: ") +
                  renderUnit(u) + "\n";
  }
  r.messages.push_back({"user", "Conversation transcript:\n" + transcript});
  r.maxTokens = mainline ? 200 : 80;
  return r;
}

}  // namespace grove
