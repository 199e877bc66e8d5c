// FileUri: an absolute path as a file:// URI (percent-encoded as editors
// write them: an ACP session's `cwd` as a project's `workspaceUri`), and a
// captured source's URI back to the file it names (issue 16).
#pragma once

#include <optional>
#include <string>

namespace grove {

std::string fileUriOf(const std::string& absolutePath);
/// The path of a file:// URI; nullopt for any other URI.
std::optional<std::string> pathOfFileUri(const std::string& uri);

}  // namespace grove
