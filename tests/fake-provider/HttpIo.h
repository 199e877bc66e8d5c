// HttpIo: the little HTTP/1.1 the fake provider needs, on a blocking socket.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace fake {

struct Request {
  std::string method;
  std::string path;
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;
};

/// Reads one request (Content-Length bodies; answers "Expect: 100-continue").
/// nullopt when the peer closed or sent something that is not HTTP.
std::optional<Request> readRequest(int fd);

/// Writes everything; false once the peer is gone (no SIGPIPE).
bool writeAll(int fd, std::string_view data);
/// One chunk of a chunked body.
bool writeChunk(int fd, std::string_view data);

/// A complete response with Content-Length and "Connection: close".
bool writeResponse(int fd, int status, const std::string& contentType, const std::string& body,
                   const std::map<std::string, std::string>& extraHeaders = {});

/// Blocks until the peer closes the connection (or `maxMs` passes).
void waitForDisconnect(int fd, int maxMs);

const char* reasonPhrase(int status);

}  // namespace fake
