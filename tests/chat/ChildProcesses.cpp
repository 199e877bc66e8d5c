#include "ChildProcesses.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace grove::chat_test {
namespace {

std::string readAll(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Stat {
  char state = '?';
  pid_t ppid = 0;
};

// /proc/PID/stat is "pid (comm) state ppid ..."; comm may hold spaces or
// parentheses, so parse from the last ')'.
bool readStat(pid_t pid, Stat& out) {
  std::string text = readAll("/proc/" + std::to_string(pid) + "/stat");
  size_t close = text.rfind(')');
  if (close == std::string::npos) return false;
  std::istringstream rest(text.substr(close + 1));
  rest >> out.state >> out.ppid;
  return static_cast<bool>(rest);
}

}  // namespace

std::vector<pid_t> childrenRunning(pid_t parent, const std::string& needle) {
  std::vector<pid_t> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    pid_t pid = static_cast<pid_t>(std::stol(name));
    Stat st;
    if (!readStat(pid, st) || st.ppid != parent || st.state == 'Z') continue;
    std::string cmdline = readAll(entry.path() / "cmdline");
    for (char& c : cmdline)
      if (c == '\0') c = ' ';
    if (cmdline.find(needle) != std::string::npos) out.push_back(pid);
  }
  return out;
}

bool isRunning(pid_t pid) {
  Stat st;
  return readStat(pid, st) && st.state != 'Z';
}

}  // namespace grove::chat_test
