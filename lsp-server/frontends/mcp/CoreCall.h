// CoreCall: how the MCP tools and resources ask the Grove core for
// something: one grove/* request and its result. The server binds it to
// its link to the core; tests can bind it to anything. Keeping the tools
// behind this one function type keeps them free of threads and sockets.
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <stdexcept>
#include <string>

namespace grove::frontends::mcp {

/// The core answered with a JSON-RPC error (its message is written for people).
class CoreError : public std::runtime_error {
public:
  CoreError(int code, const std::string& message, nlohmann::json data)
      : std::runtime_error(message), code_(code), data_(std::move(data)) {}
  int code() const { return code_; }
  const nlohmann::json& data() const { return data_; }

private:
  int code_;
  nlohmann::json data_;
};

/// Sends `method` with `params` to the core; returns the result or throws CoreError.
using CoreCall = std::function<nlohmann::json(const std::string& method, const nlohmann::json& params)>;

}  // namespace grove::frontends::mcp
