// TcpAccess: who may use the team core over TCP: TLS (or not), the shared
// token (GROVE_TOKEN), and personal tokens (a TokenSource: the store or a
// token file). Decided per connection, so a store that gains its first
// token starts requiring tokens on loopback too, without a restart.
#pragma once

#include <asio/ssl.hpp>

#include <memory>
#include <string>

#include "server/Server.h"
#include "transport/TokenSource.h"

namespace grove::transport {

struct TcpAccess {
  std::string sharedToken;                  // GROVE_TOKEN; empty: none
  std::shared_ptr<TokenSource> tokens;      // personal tokens; null: none
  std::shared_ptr<asio::ssl::context> tls;  // null: plain TCP
  /// A token is needed even while none exists (a non-loopback address: with
  /// every personal token revoked, nobody gets in).
  bool alwaysNeedToken = false;

  /// Whether a new connection must present a token now.
  bool needsToken() const;
  /// Sets a connection's authentication: none, or a check that maps a token
  /// to its person's name ("" for the shared token).
  void applyTo(server::Server::ConnectionOptions& options) const;
};

}  // namespace grove::transport
