// TlsTestKit: what the TLS tests and the TLS bench share. Certificates made
// with the `openssl` command (a throwaway CA, a server certificate for
// 127.0.0.1, and a client certificate for mutual TLS), and a TLS client:
// asio's SSL stream, whose decrypted side is an ordinary RpcClient on a
// socketpair (the server's TlsPump carries it).
#pragma once

#include <asio.hpp>
#include <asio/ssl.hpp>

#include <memory>
#include <string>
#include <thread>

#include "RpcClient.h"

namespace grove::transport {
class TlsPump;
}

namespace grove::test {

struct TestCertificates {
  std::string caCert, caKey;          // the CA
  std::string serverCert, serverKey;  // signed by the CA, for 127.0.0.1 and localhost
  std::string clientCert, clientKey;  // signed by the CA (mutual TLS)
  std::string otherCaCert;            // an unrelated CA, for a client it did not sign
  std::string strangerCert, strangerKey;  // signed by that other CA
};

/// Makes every file in `dir` with the openssl command (EC P-256 keys, valid
/// two days). Throws with openssl's output when it fails.
TestCertificates makeTestCertificates(const std::string& dir);

class TlsClient {
public:
  struct Options {
    std::string caCert;                 // verifies the server
    std::string clientCert, clientKey;  // presented when set
  };
  /// Connects to 127.0.0.1:port and completes the TLS handshake. Throws on
  /// failure (std::system_error from asio, with OpenSSL's reason).
  TlsClient(int port, const Options& options);
  /// Closes the connection and stops the pump.
  ~TlsClient();
  TlsClient(const TlsClient&) = delete;
  TlsClient& operator=(const TlsClient&) = delete;

  RpcClient& client() { return *client_; }

private:
  asio::io_context io_;
  asio::ssl::context ctx_;
  std::shared_ptr<transport::TlsPump> pump_;
  std::unique_ptr<RpcClient> client_;
  std::thread thread_;
};

}  // namespace grove::test
