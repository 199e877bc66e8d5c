// OpenFileLimit: every TCP client costs a file descriptor, and the usual
// soft limit (1024) is far below what a team core may hold; the hard limit
// is what the administrator allows.
#pragma once

namespace grove::tool {

/// Raises the soft RLIMIT_NOFILE to the hard limit; returns the soft limit
/// now in force.
long long raiseOpenFileLimit();

}  // namespace grove::tool
