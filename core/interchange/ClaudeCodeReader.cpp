// Claude Code transcripts: ~/.claude/projects/<cwd>/<sessionId>.jsonl, one
// entry per line, a uuid/parentUuid tree (rewinds branch in place), one line
// per assistant content block, subagent sidechains inline (older builds) or
// in <sessionId>/subagents/*.jsonl. Research: history-formats.md §3.
#include <filesystem>
#include <algorithm>
#include <cstdio>

#include "interchange/Readers.h"
#include "interchange/ReaderSupport.h"
#include "interchange/TreeBuilder.h"

namespace grove::interchange {
namespace {

namespace fs = std::filesystem;
using C = RawEntry::Class;

// Removes every <tag>…</tag> block (string search, not std::regex: its
// recursion overflows the stack on long transcripts).
void removeBlocks(std::string& text, const std::string& tag) {
  const std::string open = "<" + tag + ">", close = "</" + tag + ">";
  for (size_t a; (a = text.find(open)) != std::string::npos;) {
    size_t b = text.find(close, a);
    text.erase(a, b == std::string::npos ? std::string::npos : b + close.size() - a);
  }
}

std::string trim(const std::string& text) {
  size_t a = text.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return {};
  return text.substr(a, text.find_last_not_of(" \t\r\n") - a + 1);
}

// Injected by Claude Code or the IDE, not typed by the user.
std::string stripInjected(std::string text) {
  removeBlocks(text, "system-reminder");
  removeBlocks(text, "ide_opened_file");
  return trim(text);
}

// "<ide_selection>The user selected the lines X to Y from PATH:\n<text>\n\n
// This may or may not be related…</ide_selection>": a code selection.
std::optional<RawEntry> ideSelection(std::string& text) {
  const std::string open = "<ide_selection>", close = "</ide_selection>";
  const std::string lead = "The user selected the lines ";
  size_t a = text.find(open);
  if (a == std::string::npos) return std::nullopt;
  size_t b = text.find(close, a);
  if (b == std::string::npos) return std::nullopt;
  std::string inner = text.substr(a + open.size(), b - a - open.size());
  int first = 0, last = 0, n = 0;
  if (inner.rfind(lead, 0) != 0 ||
      std::sscanf(inner.c_str() + lead.size(), "%d to %d from %n", &first, &last, &n) != 2 || n == 0)
    return std::nullopt;
  size_t pathStart = lead.size() + static_cast<size_t>(n);
  size_t nl = inner.find('\n', pathStart);
  if (nl == std::string::npos || nl == pathStart) return std::nullopt;
  std::string path = inner.substr(pathStart, nl - pathStart);
  if (!path.empty() && path.back() == ':') path.pop_back();
  std::string body = inner.substr(nl + 1);
  if (size_t tail = body.rfind("\n\nThis may or may not be related"); tail != std::string::npos) body.erase(tail);
  RawEntry e;
  e.cls = C::Code;
  e.text = body;
  e.code = ImportedCode{fileUri(path), first - 1, last - 1, languageFor(path)};
  text.erase(a, b + close.size() - a);
  return e;
}

struct Reader {
  FileRead read;
  TreeBuilder tree;
  std::string sessionId, cwd, customTitle, aiTitle, summary, leaf, lastMain, firstPrompt;
  std::unordered_map<std::string, std::string> toolUseOwner;  // tool_use id -> entry id
  bool recognised = false;
  bool leafIsNewest = false;

  // One line; `sidechainRoot` is where a subagent file's roots hang.
  void line(const json& j, int number, const std::optional<std::string>& sidechainRoot) {
    if (!j.is_object()) return;
    std::string type = str(j, "type");
    if (majorAbove(str(j, "version"), kClaudeCodeMaxMajor) && !read.refused)
      refuse(read, "Claude Code version " + str(j, "version") + " is newer than this importer knows (" +
                       std::to_string(kClaudeCodeMaxMajor) + ".x)");
    if (type == "custom-title") customTitle = str(j, "customTitle");
    if (type == "ai-title") aiTitle = str(j, "aiTitle");
    if (type == "summary" && summary.empty()) summary = str(j, "summary");
    if (type == "last-prompt" && !str(j, "leafUuid").empty()) {
      leaf = str(j, "leafUuid");
      leafIsNewest = true;
    }
    std::string uuid = str(j, "uuid");
    if (uuid.empty()) return;
    if (type != "user" && type != "assistant" && type != "attachment" && type != "system") return;
    recognised = true;
    if (sessionId.empty()) sessionId = str(j, "sessionId");
    if (cwd.empty()) cwd = str(j, "cwd");
    bool sidechain = sidechainRoot.has_value() || (j.contains("isSidechain") && j["isSidechain"] == true);

    RawEntry e;
    e.id = uuid;
    std::string parent = str(j, "parentUuid");
    if (parent.empty()) parent = str(j, "logicalParentUuid");  // a compaction's new root
    if (!parent.empty()) e.parent = parent;
    else if (sidechain && sidechainRoot) e.parent = *sidechainRoot;
    else if (sidechain && !lastMain.empty()) e.parent = lastMain;  // an inline sidechain: under its Task call
    e.createdAt = isoToMs(str(j, "timestamp"));
    const json& msg = j.contains("message") ? j["message"] : json();
    const json content = msg.is_object() && msg.contains("content") ? msg["content"] : json();

    if (type == "assistant") {
      e.cls = C::Reply;
      if (content.is_array())
        for (const auto& b : content) {
          std::string bt = str(b, "type");
          if (bt == "text") appendBlock(e.text, str(b, "text"));
          if (bt == "tool_use") {
            appendBlock(e.text, toolCallBlock(str(b, "name"), b.contains("input") ? b["input"] : json()));
            if (!str(b, "id").empty()) toolUseOwner[str(b, "id")] = uuid;
          }
        }
      else if (content.is_string()) e.text = content.get<std::string>();
    } else if (type == "user") {
      bool toolResult = false;
      if (content.is_array())
        for (const auto& b : content)
          if (str(b, "type") == "tool_result") {
            toolResult = true;
            std::string out = b.contains("content") ? blockText(b["content"]) : std::string();
            appendBlock(e.text, toolResultBlock(out, b.contains("is_error") && b["is_error"] == true));
          }
      if (toolResult) {
        e.cls = C::Reply;
      } else if (j.contains("isCompactSummary") && j["isCompactSummary"] == true) {
        e.cls = C::Note;
        e.text = blockText(content);
      } else if (j.contains("isMeta") && j["isMeta"] == true) {
        e.cls = C::Skip;
      } else {
        std::string text = blockText(content);
        auto selection = ideSelection(text);
        text = stripInjected(text);
        if (text.rfind("<command-", 0) == 0 || text.rfind("<local-command-", 0) == 0) text.clear();
        e.cls = text.empty() ? C::Skip : (sidechain ? C::Note : C::Prompt);
        // A subagent's prompt is Claude's, not the user's.
        e.text = sidechain && !text.empty() ? "Subagent task:\n" + text : text;
        if (selection && e.cls != C::Skip) {
          // The selection comes before the prompt it was sent with.
          selection->id = uuid + "#selection";
          selection->parent = e.parent;
          selection->createdAt = e.createdAt;
          tree.add(*selection);
          e.parent = selection->id;
        }
        if (e.cls == C::Prompt && firstPrompt.empty()) firstPrompt = e.text;
      }
    } else if (type == "attachment") {
      const json& a = j.contains("attachment") ? j["attachment"] : json();
      if (str(a, "type") == "selected_lines_in_ide" && a.contains("lineStart") && a["lineStart"].is_number_integer() &&
          a.contains("lineEnd") && a["lineEnd"].is_number_integer()) {
        e.cls = C::Code;
        e.text = str(a, "content");
        std::string path = str(a, "filename");
        e.code = ImportedCode{fileUri(path), a["lineStart"].get<int>() - 1, a["lineEnd"].get<int>() - 1,
                              languageFor(path)};
      }
    } else if (type == "system" && str(j, "subtype") == "compact_boundary") {
      e.cls = C::Skip;
    }
    tree.add(std::move(e));
    if (!sidechain) {
      lastMain = uuid;
      leafIsNewest = false;  // a message after the last-prompt line is newer than it
    }
  }
};

}  // namespace

FileRead readClaudeCode(const std::string& path) {
  Reader r;
  r.read.path = path;
  if (!forEachJsonLine(path, r.read.skipped, [&](const json& j, int n) { r.line(j, n, std::nullopt); })) {
    refuse(r.read, "cannot be read");
    return r.read;
  }
  if (r.read.refused) return r.read;
  if (!r.recognised) {
    refuse(r.read, "no Claude Code entries (user/assistant lines with a uuid) found");
    return r.read;
  }
  // Subagent transcripts beside the session: sidechains under their Task call.
  fs::path side = fs::path(path).parent_path() / r.sessionId / "subagents";
  std::error_code ec;
  if (!r.sessionId.empty() && fs::is_directory(side, ec)) {
    std::vector<fs::path> files;
    for (const auto& f : fs::directory_iterator(side, ec))
      if (f.path().extension() == ".jsonl") files.push_back(f.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      std::optional<std::string> root = r.lastMain;
      std::string metaError;
      fs::path metaPath = f;
      metaPath.replace_extension(".meta.json");
      if (auto meta = readJsonFile(metaPath.string(), metaError))
        if (auto it = r.toolUseOwner.find(str(*meta, "toolUseId")); it != r.toolUseOwner.end()) root = it->second;
      std::vector<std::string> skipped;
      forEachJsonLine(f.string(), skipped, [&](const json& j, int n) { r.line(j, n, root); });
      for (auto& s : skipped) r.read.skipped.push_back(f.filename().string() + " " + s);
    }
  }
  ImportedSession s;
  s.kind = "claude-code";
  s.sourceId = r.sessionId.empty() ? fs::path(path).stem().string() : r.sessionId;
  s.title = !r.customTitle.empty() ? r.customTitle
            : !r.aiTitle.empty()   ? r.aiTitle
            : !r.summary.empty()   ? r.summary
                                   : titleFrom(r.firstPrompt);
  if (!r.cwd.empty()) s.workspaceUri = fileUri(r.cwd);
  std::string leaf = !r.leaf.empty() && r.leafIsNewest ? r.leaf : r.lastMain;
  if (!leaf.empty()) s.activeLeaf = r.tree.messageOf(leaf);
  addSession(r.read, std::move(s), r.tree.take());
  return r.read;
}

}  // namespace grove::interchange
