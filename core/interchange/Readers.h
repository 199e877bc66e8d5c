// Readers: one per source format (one file each, named after the source).
// Each reads one file into the neutral ImportedSession model and never
// touches the store; a file it cannot use is refused with the reason.
#pragma once

#include <string>
#include <vector>

#include "interchange/ImportedSession.h"

namespace grove::interchange {

FileRead readClaudeCode(const std::string& path);
FileRead readCodex(const std::string& path);
FileRead readPi(const std::string& path);
FileRead readContinue(const std::string& path);
FileRead readCopilot(const std::string& path);
FileRead readAider(const std::string& path);
FileRead readChatGpt(const std::string& path);
FileRead readGroveBundle(const std::string& path);

/// The importer kinds of DESIGN §10, in order.
const std::vector<std::string>& importKinds();
bool isImportKind(const std::string& kind);
/// Reads one file with the reader of `kind` (which must be a kind).
FileRead readFile(const std::string& kind, const std::string& path);
/// The files of `kind` at `path`: the file itself, or those in the folder
/// (recursively, sorted) that the kind's tool writes. Empty with `error` set
/// when the path does not exist.
std::vector<std::string> sourceFiles(const std::string& kind, const std::string& path,
                                     std::string& error);

/// The newest format version each reader knows (docs/decisions.md).
inline constexpr int kClaudeCodeMaxMajor = 2;  // CLI `version` 2.x
inline constexpr int kCodexMaxMajor = 0;       // `cli_version` 0.x
inline constexpr int kPiMaxVersion = 3;        // header `version`
inline constexpr int kCopilotMaxVersion = 3;   // payload `version`
inline constexpr int kGroveBundleVersion = 1;  // our own export

}  // namespace grove::interchange
