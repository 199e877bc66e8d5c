// PrivateFiles: the store holds whatever people paste into a chat (now and
// then a credential), so everything Grove keeps on disk is for its owner
// only. New files are made private by the process umask (grove-server sets
// 077 at start); files that already exist are checked here at start.
#pragma once

#include <string>

namespace grove::privacy {

/// The umask grove-server runs under: files 0600, folders 0700.
constexpr unsigned kPrivateUmask = 077;

/// Checks that `path` (when it exists) gives group and others no access.
/// When it does and this process owns the file, the extra bits are removed
/// and a warning says so; when someone else owns it, a warning names the
/// command that fixes it. `what` names the file for people ("store",
/// "provider configuration"). Returns true when the file is private now (or
/// does not exist).
bool ensurePrivate(const std::string& path, const std::string& what);

}  // namespace grove::privacy
