// grove_tls_roundtrip_bench: what TLS on --listen adds to a trivial round
// trip on loopback (issue 19's target: < 0.2 ms at p50). Two real cores on
// their own stores, one on plain TCP and one with TLS (certificates made
// with the openssl command); one client each, one request at a time
// (grove/project/list on an empty store), p50 and p99 of each.
//
// The TLS figure is an upper bound: the bench's client decrypts through a
// TlsPump and a socketpair too, so it pays the extra hop twice.
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
  print("plain TCP", p1);
  print("TLS", t1);
  print("plain TCP", p2);
  print("TLS", t2);
  double added = (t1.median + t2.median - p1.median - p2.median) / 2;
  std::printf("TLS adds %.1f us at p50 (target < 200 us)\n", added);
  return 0;
}
