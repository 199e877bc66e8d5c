// McpResources: what an MCP client can read from Grove (DESIGN §10):
// grove://projects (the project list, JSON), grove://project/{id} (the
// mainline as Markdown) and grove://memolet/{id} (a memolet's text).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "frontends/mcp/CoreCall.h"

namespace grove::frontends::mcp {

/// The `resources` array of resources/list: the project list and each project.
nlohmann::json resourceList(const CoreCall& core);
/// The `resourceTemplates` array of resources/templates/list.
nlohmann::json resourceTemplates();

/// A ReadResourceResult for `uri`. Throws ResourceError for a URI that is
/// not Grove's or names nothing, CoreError when the core refuses.
nlohmann::json readResource(const std::string& uri, const CoreCall& core);

class ResourceError : public std::runtime_error {
public:
  /// MCP's codes: -32002 for a resource that does not exist, -32602 for a malformed URI.
  ResourceError(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }

private:
  int code_;
};

}  // namespace grove::frontends::mcp
