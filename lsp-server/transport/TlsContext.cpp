#include "transport/TlsContext.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <unistd.h>

#include <stdexcept>

namespace grove::transport {

namespace {

// What OpenSSL says went wrong, in its words, or `fallback`.
std::string opensslReason(const std::string& fallback) {
  unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0) return fallback;
  char buf[256];
  ERR_error_string_n(code, buf, sizeof buf);
  return buf;
}

void mustRead(const std::string& flag, const std::string& path) {
  if (::access(path.c_str(), R_OK) != 0)
    throw std::runtime_error(flag + " " + path + ": cannot read that file");
}

bool isPemPrivateKey(const std::string& path) {
  BIO* bio = BIO_new_file(path.c_str(), "r");
  if (!bio) return false;
  EVP_PKEY* key = PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr);
  BIO_free(bio);
  ERR_clear_error();
  if (!key) return false;
  EVP_PKEY_free(key);
  return true;
}

}  // namespace

std::shared_ptr<asio::ssl::context> makeServerTlsContext(const TlsFiles& files) {
  if (files.cert.empty() || files.key.empty())
    throw std::runtime_error("TLS needs both --tls-cert FILE and --tls-key FILE");
  mustRead("--tls-cert", files.cert);
  mustRead("--tls-key", files.key);
  if (!files.clientCa.empty()) mustRead("--tls-client-ca", files.clientCa);
  auto ctx = std::make_shared<asio::ssl::context>(asio::ssl::context::tls_server);
  SSL_CTX* native = ctx->native_handle();
  SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION);
  // No renegotiation or compression; sessions are cheap to resume.
  SSL_CTX_set_options(native, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
  ERR_clear_error();
  if (SSL_CTX_use_certificate_chain_file(native, files.cert.c_str()) != 1)
    throw std::runtime_error("--tls-cert " + files.cert + ": not a usable PEM certificate (" +
                             opensslReason("unknown reason") + ")");
  if (SSL_CTX_use_PrivateKey_file(native, files.key.c_str(), SSL_FILETYPE_PEM) != 1) {
    std::string reason = opensslReason("unknown reason");
    // OpenSSL refuses a key of another certificate here already: say so plainly.
    if (isPemPrivateKey(files.key))
      throw std::runtime_error("--tls-key " + files.key + " does not belong to the certificate in --tls-cert " +
                               files.cert);
    throw std::runtime_error("--tls-key " + files.key + ": not a usable PEM private key (" + reason + ")");
  }
  if (SSL_CTX_check_private_key(native) != 1)
    throw std::runtime_error("--tls-key " + files.key + " does not belong to the certificate in --tls-cert " +
                             files.cert);
  if (!files.clientCa.empty()) {
    if (SSL_CTX_load_verify_locations(native, files.clientCa.c_str(), nullptr) != 1)
      throw std::runtime_error("--tls-client-ca " + files.clientCa + ": not a usable PEM CA certificate (" +
                               opensslReason("unknown reason") + ")");
    // Mutual TLS: no certificate signed by that CA, no connection.
    SSL_CTX_set_verify(native, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, nullptr);
    if (STACK_OF(X509_NAME)* names = SSL_load_client_CA_file(files.clientCa.c_str()))
      SSL_CTX_set_client_CA_list(native, names);
  }
  return ctx;
}

}  // namespace grove::transport
