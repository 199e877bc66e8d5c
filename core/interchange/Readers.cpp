// The reader registry: which reader a kind uses and which files of a folder
// it reads.
#include "interchange/Readers.h"

#include <algorithm>
#include <filesystem>

namespace grove::interchange {
namespace {

namespace fs = std::filesystem;

// Whether a file found in a folder is one `kind`'s tool writes as a session.
bool wanted(const std::string& kind, const fs::path& file) {
  std::string name = file.filename().string();
  std::string ext = file.extension().string();
  std::string parent = file.parent_path().filename().string();
  if (kind == "claude-code")  // subagents are read with their session; history.jsonl is the prompt history
    return ext == ".jsonl" && parent != "subagents" && name != "history.jsonl";
  if (kind == "codex" || kind == "pi") return ext == ".jsonl";
  if (kind == "continue") return ext == ".json" && name != "sessions.json";
  if (kind == "copilot") {
    if (ext == ".jsonl") return true;
    // Both forms of one session can sit side by side: the log is newer.
    fs::path log = file;
    log.replace_extension(".jsonl");
    std::error_code ec;
    return ext == ".json" && name != "workspace.json" && !fs::exists(log, ec);
  }
  if (kind == "aider") return name == ".aider.chat.history.md";
  if (kind == "chatgpt") return ext == ".json" && name.rfind("conversations", 0) == 0;
  if (kind == "grove") return ext == ".json";
  return false;
}

}  // namespace

const std::vector<std::string>& importKinds() {
  static const std::vector<std::string> kKinds = {"claude-code", "codex", "pi",      "continue",
                                                  "copilot",     "aider", "chatgpt", "grove"};
  return kKinds;
}

bool isImportKind(const std::string& kind) {
  const auto& k = importKinds();
  return std::find(k.begin(), k.end(), kind) != k.end();
}

namespace {

FileRead readWith(const std::string& kind, const std::string& path) {
  if (kind == "claude-code") return readClaudeCode(path);
  if (kind == "codex") return readCodex(path);
  if (kind == "pi") return readPi(path);
  if (kind == "continue") return readContinue(path);
  if (kind == "copilot") return readCopilot(path);
  if (kind == "aider") return readAider(path);
  if (kind == "chatgpt") return readChatGpt(path);
  if (kind == "grove") return readGroveBundle(path);
  FileRead r;
  r.path = path;
  r.refused = path + ": unknown import kind " + kind;
  return r;
}

}  // namespace

FileRead readFile(const std::string& kind, const std::string& path) {
  try {
    return readWith(kind, path);
  } catch (const std::exception& e) {
    // A field of a type no reader expected: this file is refused, the rest goes on.
    FileRead r;
    r.path = path;
    r.refused = path + ": not readable as " + kind + " (" + e.what() + ")";
    return r;
  }
}

std::vector<std::string> sourceFiles(const std::string& kind, const std::string& path,
                                     std::string& error) {
  std::error_code ec;
  std::vector<std::string> out;
  fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) {
    error = path + ": no such file or folder";
    return out;
  }
  if (!fs::is_directory(st)) return {path};
  for (fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec) && wanted(kind, it->path())) out.push_back(it->path().string());
  if (ec) error = path + ": " + ec.message();
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace grove::interchange
