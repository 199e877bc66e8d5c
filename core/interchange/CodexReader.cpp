// Codex CLI rollouts: ~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl.
// Current files: {timestamp, type: session_meta|response_item|event_msg|
// turn_context|compacted, payload}; the first (2025) files: a header
// {id, timestamp, instructions} then bare response items. Linear: a resumed
// session appends to the same file, so a line's number is a stable id.
// The conversation is in the response items (event_msg repeats it for the UI).
#include <filesystem>

#include "interchange/Readers.h"
#include "interchange/ReaderSupport.h"
#include "interchange/TreeBuilder.h"

namespace grove::interchange {
namespace {

namespace fs = std::filesystem;
using C = RawEntry::Class;

// Context Codex injects as user messages: not typed by the user.
bool injected(const std::string& text) {
  for (const char* p : {"<environment_context>", "<user_instructions>", "# AGENTS.md instructions", "<turn_aborted>"})
    if (text.rfind(p, 0) == 0) return true;
  return false;
}

std::string outputText(const json& out) {
  if (out.is_string()) {
    // Older builds wrap the output as a JSON string {"output": ..., "metadata": ...}.
    json inner = json::parse(out.get<std::string>(), nullptr, false);
    if (inner.is_object() && inner.contains("output") && inner["output"].is_string()) return inner["output"];
    return out.get<std::string>();
  }
  if (out.is_object() && out.contains("content")) return blockText(out["content"]);
  return blockText(out);
}

}  // namespace

FileRead readCodex(const std::string& path) {
  FileRead read;
  read.path = path;
  TreeBuilder tree;
  std::string sessionId, cwd, firstPrompt, version;
  std::optional<std::string> previous;
  bool recognised = false;
  bool ok = forEachJsonLine(path, read.skipped, [&](const json& j, int number) {
    if (!j.is_object()) return;
    std::string type = str(j, "type");
    json item;
    std::string ts = str(j, "timestamp");
    if (type == "session_meta") {
      const json& p = j.contains("payload") ? j["payload"] : json();
      sessionId = str(p, "id");
      cwd = str(p, "cwd");
      version = str(p, "cli_version");
      recognised = true;
      return;
    }
    if (type == "response_item") {
      item = j.contains("payload") ? j["payload"] : json();
    } else if (type.empty() && number == 1 && j.contains("id") && j.contains("timestamp")) {
      sessionId = str(j, "id");  // the first format's header
      recognised = true;
      return;
    } else if (type == "message" || type == "function_call" || type == "function_call_output" ||
               type == "local_shell_call" || type == "custom_tool_call" || type == "custom_tool_call_output") {
      item = j;  // the first format: bare response items
    } else {
      return;  // event_msg, turn_context, reasoning, state, ...
    }
    std::string itemType = str(item, "type");
    RawEntry e;
    e.id = "L" + std::to_string(number);
    e.parent = previous;
    e.createdAt = isoToMs(ts);
    if (itemType == "message") {
      std::string role = str(item, "role");
      std::string text = item.contains("content") ? blockText(item["content"]) : std::string();
      if (role == "user" && !injected(text)) {
        e.cls = C::Prompt;
        e.text = text;
        if (firstPrompt.empty()) firstPrompt = text;
      } else if (role == "assistant") {
        e.cls = C::Reply;
        e.text = text;
      }
    } else if (itemType == "function_call" || itemType == "custom_tool_call") {
      e.cls = C::Reply;
      json args = item.contains("arguments") && item["arguments"].is_string()
                      ? json::parse(item["arguments"].get<std::string>(), nullptr, false)
                      : (item.contains("input") ? item["input"] : json());
      e.text = toolCallBlock(str(item, "name"), args.is_discarded() ? json() : args);
    } else if (itemType == "local_shell_call") {
      e.cls = C::Reply;
      const json& action = item.contains("action") ? item["action"] : json();
      e.text = toolCallBlock("shell", action);
    } else if (itemType == "function_call_output" || itemType == "custom_tool_call_output") {
      e.cls = C::Reply;
      e.text = toolResultBlock(item.contains("output") ? outputText(item["output"]) : std::string(), false);
    }
    if (e.cls == C::Skip) return;
    recognised = true;
    tree.add(e);
    previous = e.id;
  });
  if (!ok) {
    refuse(read, "cannot be read");
    return read;
  }
  if (majorAbove(version, kCodexMaxMajor)) {
    refuse(read, "Codex version " + version + " is newer than this importer knows (" +
                     std::to_string(kCodexMaxMajor) + ".x)");
    return read;
  }
  if (!recognised) {
    refuse(read, "no Codex session (session_meta or response items) found");
    return read;
  }
  ImportedSession s;
  s.kind = "codex";
  s.sourceId = sessionId.empty() ? fs::path(path).stem().string() : sessionId;
  s.title = titleFrom(firstPrompt);
  if (!cwd.empty()) s.workspaceUri = fileUri(cwd);
  addSession(read, std::move(s), tree.take());
  return read;
}

}  // namespace grove::interchange
