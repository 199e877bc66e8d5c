// grove-fake-provider: a scripted model provider on loopback.
//
//   grove-fake-provider [--port N] [--script FILE] [--max-hang-ms MS]
//
// Prints "listening PORT" as its first stdout line (--port 0 picks a free
// port). POSTs to /v1/chat/completions, /v1/messages and /v1/embeddings are
// recorded and answered from the script (a JSON array served in order, the
// last entry repeating; format in Script.h and docs/providers.md). Control
// endpoints: GET /__requests (what was received), POST /__script (replace
// the script and clear the log), GET / and GET /v1/models (health checks).
// Only ever binds 127.0.0.1.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "HttpIo.h"
#include "RequestLog.h"
#include "Responder.h"
#include "Script.h"

namespace {

struct Options {
  int port = 0;
  std::string scriptPath;
  int maxHangMs = 10 * 60 * 1000;
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "grove-fake-provider: " << problem << "\n"
            << "usage: grove-fake-provider [--port N] [--script FILE] [--max-hang-ms MS]\n";
  std::exit(2);
}

Options parseArgs(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(a + " needs a value");
      return argv[++i];
    };
    if (a == "--port") {
      o.port = std::atoi(value().c_str());
    } else if (a == "--script") {
      o.scriptPath = value();
    } else if (a == "--max-hang-ms") {
      o.maxHangMs = std::atoi(value().c_str());
    } else {
      usage("unknown argument " + a);
    }
  }
  return o;
}

void serveConnection(int fd, fake::Script& script, fake::RequestLog& log, int maxHangMs) {
  auto req = fake::readRequest(fd);
  if (req) {
    if (req->method == "GET" && req->path == "/__requests") {
      fake::writeResponse(fd, 200, "application/json", log.snapshot().dump());
    } else if (req->method == "POST" && req->path == "/__script") {
      try {
        script.replace(fake::parseScript(nlohmann::json::parse(req->body)));
        log.clear();
        fake::writeResponse(fd, 200, "application/json", "{}");
      } catch (const std::exception& e) {
        fake::writeResponse(fd, 400, "application/json", nlohmann::json{{"error", e.what()}}.dump());
      }
    } else if (req->method == "GET" && (req->path == "/" || req->path == "/v1/models")) {
      fake::writeResponse(fd, 200, "application/json",
                          R"({"object":"list","data":[{"id":"fake","object":"model"}]})");
    } else if (req->method == "POST") {
      log.record(*req);
      fake::respond(fd, *req, script.next(), maxHangMs);
    } else {
      fake::writeResponse(fd, 404, "application/json", R"({"error":{"message":"not found"}})");
    }
  }
  ::close(fd);
}

}  // namespace

int main(int argc, char** argv) {
  Options opts = parseArgs(argc, argv);
  ::signal(SIGPIPE, SIG_IGN);

  fake::Script script;
  if (!opts.scriptPath.empty()) {
    std::ifstream in(opts.scriptPath);
    if (!in) usage("cannot read script " + opts.scriptPath);
    std::stringstream buf;
    buf << in.rdbuf();
    try {
      script.replace(fake::parseScript(nlohmann::json::parse(buf.str())));
    } catch (const std::exception& e) {
      usage("bad script: " + std::string(e.what()));
    }
  }

  int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  ::setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // never anything but loopback
  addr.sin_port = htons(static_cast<uint16_t>(opts.port));
  if (::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(listener, 64) != 0) {
    std::cerr << "grove-fake-provider: cannot listen on 127.0.0.1:" << opts.port << ": " << std::strerror(errno)
              << "\n";
    return 1;
  }
  socklen_t len = sizeof addr;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
  std::printf("listening %d\n", ntohs(addr.sin_port));
  std::fflush(stdout);

  fake::RequestLog log;
  for (;;) {
    int fd = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE) continue;
      std::cerr << "grove-fake-provider: accept failed: " << std::strerror(errno) << "\n";
      return 1;
    }
    std::thread([fd, &script, &log, &opts] { serveConnection(fd, script, log, opts.maxHangMs); }).detach();
  }
}
