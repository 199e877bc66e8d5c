// Session::importHistory and Session::exportProject: the application side of
// DESIGN §10's import and export. Reading a file is slow and touches no
// state, so it runs on the executor; writing its sessions is one batch on
// the engine thread, durable before the next file starts, so an import cut
// short resumes where it stopped (the keys are committed with the units).
// Indexing follows through the usual path: each batch's appends schedule
// the IndexingJobs.
#include <filesystem>

#include "interchange/Export.h"
#include "interchange/ImportWriter.h"
#include "interchange/Readers.h"
#include "session/Session.h"
#include "support/Log.h"

namespace grove::session {

namespace {

std::string kindList() {
  std::string out;
  for (const auto& k : interchange::importKinds()) out += (out.empty() ? "" : ", ") + k;
  return out;
}

}  // namespace

void Session::importHistory(const ImportRequest& request, ImportProgressFn progress,
                            Done<ImportSummary> done, CancellationToken cancel) {
  if (!interchange::isImportKind(request.kind))
    throw Error::invalidArg("kind", "unknown import kind \"" + request.kind + "\": one of " + kindList());
  if (request.path.empty()) throw Error::invalidArg("path", "path is required: a file or a folder");
  std::string error;
  std::vector<std::string> files = interchange::sourceFiles(request.kind, request.path, error);
  if (!error.empty()) throw Error::invalidArg("path", error);
  std::string actor = engine_.actor();
  post([this, request, files, progress, done, cancel, actor] {
    ImportSummary summary;
    summary.files = static_cast<int>(files.size());
    const int total = summary.files;
    std::optional<Error> failure;
    for (int i = 0; i < total && !failure; ++i) {
      if (cancel.cancelled()) {
        failure = Error(ErrorKind::Cancelled, "cancelled", "the import was cancelled after " +
                                                               std::to_string(i) + " of " + std::to_string(total) + " files");
        break;
      }
      const std::string& file = files[static_cast<size_t>(i)];
      if (progress) progress({i, total, "reading " + file, false});
      interchange::FileRead read = interchange::readFile(request.kind, file);
      for (const auto& s : read.skipped) summary.skipped.push_back({file, s});
      if (read.refused) {
        summary.refused.push_back({file, *read.refused});
        continue;
      }
      std::vector<ImportedProjectReport> reports;
      try {
        runBatch(
            actor,
            [&](Engine& e) {
              for (const auto& s : read.sessions) {
                interchange::ProjectImport r = interchange::writeSession(e, s);
                reports.push_back({r.projectId, r.title, file, r.created, r.added, r.known});
              }
            },
            [&](const std::optional<Error>& err) {
              if (err) failure = *err;
            });
      } catch (const Error& e) {
        // Nothing of this file was stored (the batch rolled back).
        if (e.kind() == ErrorKind::Storage) failure = e;
        else summary.refused.push_back({file, file + ": could not be stored: " + e.what()});
        continue;
      } catch (const std::exception& e) {
        summary.refused.push_back({file, file + ": could not be stored: " + e.what()});
        continue;
      }
      if (failure) break;
      for (auto& r : reports) {
        summary.unitsAdded += r.added;
        summary.projects.push_back(std::move(r));
      }
    }
    if (progress)
      progress({total, total,
                failure ? std::string("import stopped: ") + failure->what()
                        : "imported " + std::to_string(summary.projects.size()) + " projects",
                true});
    log::info("import " + request.kind + " " + request.path + ": " + std::to_string(summary.projects.size()) +
              " projects, " + std::to_string(summary.unitsAdded) + " units added, " +
              std::to_string(summary.refused.size()) + " files refused");
    runLocked(actor, [&](Engine&) {
      if (failure) done(*failure);
      else done(std::move(summary));
    });
  });
}

std::string Session::exportProject(const std::string& projectId, const std::string& format,
                                   const std::optional<std::string>& headId) {
  auto f = interchange::parseExportFormat(format);
  if (!f) throw Error::invalidArg("format", "format must be markdown or json");
  return interchange::exportProject(engine_, projectId, *f, headId);
}

}  // namespace grove::session
