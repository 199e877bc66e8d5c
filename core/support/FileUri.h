// file:// URIs and local paths, as editors write them: percent-encoded
// except unreserved characters and '/'. Shared by the knowledge map's
// document scan and the ACP front end's workspaceUri.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace grove {

/// /a/b c -> file:///a/b%20c
std::string pathToFileUri(std::string_view path);
/// file:///a/b%20c -> /a/b c; a trailing '/' is dropped; nullopt for another
/// scheme, another host than "" or localhost, or a malformed escape.
std::optional<std::string> fileUriToPath(std::string_view uri);

}  // namespace grove
