// Aider: .aider.chat.history.md at the repository's root, append-only
// Markdown holding every session ever run there. "# aider chat started at
// <local time>" opens a session; "#### " lines are the user's input; "> "
// lines are Aider's own output (tool output: folded into the answer);
// anything else is the assistant's answer. No session ids, no version.
// Research: history-formats.md §5.
#include <filesystem>
#include <fstream>
#include <map>

#include "interchange/Readers.h"
#include "interchange/ReaderSupport.h"
#include "interchange/TreeBuilder.h"

namespace grove::interchange {
namespace {

namespace fs = std::filesystem;
using C = RawEntry::Class;
const std::string kStart = "# aider chat started at ";

struct Builder {
  ImportedSession session;
  TreeBuilder tree;
  std::optional<std::string> previous;
  std::string firstPrompt;
  int64_t start = 0;
  // The run being gathered: its class, first line and lines.
  C cls = C::Skip;
  int firstLine = 0;
  std::string text;
  int64_t order = 0;

  void flush() {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    // Aider's banner before the first input answers nothing: dropped.
    if (cls != C::Skip && !text.empty() && !(cls == C::Reply && !previous)) {
      // Line numbers from the session's start stay the same as the file grows.
      RawEntry e{"L" + std::to_string(firstLine), previous, cls, text, start + order++, std::nullopt};
      if (cls == C::Prompt && firstPrompt.empty()) firstPrompt = text;
      tree.add(e);
      previous = e.id;
    }
    cls = C::Skip;
    text.clear();
  }
  void add(C c, int line, const std::string& piece, const char* joiner) {
    // Tool output (> lines) and the answer form one reply; a prompt is its own run.
    bool same = cls == c || (cls == C::Reply && c == C::Reply);
    if (!same) {
      flush();
      cls = c;
      firstLine = line;
    } else if (!text.empty()) {
      text += joiner;
    }
    text += piece;
  }
};

}  // namespace

FileRead readAider(const std::string& path) {
  FileRead read;
  read.path = path;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    refuse(read, "cannot be read");
    return read;
  }
  std::vector<Builder> sessions;
  std::map<std::string, int> seen;  // start text -> sessions with it so far
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind(kStart, 0) == 0) {
      if (!sessions.empty()) sessions.back().flush();
      std::string when = line.substr(kStart.size());
      Builder b;
      b.start = localToMs(when);
      // Aider has no session ids: its start time (and how many sessions
      // started in that second before it) names it.
      b.session.sourceId = when + "#" + std::to_string(seen[when]++);
      sessions.push_back(std::move(b));
      number = 0;
      continue;
    }
    ++number;
    if (sessions.empty()) continue;
    Builder& b = sessions.back();
    if (line.rfind("#### ", 0) == 0 || line == "####") {
      std::string piece = line.size() > 5 ? line.substr(5) : std::string();
      // Multi-line input ends each line with a Markdown hard break.
      if (piece.size() >= 2 && piece.compare(piece.size() - 2, 2, "  ") == 0) piece.resize(piece.size() - 2);
      b.add(C::Prompt, number, piece, "\n");
    } else if (line.rfind("> ", 0) == 0 || line == ">") {
      std::string piece = line.size() > 2 ? line.substr(2) : std::string();
      while (!piece.empty() && piece.back() == ' ') piece.pop_back();
      if (!piece.empty()) b.add(C::Reply, number, "> " + piece, "\n");
    } else if (b.cls == C::Prompt && line.empty()) {
      continue;  // the blank line after the input
    } else {
      if (b.cls != C::Reply && line.empty()) continue;
      b.add(C::Reply, number, line, "\n");
    }
  }
  if (!sessions.empty()) sessions.back().flush();
  if (sessions.empty()) {
    refuse(read, "not an Aider chat history (no \"# aider chat started at\" line)");
    return read;
  }
  std::string folder = fs::absolute(fs::path(path)).parent_path().string();
  for (auto& b : sessions) {
    b.session.kind = "aider";
    b.session.title = titleFrom(b.firstPrompt);
    b.session.workspaceUri = fileUri(folder);
    b.session.messages = b.tree.take();
    // The banner alone (a session quit at once) is no conversation.
    bool anyPrompt = false;
    for (const auto& m : b.session.messages) anyPrompt = anyPrompt || m.role == Role::User;
    if (anyPrompt) read.sessions.push_back(std::move(b.session));
  }
  if (read.sessions.empty()) refuse(read, "no conversation in it (no \"#### \" input line)");
  return read;
}

}  // namespace grove::interchange
