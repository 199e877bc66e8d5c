// HistoryImport: what grove/import/run and `grove-server --import` ask the
// Session for, and what they get back (DESIGN §10 "Import").
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace grove::session {

struct ImportRequest {
  std::string kind;  // claude-code, codex, pi, continue, copilot, aider, chatgpt, grove
  std::string path;  // a file or a folder of them
};

/// One source session, as the summary reports it.
struct ImportedProjectReport {
  std::string projectId, title, file;
  bool created = false;
  int added = 0;  // units added by this run
  int known = 0;  // messages imported by an earlier run
};

/// A file problem: a refused file (`line` 0) or a skipped line.
struct ImportProblem {
  std::string file;
  std::string reason;
};

struct ImportSummary {
  std::vector<ImportedProjectReport> projects;
  std::vector<ImportProblem> refused;  // whole files
  std::vector<ImportProblem> skipped;  // lines or items inside a file
  int files = 0;
  int unitsAdded = 0;
};

/// How far an import is: `done` of `total` files, the file being read.
struct ImportProgress {
  int done = 0, total = 0;
  std::string message;
  bool finished = false;  // the last report of the import
};

using ImportProgressFn = std::function<void(const ImportProgress&)>;

}  // namespace grove::session
