#include "frontends/acp/WorkspaceUri.h"

#include <cctype>

#include "support/FileUri.h"

namespace grove::frontends::acp {

std::string fileUriOf(const std::string& absolutePath) { return pathToFileUri(absolutePath); }

std::optional<std::string> pathOfFileUri(const std::string& uri) {
  const std::string scheme = "file://";
  if (uri.compare(0, scheme.size(), scheme) != 0) return std::nullopt;
  std::string path;
  for (size_t i = scheme.size(); i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
      path += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      path += uri[i];
    }
  }
  if (path.empty() || path[0] != '/') return std::nullopt;  // file://host/... is not ours
  return path;
}

}  // namespace grove::frontends::acp
