// grove_tls_roundtrip_bench: what TLS on --listen adds to a trivial round
// trip on loopback (issue 19's target: < 0.2 ms at p50). Two real cores on
// their own stores, one on plain TCP and one with TLS (certificates made
// with the openssl command); one client each, one request at a time
// (grove/project/list on an empty store), p50 and p99 of each.
//
// Two TLS figures: the client the TLS tests use (TlsClient: decrypting
// through a TlsPump and a socketpair, so it pays that hop on its side too:
// an upper bound), and a client that reads and writes its SSL stream
// directly on its own thread, as an editor's TLS library would.
//
// usage: grove_tls_roundtrip_bench [--runs N]
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <string>

#include "CoreChild.h"
#include "Framing.h"
#include "RawSocket.h"
#include "ServerProcess.h"
#include "Stats.h"
#include "TempDir.h"
#include "TlsTestKit.h"

using namespace grove;
using namespace grove::test;

namespace {

// A headless core on `dir`'s store listening on 127.0.0.1 (port 0); its port.
std::unique_ptr<CoreChild> startCore(TempDir& dir, const std::vector<std::string>& extra, int& port) {
  CoreChild::Options o;
  o.args = {"--no-stdio", "--db", dir.file("grove.db"), "--listen", "127.0.0.1:0"};
  o.args.insert(o.args.end(), extra.begin(), extra.end());
  o.env = {{"XDG_RUNTIME_DIR", dir.file("")}, {"XDG_CONFIG_HOME", dir.file("config")},
           {"GROVE_TOKEN", ""}, {"GROVE_PROVIDER", ""}, {"GROVE_DB", ""}};
  o.stderrPath = dir.file("core.stderr");
  auto core = std::make_unique<CoreChild>(o);
  const std::string marker = "serving TCP on 127.0.0.1:";
  if (!core->waitForLog(marker)) {
    std::fprintf(stderr, "the core did not start: %s\n", core->stderrText().c_str());
    std::exit(1);
  }
  std::string log = core->stderrText();
  port = std::atoi(log.c_str() + log.find(marker) + marker.size());
  return core;
}

bench::Summary roundTrips(RpcClient& client, int runs) {
  client.initialize("tls-bench");
  return bench::measure(runs / 10, runs, [&] { client.result("grove/project/list"); });
}

// A blocking TLS client on its own SSL stream: one request, read to its reply.
class DirectTls {
public:
  DirectTls(int port, const std::string& caCert) : ctx_(asio::ssl::context::tls_client), tls_(io_, ctx_) {
    ctx_.set_verify_mode(asio::ssl::verify_peer);
    ctx_.load_verify_file(caCert);
    tls_.lowest_layer().connect({asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
    tls_.lowest_layer().set_option(asio::ip::tcp::no_delay(true));
    tls_.handshake(asio::ssl::stream_base::client);
  }
  std::string call(const std::string& method, const nlohmann::json& params) {
    int id = ++nextId_;
    asio::write(tls_, asio::buffer(frame(nlohmann::json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method},
                                                        {"params", params}}.dump())));
    for (;;) {
      while (auto body = parser_.next()) {
        auto msg = nlohmann::json::parse(*body, nullptr, false);
        if (msg.is_object() && msg.value("id", -1) == id) return *body;
      }
      char buf[16384];
      size_t n = tls_.read_some(asio::buffer(buf));
      parser_.feed(std::string_view(buf, n));
    }
  }

private:
  asio::io_context io_;
  asio::ssl::context ctx_;
  asio::ssl::stream<asio::ip::tcp::socket> tls_;
  FrameParser parser_;
  int nextId_ = 0;
};

void print(const char* what, const bench::Summary& s) {
  std::printf("%-10s p50 %7.1f us   p99 %7.1f us   min %7.1f us\n", what, s.median, s.p99, s.min);
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5000;
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::atoi(argv[++i]);
  TempDir plainDir, tlsDir;
  TestCertificates certs = makeTestCertificates(tlsDir.file(""));

  int plainPort = 0, tlsPort = 0;
  auto plainCore = startCore(plainDir, {}, plainPort);
  auto tlsCore = startCore(tlsDir, {"--tls-cert", certs.serverCert, "--tls-key", certs.serverKey}, tlsPort);

  int fd = connectLoopback(plainPort);
  if (fd < 0) {
    std::fprintf(stderr, "cannot connect to the plain core\n");
    return 1;
  }
  RpcClient plain(fd, ::fcntl(fd, F_DUPFD_CLOEXEC, 0));
  TlsClient tls(tlsPort, {certs.caCert, "", ""});

  std::printf("trivial round trip (grove/project/list), loopback, %d runs each, one at a time\n", runs);
  // Interleaved halves, so neither side gets the warmer machine.
  auto p1 = roundTrips(plain, runs / 2);
  auto t1 = roundTrips(tls.client(), runs / 2);
  auto p2 = bench::measure(0, runs / 2, [&] { plain.result("grove/project/list"); });
  auto t2 = bench::measure(0, runs / 2, [&] { tls.client().result("grove/project/list"); });
  DirectTls direct(tlsPort, certs.caCert);
  direct.call("initialize", {{"processId", nullptr}, {"capabilities", nlohmann::json::object()}});
  auto d1 = bench::measure(runs / 10, runs / 2, [&] { direct.call("grove/project/list", nlohmann::json::object()); });
  auto p3 = bench::measure(0, runs / 2, [&] { plain.result("grove/project/list"); });
  auto d2 = bench::measure(0, runs / 2, [&] { direct.call("grove/project/list", nlohmann::json::object()); });
  print("plain TCP", p1);
  print("TLS (pump)", t1);
  print("plain TCP", p2);
  print("TLS (pump)", t2);
  print("TLS direct", d1);
  print("plain TCP", p3);
  print("TLS direct", d2);
  double plainP50 = (p1.median + p2.median + p3.median) / 3;
  std::printf("TLS adds %.1f us at p50 with the tests' pumped client (upper bound), %.1f us with a direct "
              "TLS client (target < 200 us)\n",
              (t1.median + t2.median) / 2 - plainP50, (d1.median + d2.median) / 2 - plainP50);
  return 0;
}
