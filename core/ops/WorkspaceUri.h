// A workspace URI as the board and the knowledge map key it (DESIGN §11):
// no trailing slash, percent-encoding canonical (unreserved characters
// decoded, the other escapes upper-case), so two editors naming the same
// folder share one board.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace grove {

/// nullopt when the URI is empty or has no scheme ("file:", "vscode-remote:", ...).
std::optional<std::string> normalizeWorkspaceUri(std::string_view uri);

}  // namespace grove
