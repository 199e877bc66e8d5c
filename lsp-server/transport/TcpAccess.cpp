#include "transport/TcpAccess.h"

#include <openssl/crypto.h>

namespace grove::transport {

bool TcpAccess::needsToken() const {
  return alwaysNeedToken || !sharedToken.empty() || (tokens && tokens->hasTokens());
}

void TcpAccess::applyTo(server::Server::ConnectionOptions& options) const {
  if (!needsToken()) return;
  options.authenticate = [shared = sharedToken, tokens = tokens](const std::string& presented)
      -> std::optional<std::string> {
    if (!shared.empty() && presented.size() == shared.size() &&
        CRYPTO_memcmp(presented.data(), shared.data(), shared.size()) == 0)
      return std::string();
    if (tokens) return tokens->nameFor(presented);
    return std::nullopt;
  };
}

}  // namespace grove::transport
