// LoopbackOnce: an HTTP server on 127.0.0.1 for fuzz targets that drive a
// real provider client. Every connection gets the current canned response
// (status line, headers, then the body until the connection closes), so the
// client's whole path runs: libcurl, line splitting, the SSE parser and the
// provider's event handling.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <thread>

namespace grove::fuzz {

class LoopbackOnce {
public:
  LoopbackOnce();
  ~LoopbackOnce();

  int port() const { return port_; }
  /// What the next connections are answered with.
  void setResponse(std::string contentType, std::string body);

private:
  void serve();
  void answer(int fd);

  int listenFd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::string contentType_;
  std::string body_;
  std::thread thread_;
};

}  // namespace grove::fuzz
