// TokenSource: where the listener looks up personal tokens, asked once per
// connection from the listener's threads: the store (tool/StoreTokens, the
// default, shared by every core on one database) or a token file
// (TokenFile, with --token-file). Implementations are thread-safe and fail
// closed: a source that cannot be read admits nobody by name.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace grove::transport {

class TokenSource {
public:
  virtual ~TokenSource() = default;
  /// The name the token belongs to, or nullopt.
  virtual std::optional<std::string> nameFor(std::string_view token) = 0;
  /// True when at least one personal token exists now.
  virtual bool hasTokens() = 0;
};

}  // namespace grove::transport
