#include "knowledge/DocumentScan.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "knowledge/DocumentScanGitignore.h"
#include "support/FileUri.h"

namespace grove::knowledge {

namespace fs = std::filesystem;

DocumentScanOptions defaultScanOptions() {
  DocumentScanOptions o;
  o.include = {"**/*.{md,markdown,txt,rst}",
               "**/*.{c,h,cc,cpp,cxx,hh,hpp,hxx,js,jsx,mjs,cjs,ts,tsx,py,lua,go,rs}"};
  o.exclude = {"**/.git/**",    "**/node_modules/**", "**/build/**", "**/dist/**", "**/out/**",
               "**/target/**",  "**/vendor/**",       "**/third_party/**", "**/__pycache__/**",
               "**/.venv/**",   "**/*.min.js"};
  return o;
}

bool isSecretFileName(std::string_view name) {
  std::string n(name);
  std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
  static const char* const kSecret[] = {".env",     ".env.*",      "*.pem",        "*.key",   "id_*",
                                        "*.p12",    "*.pfx",       "*.keystore",   "*.jks",   "credentials",
                                        "credentials.json", "*.gpg",       ".netrc",       ".npmrc",  ".pypirc"};
  for (const char* p : kSecret)
    if (globMatch(p, n)) return true;
  return false;
}

// The shared implementation (the ACP front end writes workspace URIs with it too).
std::optional<std::string> fileUriToPath(std::string_view uri) { return grove::fileUriToPath(uri); }
std::string pathToFileUri(std::string_view path) { return grove::pathToFileUri(path); }

namespace {

bool anyGlob(const std::vector<std::string>& globs, std::string_view path) {
  for (const auto& g : globs)
    if (globMatch(g, path)) return true;
  return false;
}

std::string readSmallFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Walker {
  const DocumentScanOptions& options;
  ScanResult result;
  GitignoreStack ignores;

  void walk(const fs::path& dir, const std::string& rel) {
    std::error_code ec;
    bool pushed = false;
    fs::path gi = dir / ".gitignore";
    if (fs::is_regular_file(gi, ec)) {
      ignores.push(GitignoreRules(rel, readSmallFile(gi)));
      pushed = true;
    }
    std::vector<fs::directory_entry> entries;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(*it);
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
    for (const auto& e : entries) {
      std::string name = e.path().filename().string();
      std::string childRel = rel.empty() ? name : rel + "/" + name;
      std::error_code sec;
      if (e.is_symlink(sec)) continue;
      if (e.is_directory(sec)) {
        if (name == ".git") continue;
        if (ignores.ignored(childRel, true)) continue;
        if (anyGlob(options.exclude, childRel + "/")) continue;
        walk(e.path(), childRel);
        continue;
      }
      if (!e.is_regular_file(sec)) continue;
      if (ignores.ignored(childRel, false) || anyGlob(options.exclude, childRel)) continue;
      std::string uri = pathToFileUri(e.path().string());
      if (isSecretFileName(name)) {
        result.skipped.push_back({uri, "secret"});
        continue;
      }
      if (!anyGlob(options.include, childRel)) continue;
      result.files.push_back({e.path().string(), childRel, uri});
    }
    if (pushed) ignores.pop();
  }
};

}  // namespace

ScanResult scanWorkspace(const std::string& folder, const DocumentScanOptions& options) {
  Walker w{options, {}, {}};
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) return {};
  w.walk(fs::path(folder), "");
  return std::move(w.result);
}

}  // namespace grove::knowledge
