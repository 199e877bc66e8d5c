#include "agents/BoardGroupingAgent.h"

#include <set>

#include "agents/PromptTemplates.h"
#include "support/Utf8.h"

namespace grove {

namespace {

// A title is a label on the board, not a paragraph.
constexpr size_t kMaxTitle = 80;

std::optional<std::string> title(const std::optional<std::string>& raw) {
  auto t = trimmedField(raw);
  if (t) *t = utf8Cut(*t, kMaxTitle);
  return t;
}

ChatRequest jsonRequest(const char* prompt, std::string user, int maxTokens, const std::string& model) {
  ChatRequest r;
  r.model = model;
  r.jsonMode = true;
  r.temperature = 0.0;
  r.maxTokens = maxTokens;
  r.system = std::string(prompts::get(prompt));
  r.messages.push_back({"user", std::move(user)});
  return r;
}

std::string listed(const std::vector<BoardCard>& cards) {
  std::string out;
  for (const auto& c : cards) out += "\n\n[id: " + c.id + " | " + c.kind + "]\n" + boardCardText(c);
  return out;
}

}  // namespace

ChatRequest boardReorganizeRequest(const std::string& instruction, const std::vector<BoardCard>& selection,
                                   const std::string& model) {
  // Room for every id once, and a title and summary per few memories.
  int tokens = 200 + 30 * static_cast<int>(selection.size());
  return jsonRequest("board_reorganize", "Instruction: " + instruction + "\n\nMemories:" + listed(selection),
                     tokens, model);
}

std::vector<Regrouping> regroupingFromModel(std::vector<Regrouping> raw, const std::vector<std::string>& selection) {
  std::set<std::string> open(selection.begin(), selection.end());
  std::vector<Regrouping> out;
  for (auto& g : raw) {
    Regrouping kept;
    kept.title = title(g.title).value_or("");
    kept.summary = trimmedField(g.summary).value_or("");
    for (auto& id : g.itemIds)
      if (open.erase(id)) kept.itemIds.push_back(std::move(id));
    if (!kept.itemIds.empty()) out.push_back(std::move(kept));
  }
  return out;
}

ChatRequest boardGroupNameRequest(const std::vector<BoardCard>& members, const std::string& model) {
  return jsonRequest("board_group_name", "Memories of the group:" + listed(members), 150, model);
}

std::optional<GroupDescription> groupDescriptionFromModel(GroupDescription raw) {
  GroupDescription out{title(raw.title), trimmedField(raw.summary)};
  if (!out.title && !out.summary) return std::nullopt;
  return out;
}

}  // namespace grove
