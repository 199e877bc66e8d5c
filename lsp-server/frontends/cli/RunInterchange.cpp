#include "frontends/cli/RunInterchange.h"

#include <unistd.h>

#include <cstdio>
#include <functional>

#include "frontends/CoreCaller.h"
#include "frontends/CoreLink.h"

namespace grove::frontends::cli {
namespace {

using nlohmann::json;

// An import of a large history takes a while: no deadline a user would hit.
constexpr std::chrono::hours kPatience{24};

// Runs `talk` against the store's core; `own`: the core is this process's.
int withCore(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath,
             const std::function<int(CoreCaller&, bool own)>& talk) {
  CoreLink link(flags, socketPath, lockPath, "cli");
  auto ends = link.connectOrOwn();
  if (!ends) {
    std::fprintf(stderr, "grove-server: could not reach or open the store %s (see the log)\n", tool::shownStore(flags.db).c_str());
    return 1;
  }
  int code = 1;
  {
    CoreCaller core(ends->readFd, ends->writeFd, flags.maxMessageBytes);
    std::function<void(const std::string&, const json&)> onProgress;
    core.onNotification([&onProgress](const std::string& method, const json& params) {
      if (method == "$/progress" && onProgress) onProgress(method, params);
    });
    core.start();
    auto init = core.initialize("grove-cli", flags.version_string);
    if (!init.ok) {
      std::fprintf(stderr, "grove-server: the core refused this client: %s\n", init.value.value("message", "").c_str());
    } else {
      // Progress on a terminal only: a script reads the lines, not the bar.
      if (::isatty(2))
        onProgress = [](const std::string&, const json& params) {
          const json& v = params["value"];
          std::fprintf(stderr, "\r\033[K%s", v.value("message", std::string()).c_str());
          if (v.value("kind", "") == "end") std::fputc('\n', stderr);
        };
      code = talk(core, link.owns());
    }
    core.finish();
  }
  link.releaseOwner();
  return code;
}

std::string messageOf(const CoreCaller::Outcome& o) { return o.value.value("message", std::string("error")); }

}  // namespace

int runImport(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath) {
  return withCore(flags, socketPath, lockPath, [&](CoreCaller& core, bool own) {
    auto out = core.callSync("grove/import/run",
                             {{"kind", flags.importKind}, {"path", flags.importPath}, {"workDoneToken", "cli"}},
                             kPatience);
    if (!out.ok) {
      std::fprintf(stderr, "grove-server: import failed: %s\n", messageOf(out).c_str());
      return 1;
    }
    const json& r = out.value;
    int added = 0, created = 0;
    for (const auto& p : r["projects"]) {
      int a = p.value("added", 0), k = p.value("known", 0);
      added += a;
      created += p.value("created", false) ? 1 : 0;
      std::string known = k > 0 ? ", " + std::to_string(k) + " already imported" : "";
      std::printf("%s  %s: %d units added%s\n", p.value("projectId", "").c_str(), p.value("title", "").c_str(), a,
                  known.c_str());
    }
    for (const auto& s : r["skipped"])
      std::fprintf(stderr, "skipped: %s %s\n", s.value("file", "").c_str(), s.value("reason", "").c_str());
    for (const auto& x : r["refused"]) std::fprintf(stderr, "refused: %s\n", x.value("reason", "").c_str());
    size_t refused = r["refused"].size();
    std::printf("total: %zu projects (%d new), %d units added, %d files read, %zu refused\n", r["projects"].size(),
                created, added, r.value("files", 0), refused);
    std::fflush(stdout);
    // A core of our own stops when we leave: index what came in before it
    // does (any memolet read catches the indexing up).
    if (own && added > 0) core.callSync("grove/memolet/list", {{"projectId", r["projects"][0]["projectId"]}}, kPatience);
    return refused > 0 ? 2 : 0;
  });
}

int runExport(const tool::Flags& flags, const std::string& socketPath, const std::string& lockPath) {
  return withCore(flags, socketPath, lockPath, [&](CoreCaller& core, bool) {
    json params{{"projectId", flags.exportProject}, {"format", flags.exportFormat}};
    if (!flags.exportBranch.empty()) params["headId"] = flags.exportBranch;
    auto out = core.callSync("grove/export/run", params, kPatience);
    if (!out.ok) {
      std::fprintf(stderr, "grove-server: export failed: %s\n", messageOf(out).c_str());
      return 1;
    }
    std::string content = out.value.value("content", std::string());
    std::fwrite(content.data(), 1, content.size(), stdout);
    std::fflush(stdout);
    return 0;
  });
}

}  // namespace grove::frontends::cli
