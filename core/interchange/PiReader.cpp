// Pi coding agent sessions: ~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl.
// A header {type: "session", version 1-3, id, cwd}, then entries {type, id,
// parentId, timestamp}: a tree in one file whose active leaf is the last
// line. Version 1 had no ids (linear: the line number is the id).
// Research: history-formats.md §6.
#include <filesystem>

#include "interchange/Readers.h"
#include "interchange/ReaderSupport.h"
#include "interchange/TreeBuilder.h"

namespace grove::interchange {
namespace {

namespace fs = std::filesystem;
using C = RawEntry::Class;

std::string piText(const json& content) {
  if (!content.is_array()) return blockText(content);
  std::string out;
  for (const auto& b : content) {
    std::string t = str(b, "type");
    if (t == "text") appendBlock(out, str(b, "text"));
    if (t == "toolCall") appendBlock(out, toolCallBlock(str(b, "name"), b.contains("arguments") ? b["arguments"] : json()));
  }
  return out;
}

}  // namespace

FileRead readPi(const std::string& path) {
  FileRead read;
  read.path = path;
  TreeBuilder tree;
  std::string sessionId, cwd, name, firstPrompt;
  int version = 0;
  bool header = false;
  std::optional<std::string> previous, last;
  bool ok = forEachJsonLine(path, read.skipped, [&](const json& j, int number) {
    if (!j.is_object() || read.refused) return;
    std::string type = str(j, "type");
    if (type == "session") {
      header = true;
      sessionId = str(j, "id");
      cwd = str(j, "cwd");
      version = j.contains("version") && j["version"].is_number_integer() ? j["version"].get<int>() : 1;
      if (version > kPiMaxVersion)
        refuse(read, "Pi session version " + std::to_string(version) + " is newer than this importer knows (" +
                         std::to_string(kPiMaxVersion) + ")");
      return;
    }
    if (!header) return;
    if (type == "session_info" && !str(j, "name").empty()) name = str(j, "name");
    RawEntry e;
    e.id = str(j, "id");
    if (e.id.empty()) {
      e.id = "L" + std::to_string(number);  // version 1: linear
      e.parent = previous;
    } else if (!str(j, "parentId").empty()) {
      e.parent = str(j, "parentId");
    }
    e.createdAt = isoToMs(str(j, "timestamp"));
    if (type == "message" && j.contains("message")) {
      const json& m = j["message"];
      std::string role = str(m, "role");
      const json content = m.contains("content") ? m["content"] : json();
      if (e.createdAt == 0 && m.contains("timestamp") && m["timestamp"].is_number()) e.createdAt = m["timestamp"].get<int64_t>();
      if (role == "user") {
        e.cls = C::Prompt;
        e.text = blockText(content);
        if (firstPrompt.empty()) firstPrompt = e.text;
      } else if (role == "assistant") {
        e.cls = C::Reply;
        e.text = piText(content);
      } else if (role == "toolResult") {
        e.cls = C::Reply;
        e.text = toolResultBlock(blockText(content), m.contains("isError") && m["isError"] == true);
      } else if (role == "bashExecution") {
        // The user's own `!cmd`: kept as a note (it is not a prompt).
        e.cls = C::Note;
        e.text = "$ " + str(m, "command") + "\n" + str(m, "output");
      } else if (role == "branchSummary" || role == "compactionSummary") {
        e.cls = C::Note;
        e.text = str(m, "summary");
      }
    } else if (type == "branch_summary" || type == "compaction") {
      e.cls = C::Note;
      e.text = str(j, "summary");
    } else if (type == "custom_message") {
      e.cls = C::Note;
      e.text = blockText(j.contains("content") ? j["content"] : json());
    }
    tree.add(e);
    previous = e.id;
    last = e.id;
  });
  if (!ok) {
    refuse(read, "cannot be read");
    return read;
  }
  if (read.refused) return read;
  if (!header) {
    refuse(read, "no Pi session header ({\"type\":\"session\"}) found");
    return read;
  }
  ImportedSession s;
  s.kind = "pi";
  s.sourceId = sessionId.empty() ? fs::path(path).stem().string() : sessionId;
  s.title = !name.empty() ? name : titleFrom(firstPrompt);
  if (!cwd.empty()) s.workspaceUri = fileUri(cwd);
  if (last) s.activeLeaf = tree.messageOf(*last);
  addSession(read, std::move(s), tree.take());
  return read;
}

}  // namespace grove::interchange
