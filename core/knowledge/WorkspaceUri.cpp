#include "knowledge/WorkspaceUri.h"

#include "ops/WorkspaceUri.h"
#include "support/Error.h"

namespace grove::knowledge {

// One spelling for the board, the map and the documents: the board's
// normaliser (ops/WorkspaceUri), with the map's clear error for a value that
// is not a URI.
std::string normalizeWorkspaceUri(const std::string& uri) {
  size_t b = uri.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) throw Error::invalidArg("workspaceUri", "workspaceUri must not be empty");
  size_t e = uri.find_last_not_of(" \t\r\n");
  std::optional<std::string> out = grove::normalizeWorkspaceUri(std::string_view(uri).substr(b, e - b + 1));
  if (!out) throw Error::invalidArg("workspaceUri", "workspaceUri must be a URI such as file:///home/me/project");
  return *out;
}

}  // namespace grove::knowledge
