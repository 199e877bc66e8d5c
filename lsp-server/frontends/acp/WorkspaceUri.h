// WorkspaceUri: an ACP session's `cwd` (an absolute path) as a project's
// `workspaceUri` (`file://<cwd>`, percent-encoded as editors write file
// URIs), and back.
#pragma once

#include <optional>
#include <string>

namespace grove::frontends::acp {

std::string fileUriOf(const std::string& absolutePath);
/// The path of a file:// URI; nullopt for any other URI.
std::optional<std::string> pathOfFileUri(const std::string& uri);

}  // namespace grove::frontends::acp
