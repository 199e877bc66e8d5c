// Backup: `grove-server --backup PATH` and `--restore PATH`.
//
// A backup is taken with SQLite's online backup API from a connection of its
// own, opened beside the core that owns the store (if one runs). In WAL mode
// that connection reads one consistent snapshot — every change the core has
// acknowledged, since replies go out only after their commit — without
// blocking the core's writers, so no new protocol method or pause is needed.
// The copy is written to a private temp file (0600), checked with
// quick_check, switched to a single-file journal and renamed over PATH, so
// PATH never holds half a backup.
//
// A restore replaces the store with a verified backup. It refuses while any
// grove-server owns the store (it takes the store lock itself for the whole
// restore) and first saves the current store as "<store>.before-restore".
#pragma once

#include <string>

namespace grove::tool {

/// Copies the store at `dbPath` to `backupPath`. Returns a process exit code
/// and prints what happened (one line on stdout, errors on stderr).
int runBackup(const std::string& dbPath, const std::string& backupPath);

/// Replaces the store at `dbPath` with the backup at `backupPath`.
int runRestore(const std::string& dbPath, const std::string& backupPath);

/// Copies `from` into a new private file at `to` (replaced atomically);
/// throws std::runtime_error with a message for the user on failure.
void backupStore(const std::string& from, const std::string& to);

/// "ok", or what SQLite's quick_check reports for the file at `path`
/// (throws std::runtime_error when it cannot be opened as a database).
std::string quickCheck(const std::string& path);

}  // namespace grove::tool
