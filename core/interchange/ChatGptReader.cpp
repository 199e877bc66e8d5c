// ChatGPT data export: conversations.json (or conversations-NNN.json shards),
// an array of conversations, each a tree in `mapping` ({id, parent, children,
// message}) whose active leaf is `current_node`. Edits and regenerations are
// siblings: every branch is kept. No version field.
// Research: history-formats.md §8.
#include <algorithm>

#include "interchange/Readers.h"
#include "interchange/ReaderSupport.h"
#include "interchange/TreeBuilder.h"

namespace grove::interchange {
namespace {

using C = RawEntry::Class;

double timeOf(const json& node) {
  const json& m = node.contains("message") ? node["message"] : json();
  return m.is_object() && m.contains("create_time") && m["create_time"].is_number() ? m["create_time"].get<double>() : 0;
}

std::string contentText(const json& content) {
  std::string type = str(content, "content_type");
  if (type == "text" || type == "multimodal_text") {
    std::string out;
    if (content.contains("parts") && content["parts"].is_array())
      for (const auto& p : content["parts"])
        if (p.is_string()) appendBlock(out, p.get<std::string>());
    return out;
  }
  if (type == "code" || type == "execution_output") return str(content, "text");
  return {};  // thoughts, reasoning_recap, browsing displays, ...
}

RawEntry entryOf(const std::string& id, const json& node, const std::optional<std::string>& parent) {
  RawEntry e;
  e.id = id;
  e.parent = parent;
  const json& m = node.contains("message") ? node["message"] : json();
  if (!m.is_object()) return e;
  e.createdAt = m.contains("create_time") && m["create_time"].is_number()
                    ? static_cast<int64_t>(m["create_time"].get<double>() * 1000)
                    : 0;
  const json& meta = m.contains("metadata") ? m["metadata"] : json();
  if (meta.is_object() && meta.contains("is_visually_hidden_from_conversation") &&
      meta["is_visually_hidden_from_conversation"] == true)
    return e;
  if (m.contains("weight") && m["weight"].is_number() && m["weight"].get<double>() == 0) return e;
  std::string role = m.contains("author") ? str(m["author"], "role") : std::string();
  std::string recipient = str(m, "recipient");
  std::string text = m.contains("content") ? contentText(m["content"]) : std::string();
  if (role == "user") {
    e.cls = C::Prompt;
    e.text = text;
  } else if (role == "assistant") {
    e.cls = C::Reply;
    e.text = recipient.empty() || recipient == "all" ? text : toolCallBlock(recipient, text);
  } else if (role == "tool") {
    e.cls = C::Reply;
    e.text = toolResultBlock(text, false);
  }
  return e;
}

}  // namespace

FileRead readChatGpt(const std::string& path) {
  FileRead read;
  read.path = path;
  auto doc = readJsonOrRefuse(read);
  if (!doc) return read;
  if (doc->is_object() && doc->contains("conversations")) doc = (*doc)["conversations"];
  if (!doc->is_array()) {
    refuse(read, "not a ChatGPT export (no array of conversations)");
    return read;
  }
  size_t index = 0;
  for (const auto& conv : *doc) {
    ++index;
    if (!conv.is_object() || !conv.contains("mapping") || !conv["mapping"].is_object()) {
      read.skipped.push_back("conversation " + std::to_string(index) + ": no mapping, skipped");
      continue;
    }
    const json& mapping = conv["mapping"];
    TreeBuilder tree;
    std::string firstPrompt;
    // Depth first from the roots, siblings in the order they were made, so
    // the older child continues the path and the younger starts a branch.
    std::vector<std::pair<std::string, std::optional<std::string>>> stack;
    std::vector<std::string> roots;
    for (auto it = mapping.begin(); it != mapping.end(); ++it) {
      std::string parent = str(it.value(), "parent");
      if (parent.empty() || !mapping.contains(parent)) roots.push_back(it.key());
    }
    auto byTime = [&](std::vector<std::string>& ids) {
      std::stable_sort(ids.begin(), ids.end(), [&](const std::string& a, const std::string& b) {
        return timeOf(mapping[a]) < timeOf(mapping[b]);
      });
    };
    byTime(roots);
    for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.emplace_back(*it, std::nullopt);
    size_t visited = 0;
    while (!stack.empty() && visited <= mapping.size()) {
      auto [id, parent] = stack.back();
      stack.pop_back();
      ++visited;
      const json& node = mapping[id];
      RawEntry e = entryOf(id, node, parent);
      if (e.cls == C::Prompt && firstPrompt.empty()) firstPrompt = e.text;
      tree.add(e);
      std::vector<std::string> children;
      if (node.contains("children") && node["children"].is_array())
        for (const auto& c : node["children"])
          if (c.is_string() && mapping.contains(c.get<std::string>())) children.push_back(c);
      byTime(children);
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.emplace_back(*it, id);
    }
    ImportedSession s;
    s.kind = "chatgpt";
    s.sourceId = !str(conv, "conversation_id").empty() ? str(conv, "conversation_id") : str(conv, "id");
    if (s.sourceId.empty()) s.sourceId = "conversation-" + std::to_string(index);
    s.title = str(conv, "title").empty() ? titleFrom(firstPrompt) : str(conv, "title");
    if (!str(conv, "current_node").empty()) s.activeLeaf = tree.messageOf(str(conv, "current_node"));
    s.messages = tree.take();
    if (!s.messages.empty()) read.sessions.push_back(std::move(s));
  }
  if (read.sessions.empty()) refuse(read, "no conversation with messages in it");
  return read;
}

}  // namespace grove::interchange
