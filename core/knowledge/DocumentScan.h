// DocumentScan: which files of a workspace folder the knowledge map ingests
// (DESIGN §11.3, design/board-and-knowledge.md "Ingestion"). A file is a
// document when its workspace-relative path matches an `include` glob and no
// `exclude` glob, no .gitignore ignores it (DocumentScanGitignore.h) and its
// name does not look like a secret. Secrets are reported in `skipped`; so are
// binary, too large and unreadable files (found when read: DocumentScanText.h).
// Symbolic links are not followed (no loops, nothing outside the workspace).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grove::knowledge {

struct DocumentScanOptions {
  std::vector<std::string> include;
  std::vector<std::string> exclude;
  size_t maxFileBytes = 1024 * 1024;  // larger files are skipped as tooLarge
};

/// The defaults (KnowledgeSettings.include / exclude when unset): prose
/// (Markdown, text, reStructuredText) and the comments of C/C++, JS/TS,
/// Python, Lua, Go and Rust sources; dependency, build and VCS folders excluded.
DocumentScanOptions defaultScanOptions();

struct SkippedFile {
  std::string uri;
  std::string reason;  // secret | tooLarge | binary | unreadable
};

struct ScanCandidate {
  std::string path;          // on this machine
  std::string relativePath;  // to the workspace folder, '/'-separated
  std::string uri;           // file:// URI
};

struct ScanResult {
  std::vector<ScanCandidate> files;  // sorted by relativePath
  std::vector<SkippedFile> skipped;
};

/// Walks `folder`. A folder that does not exist gives an empty result.
ScanResult scanWorkspace(const std::string& folder, const DocumentScanOptions& options);

/// `.env`, `.env.*`, `*.pem`, `*.key`, `id_*` (ssh keys), `*.p12`, `*.pfx`,
/// `*.keystore`, `*.jks`, `*.gpg`, `credentials`, `credentials.json`,
/// `.netrc`, `.npmrc`, `.pypirc` (case-insensitive).
bool isSecretFileName(std::string_view name);

/// file:///a/b%20c -> /a/b c; nullopt for another scheme or a malformed URI.
std::optional<std::string> fileUriToPath(std::string_view uri);
/// /a/b c -> file:///a/b%20c (unreserved characters and '/' kept).
std::string pathToFileUri(std::string_view path);

}  // namespace grove::knowledge
