#include "TlsTestKit.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "transport/TlsPump.h"

namespace grove::test {

namespace {

// Runs a shell command; throws with its output when it fails.
void run(const std::string& command) {
  std::string withOutput = command + " 2>&1";
  FILE* p = ::popen(withOutput.c_str(), "r");
  if (!p) throw std::runtime_error("cannot run: " + command);
  std::string out;
  char buf[512];
  while (size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  if (::pclose(p) != 0) throw std::runtime_error("failed: " + command + "\n" + out);
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

// A key and a certificate for `subject`: self-signed when `caCert` is
// empty (a CA), else signed by that CA with `extensions` (a file).
void makeCert(const std::string& key, const std::string& cert, const std::string& subject,
              const std::string& caCert, const std::string& caKey, const std::string& extensions) {
  const std::string keyArgs = "-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout " + quoted(key);
  if (caCert.empty()) {
    run("openssl req -x509 " + keyArgs + " -out " + quoted(cert) + " -days 2 -subj " + quoted(subject) +
        " -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign");
    return;
  }
  const std::string csr = cert + ".csr";
  run("openssl req -new " + keyArgs + " -out " + quoted(csr) + " -subj " + quoted(subject));
  run("openssl x509 -req -in " + quoted(csr) + " -CA " + quoted(caCert) + " -CAkey " + quoted(caKey) +
      " -CAcreateserial -out " + quoted(cert) + " -days 2 -extfile " + quoted(extensions));
}

}  // namespace

TestCertificates makeTestCertificates(const std::string& dir) {
  TestCertificates c;
  c.caCert = dir + "/ca.pem";
  c.caKey = dir + "/ca.key";
  c.serverCert = dir + "/server.pem";
  c.serverKey = dir + "/server.key";
  c.clientCert = dir + "/client.pem";
  c.clientKey = dir + "/client.key";
  c.otherCaCert = dir + "/other-ca.pem";
  c.strangerCert = dir + "/stranger.pem";
  c.strangerKey = dir + "/stranger.key";
  const std::string serverExt = dir + "/server.ext", clientExt = dir + "/client.ext";
  std::ofstream(serverExt) << "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n";
  std::ofstream(clientExt) << "extendedKeyUsage=clientAuth\n";
  makeCert(c.caKey, c.caCert, "/CN=grove test CA", "", "", "");
  makeCert(c.serverKey, c.serverCert, "/CN=localhost", c.caCert, c.caKey, serverExt);
  makeCert(c.clientKey, c.clientCert, "/CN=alice", c.caCert, c.caKey, clientExt);
  const std::string otherKey = dir + "/other-ca.key";
  makeCert(otherKey, c.otherCaCert, "/CN=another CA", "", "", "");
  makeCert(c.strangerKey, c.strangerCert, "/CN=mallory", c.otherCaCert, otherKey, clientExt);
  return c;
}

TlsClient::TlsClient(int port, const Options& options) : ctx_(asio::ssl::context::tls_client) {
  ctx_.set_verify_mode(asio::ssl::verify_peer);
  ctx_.load_verify_file(options.caCert);
  ctx_.set_verify_callback(asio::ssl::host_name_verification("127.0.0.1"));
  if (!options.clientCert.empty()) {
    ctx_.use_certificate_chain_file(options.clientCert);
    ctx_.use_private_key_file(options.clientKey, asio::ssl::context::pem);
  }
  auto strand = asio::make_strand(io_);
  auto tls = std::make_unique<transport::TlsPump::TlsStream>(asio::ip::tcp::socket(strand), ctx_);
  tls->lowest_layer().connect({asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
  tls->lowest_layer().set_option(asio::ip::tcp::no_delay(true));
  tls->handshake(asio::ssl::stream_base::client);
  // The pump's side of a socketpair; the other side is the RpcClient's.
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
    throw std::runtime_error("socketpair failed");
  transport::TlsPump::Local local(strand, asio::local::stream_protocol(), fds[0]);
  pump_ = std::make_shared<transport::TlsPump>(std::move(tls), std::move(local));
  pump_->start();
  client_ = std::make_unique<RpcClient>(fds[1], ::fcntl(fds[1], F_DUPFD_CLOEXEC, 0));
  thread_ = std::thread([this] { io_.run(); });
}

TlsClient::~TlsClient() {
  client_.reset();  // the pump sees its side close and closes the TLS connection
  if (thread_.joinable()) thread_.join();
  pump_.reset();
}

}  // namespace grove::test
