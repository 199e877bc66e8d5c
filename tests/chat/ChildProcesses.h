// ChildProcesses: what /proc says about the processes grove-server started
// (the local model server it supervises), for tests that kill one.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace grove::chat_test {

/// Live (not zombie) children of `parent` whose command line contains `needle`.
std::vector<pid_t> childrenRunning(pid_t parent, const std::string& needle);

/// True while `pid` exists and is not a zombie.
bool isRunning(pid_t pid);

}  // namespace grove::chat_test
