// GitHub Copilot Chat in VS Code: workspaceStorage/<id>/chatSessions/
// <sessionId>.json (a whole session, version 1-3) or .jsonl (from 1.109: a
// mutation log whose first line {kind: 0, v} is the whole session and whose
// later lines set (1), push (2) or delete (3) at a key path). Linear: one
// request = one prompt and its response. Research: history-formats.md §4.
#include <filesystem>

#include "interchange/Readers.h"
#include "interchange/ReaderSupport.h"
#include "interchange/TreeBuilder.h"

namespace grove::interchange {
namespace {

namespace fs = std::filesystem;
using C = RawEntry::Class;

// The value at key path `k` (strings index objects, numbers arrays), made
// when missing; nullptr when the path runs through something else.
json* at(json& root, const json& k, bool parentOnly) {
  json* cur = &root;
  size_t n = k.size() - (parentOnly ? 1 : 0);
  for (size_t i = 0; i < n; ++i) {
    const json& key = k[i];
    if (key.is_string() && (cur->is_object() || cur->is_null())) cur = &(*cur)[key.get<std::string>()];
    else if (key.is_number_unsigned() && cur->is_array() && key.get<size_t>() < cur->size()) cur = &(*cur)[key.get<size_t>()];
    else return nullptr;
  }
  return cur;
}

// Applies one mutation-log line; false when it does not fit the document.
bool apply(json& doc, const json& line) {
  int kind = line.contains("kind") && line["kind"].is_number_integer() ? line["kind"].get<int>() : -1;
  if (kind == 0) {
    doc = line.contains("v") ? line["v"] : json::object();
    return true;
  }
  if (!line.contains("k") || !line["k"].is_array() || line["k"].empty()) return false;
  const json& k = line["k"];
  if (kind == 1) {
    json* target = at(doc, k, false);
    if (!target) return false;
    *target = line.contains("v") ? line["v"] : json();
    return true;
  }
  if (kind == 2) {
    json* target = at(doc, k, false);
    if (!target) return false;
    if (target->is_null()) *target = json::array();
    if (!target->is_array()) return false;
    if (line.contains("i") && line["i"].is_number_unsigned() && line["i"].get<size_t>() < target->size())
      target->erase(target->begin() + static_cast<long>(line["i"].get<size_t>()), target->end());
    if (line.contains("v") && line["v"].is_array())
      for (const auto& v : line["v"]) target->push_back(v);
    return true;
  }
  if (kind == 3) {
    json* parent = at(doc, k, true);
    if (!parent) return false;
    if (parent->is_object() && k.back().is_string()) parent->erase(k.back().get<std::string>());
    return true;
  }
  return false;
}

std::string uriOf(const json& u) {
  if (u.is_string()) return u.get<std::string>();
  if (!u.is_object()) return {};
  if (!str(u, "external").empty()) return str(u, "external");
  std::string scheme = str(u, "scheme").empty() ? "file" : str(u, "scheme");
  return scheme + "://" + str(u, "authority") + str(u, "path");
}

int num(const json& j, const char* key) {
  return j.contains(key) && j[key].is_number_integer() ? j[key].get<int>() : 0;
}

}  // namespace

FileRead readCopilot(const std::string& path) {
  FileRead read;
  read.path = path;
  json doc;
  if (fs::path(path).extension() == ".jsonl") {
    bool started = false;
    bool ok = forEachJsonLine(path, read.skipped, [&](const json& line, int number) {
      if (!line.is_object()) return;
      if (!started && !(line.contains("kind") && line["kind"] == 0)) return;
      started = true;
      if (!apply(doc, line)) read.skipped.push_back("line " + std::to_string(number) + ": does not fit the session, skipped");
    });
    if (!ok) {
      refuse(read, "cannot be read");
      return read;
    }
  } else {
    auto parsed = readJsonOrRefuse(read);
    if (!parsed) return read;
    doc = std::move(*parsed);
  }
  if (!doc.is_object() || !doc.contains("requests") || !doc["requests"].is_array()) {
    refuse(read, "not a Copilot chat session (no requests array)");
    return read;
  }
  int version = num(doc, "version");
  if (version > kCopilotMaxVersion) {
    refuse(read, "Copilot chat session version " + std::to_string(version) +
                     " is newer than this importer knows (" + std::to_string(kCopilotMaxVersion) + ")");
    return read;
  }
  TreeBuilder tree;
  std::optional<std::string> previous;
  std::string firstPrompt;
  const json& requests = doc["requests"];
  for (size_t i = 0; i < requests.size(); ++i) {
    const json& r = requests[i];
    if (!r.is_object()) continue;
    if ((r.contains("shouldBeRemovedOnSend") && !r["shouldBeRemovedOnSend"].is_null() && r["shouldBeRemovedOnSend"] != false) ||
        (r.contains("isHidden") && r["isHidden"] == true))
      continue;  // undone by an edit or a checkpoint restore
    std::string id = str(r, "requestId").empty() ? "r" + std::to_string(i) : str(r, "requestId");
    int64_t at = r.contains("timestamp") && r["timestamp"].is_number() ? r["timestamp"].get<int64_t>() : 0;
    // Selections: variables whose value is a Location (1-based Monaco range).
    if (r.contains("variableData") && r["variableData"].contains("variables") && r["variableData"]["variables"].is_array()) {
      int k = 0;
      for (const auto& v : r["variableData"]["variables"]) {
        if (!v.is_object() || (v.contains("enabled") && v["enabled"] == false)) continue;
        const json& value = v.contains("value") ? v["value"] : json();
        if (!value.is_object() || !value.contains("range") || !value.contains("uri")) continue;
        std::string uri = uriOf(value["uri"]);
        const json& range = value["range"];
        RawEntry e;
        e.id = id + "#code" + std::to_string(k++);
        e.parent = previous;
        e.cls = C::Code;
        e.createdAt = at;
        e.text = str(v, "name");  // VS Code does not store the selected text
        if (e.text.empty()) e.text = uri;
        e.code = ImportedCode{uri, num(range, "startLineNumber") - 1, num(range, "endLineNumber") - 1, languageFor(uri)};
        tree.add(e);
        previous = e.id;
      }
    }
    std::string text = r.contains("message") ? (r["message"].is_string() ? r["message"].get<std::string>() : str(r["message"], "text")) : std::string();
    tree.add(RawEntry{id, previous, C::Prompt, text, at, std::nullopt});
    if (firstPrompt.empty()) firstPrompt = text;
    previous = id;
    std::string answer;
    if (r.contains("response") && r["response"].is_array())
      for (const auto& part : r["response"]) {
        if (part.is_string()) answer += part.get<std::string>();
        std::string kind = str(part, "kind");
        if (kind.empty() && part.contains("value") && part["value"].is_string()) answer += part["value"].get<std::string>();
        else if (kind == "inlineReference") answer += str(part, "name");
        else if (kind == "toolInvocationSerialized") {
          const json& msg = part.contains("pastTenseMessage") ? part["pastTenseMessage"] : part.contains("invocationMessage") ? part["invocationMessage"] : json();
          std::string what = msg.is_string() ? msg.get<std::string>() : str(msg, "value");
          appendBlock(answer, toolCallBlock(str(part, "toolId"), what));
          answer += "\n\n";
        }
      }
    int64_t done = at;
    if (r.contains("modelState") && r["modelState"].contains("completedAt") && r["modelState"]["completedAt"].is_number())
      done = r["modelState"]["completedAt"].get<int64_t>();
    RawEntry reply{id + "/response", previous, C::Reply, answer, done, std::nullopt};
    while (!reply.text.empty() && reply.text.back() == '\n') reply.text.pop_back();
    if (!reply.text.empty()) {
      tree.add(reply);
      previous = reply.id;
    }
  }
  ImportedSession s;
  s.kind = "copilot";
  s.sourceId = str(doc, "sessionId").empty() ? fs::path(path).stem().string() : str(doc, "sessionId");
  s.title = !str(doc, "customTitle").empty() ? str(doc, "customTitle")
            : !str(doc, "computedTitle").empty() ? str(doc, "computedTitle")
                                                 : titleFrom(firstPrompt);
  // workspaceStorage/<id>/workspace.json names the folder of the workspace.
  std::string error;
  if (auto ws = readJsonFile((fs::path(path).parent_path().parent_path() / "workspace.json").string(), error))
    if (!str(*ws, "folder").empty()) s.workspaceUri = str(*ws, "folder");
  addSession(read, std::move(s), tree.take());
  return read;
}

}  // namespace grove::interchange
