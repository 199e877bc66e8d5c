#include "workspace/LocalSourceFiles.h"

#include <sys/stat.h>

#include <boost/asio/io_context.hpp>
#include <boost/process.hpp>
#include <chrono>
#include <fstream>
#include <future>
#include <sstream>

#include "support/FileUri.h"

namespace grove::workspace {
namespace {

namespace bp = boost::process;

std::string firstLine(const std::string& s) {
  std::string out = s.substr(0, s.find('\n'));
  while (!out.empty() && (out.back() == '\r' || out.back() == ' ')) out.pop_back();
  return out;
}

struct Location {
  std::string dir, name;
};

std::optional<Location> locate(const std::string& uri) {
  auto path = fileUriToPath(uri);
  if (!path) return std::nullopt;
  size_t slash = path->rfind('/');
  if (slash == std::string::npos || slash + 1 == path->size()) return std::nullopt;
  return Location{slash == 0 ? "/" : path->substr(0, slash), path->substr(slash + 1)};
}

}  // namespace

bool diffTouchesLines(const std::string& diff, int firstLine, int lastLine) {
  std::istringstream in(diff);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("@@ ", 0) != 0) continue;
    size_t plus = line.find(" +");
    if (plus == std::string::npos) continue;
    int start = 0, count = 1;
    if (std::sscanf(line.c_str() + plus + 2, "%d,%d", &start, &count) < 1) continue;
    if (count == 0) {
      // Lines deleted after new line `start`: inside the capture when they
      // fell between two of its lines.
      if (start >= firstLine && start < lastLine) return true;
    } else if (start <= lastLine && start + count - 1 >= firstLine) {
      return true;
    }
  }
  return false;
}

std::optional<FileStamp> LocalSourceFiles::stamp(const std::string& uri) {
  auto path = fileUriToPath(uri);
  struct stat st {};
  if (!path || ::stat(path->c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return FileStamp{static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
                   static_cast<int64_t>(st.st_size)};
}

std::optional<std::string> LocalSourceFiles::read(const std::string& uri) {
  auto s = stamp(uri);
  if (!s || s->size > kMaxFileBytes) return std::nullopt;
  std::ifstream in(*fileUriToPath(uri), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::optional<std::string> LocalSourceFiles::git(const std::string& dir,
                                                 const std::vector<std::string>& args,
                                                 const CancellationToken& cancel) {
  if (cancel.cancelled()) return std::nullopt;
  try {
    boost::filesystem::path exe =
        git_.find('/') == std::string::npos ? bp::search_path(git_) : boost::filesystem::path(git_);
    if (exe.empty()) return std::nullopt;
    std::vector<std::string> full{"-C", dir};
    full.insert(full.end(), args.begin(), args.end());
    boost::asio::io_context io;
    std::future<std::string> out;
    bp::child child(bp::exe = exe.string(), bp::args = full, bp::std_in < bp::null,
                    bp::std_out > out, bp::std_err > bp::null,
                    // A read-only look: no index refresh that could take a lock.
                    bp::env["GIT_OPTIONAL_LOCKS"] = "0", io);
    // Poll so a cancel or the deadline stops git promptly.
    while (!io.stopped() && !cancel.cancelled()) io.run_for(std::chrono::milliseconds(20));
    if (!io.stopped()) {
      child.terminate();
      return std::nullopt;
    }
    child.wait();
    if (child.exit_code() != 0) return std::nullopt;
    return out.get();
  } catch (const std::exception&) {  // git missing or not startable: unknown
    return std::nullopt;
  }
}

GitProvenance LocalSourceFiles::provenance(const std::string& uri, int firstLine0, int lastLine0,
                                           const CancellationToken& cancel) {
  GitProvenance out;
  auto where = locate(uri);
  if (!where) return out;
  auto head = git(where->dir, {"rev-parse", "HEAD", "--abbrev-ref", "HEAD"}, cancel);
  if (!head) {
    // No commit yet (or no repository): only the branch can be known.
    if (auto b = git(where->dir, {"symbolic-ref", "--short", "-q", "HEAD"}, cancel); b && !b->empty())
      out.branch = firstLine(*b);
    return out;
  }
  std::istringstream lines(*head);
  std::string commit, branch;
  std::getline(lines, commit);
  std::getline(lines, branch);
  out.commit = firstLine(commit);
  if (!branch.empty() && firstLine(branch) != "HEAD") out.branch = firstLine(branch);

  if (!git(where->dir, {"ls-files", "--error-unmatch", "--", where->name}, cancel)) {
    // Not tracked: none of its lines are in HEAD (unless we merely ran out of time).
    if (!cancel.cancelled()) out.dirty = true;
    return out;
  }
  auto diff = git(where->dir, {"diff", "--no-ext-diff", "--no-color", "-U0", "HEAD", "--", where->name},
                  cancel);
  if (diff) out.dirty = diffTouchesLines(*diff, firstLine0 + 1, lastLine0 + 1);
  return out;
}

}  // namespace grove::workspace
