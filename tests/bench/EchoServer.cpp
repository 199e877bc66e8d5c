// grove_echo_server: the baseline for round-trip figures. A bare C++
// JSON-RPC server over stdio with the same framing and JSON library as
// grove-server, that answers every request with its params and nothing else.
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <string>

int main() {
  std::string buf;
  char chunk[65536];
  for (;;) {
    size_t hdr = buf.find("\r\n\r\n");
    if (hdr != std::string::npos) {
      size_t len = std::stoul(buf.substr(buf.find(':') + 1, hdr));
      if (buf.size() >= hdr + 4 + len) {
        auto msg = nlohmann::json::parse(buf.substr(hdr + 4, len));
        buf.erase(0, hdr + 4 + len);
        if (!msg.contains("id")) continue;
        std::string body =
            nlohmann::json{{"jsonrpc", "2.0"}, {"id", msg["id"]}, {"result", msg.value("params", nlohmann::json())}}
                .dump();
        std::string out = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
        if (::write(1, out.data(), out.size()) < 0) return 1;
        continue;
      }
    }
    ssize_t n = ::read(0, chunk, sizeof chunk);
    if (n <= 0) return 0;
    buf.append(chunk, static_cast<size_t>(n));
  }
}
