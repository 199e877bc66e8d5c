// TlsContext: the OpenSSL context of a --listen with --tls-cert/--tls-key
// (and --tls-client-ca for mutual TLS), checked at start so a wrong file is
// a clear message, not a failed handshake per client later.
#pragma once

#include <asio/ssl.hpp>

#include <memory>
#include <string>

namespace grove::transport {

struct TlsFiles {
  std::string cert;      // PEM certificate chain, the server's first
  std::string key;       // PEM private key of that certificate
  std::string clientCa;  // PEM CA: clients must present a certificate it signed
  bool enabled() const { return !cert.empty(); }
};

/// A server context (TLS 1.2 at least). Throws std::runtime_error naming the
/// flag and file at fault when a file is missing, unreadable, not PEM, or
/// the key does not belong to the certificate.
std::shared_ptr<asio::ssl::context> makeServerTlsContext(const TlsFiles& files);

}  // namespace grove::transport
