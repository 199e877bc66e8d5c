// Continue sessions: ~/.continue/sessions/<sessionId>.json (sessions.json
// beside them is only an index). {sessionId, title, workspaceDirectory,
// history: [{message: {role, content, id?}, editorState?, contextItems}]}.
// Linear (an edit truncates the history), no per-message time, no version
// field. Research: history-formats.md §2.
#include <cstdio>
#include <filesystem>

#include "interchange/Readers.h"
#include "interchange/ReaderSupport.h"
#include "interchange/TreeBuilder.h"

namespace grove::interchange {
namespace {

namespace fs = std::filesystem;
using C = RawEntry::Class;

// The code selections of a user item: TipTap codeBlock nodes whose item is
// named "<file> (<s>-<e>)", 1-based inclusive lines.
void collectSelections(const json& node, std::vector<RawEntry>& out) {
  if (node.is_array()) {
    for (const auto& n : node) collectSelections(n, out);
    return;
  }
  if (!node.is_object()) return;
  if (str(node, "type") == "codeBlock" && node.contains("attrs") && node["attrs"].contains("item")) {
    const json& item = node["attrs"]["item"];
    std::string name = str(item, "description").empty() ? str(item, "name") : str(item, "description");
    int s = 0, e = 0;
    auto open = name.rfind(" (");
    std::string uri = item.contains("uri") ? str(item["uri"], "value") : std::string();
    if (open != std::string::npos && std::sscanf(name.c_str() + open, " (%d-%d)", &s, &e) == 2 && s > 0 && !uri.empty()) {
      RawEntry r;
      r.cls = C::Code;
      r.text = str(item, "content");
      r.code = ImportedCode{fileUri(uri), s - 1, e - 1, languageFor(name.substr(0, open))};
      out.push_back(std::move(r));
    }
  }
  if (node.contains("content")) collectSelections(node["content"], out);
}

}  // namespace

FileRead readContinue(const std::string& path) {
  FileRead read;
  read.path = path;
  auto doc = readJsonOrRefuse(read);
  if (!doc) return read;
  if (!doc->is_object() || !doc->contains("history") || !(*doc)["history"].is_array()) {
    refuse(read, "not a Continue session (no history array)");
    return read;
  }
  TreeBuilder tree;
  std::optional<std::string> previous;
  std::string firstPrompt;
  const json& history = (*doc)["history"];
  for (size_t i = 0; i < history.size(); ++i) {
    const json& item = history[i];
    if (!item.is_object() || !item.contains("message") || !item["message"].is_object()) {
      read.skipped.push_back("history item " + std::to_string(i) + ": no message, skipped");
      continue;
    }
    const json& m = item["message"];
    std::string role = str(m, "role");
    const json content = m.contains("content") ? m["content"] : json();
    std::string id = str(m, "id").empty() ? "i" + std::to_string(i) : str(m, "id");
    int64_t at = 0;
    if (item.contains("reasoning") && item["reasoning"].contains("startAt") && item["reasoning"]["startAt"].is_number())
      at = item["reasoning"]["startAt"].get<int64_t>();
    if (role == "user") {
      if (item.contains("editorState")) {
        std::vector<RawEntry> selections;
        collectSelections(item["editorState"], selections);
        for (size_t k = 0; k < selections.size(); ++k) {
          selections[k].id = id + "#code" + std::to_string(k);
          selections[k].parent = previous;
          tree.add(selections[k]);
          previous = selections[k].id;
        }
      }
      RawEntry e{id, previous, C::Prompt, blockText(content), at, std::nullopt};
      if (firstPrompt.empty()) firstPrompt = e.text;
      tree.add(e);
      previous = id;
    } else if (role == "assistant") {
      RawEntry e{id, previous, C::Reply, blockText(content), at, std::nullopt};
      if (m.contains("toolCalls") && m["toolCalls"].is_array())
        for (const auto& call : m["toolCalls"]) {
          const json& fn = call.contains("function") ? call["function"] : json();
          json args = fn.contains("arguments") && fn["arguments"].is_string()
                          ? json::parse(fn["arguments"].get<std::string>(), nullptr, false)
                          : json();
          appendBlock(e.text, toolCallBlock(str(fn, "name"), args.is_discarded() ? json() : args));
        }
      tree.add(e);
      previous = id;
    } else if (role == "tool") {
      tree.add(RawEntry{id, previous, C::Reply, toolResultBlock(blockText(content), false), at, std::nullopt});
      previous = id;
    }
  }
  ImportedSession s;
  s.kind = "continue";
  s.sourceId = str(*doc, "sessionId").empty() ? fs::path(path).stem().string() : str(*doc, "sessionId");
  s.title = str(*doc, "title");
  if (s.title.empty() || s.title == "New Session") s.title = titleFrom(firstPrompt);
  if (!str(*doc, "workspaceDirectory").empty()) s.workspaceUri = fileUri(str(*doc, "workspaceDirectory"));
  addSession(read, std::move(s), tree.take());
  return read;
}

}  // namespace grove::interchange
