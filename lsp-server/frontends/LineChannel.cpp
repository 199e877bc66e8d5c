#include "frontends/LineChannel.h"

#include "jsonrpc/BlockingRead.h"
#include "jsonrpc/ErrorCodes.h"
#include "jsonrpc/JsonDepth.h"

namespace grove::frontends {

using nlohmann::json;

LineChannel::LineChannel(int inFd, int outFd, size_t maxLineBytes)
    : inFd_(inFd), maxLineBytes_(maxLineBytes), out_(outFd) {
  out_.setLabel("the ACP/MCP client");
}

bool LineChannel::fill() {
  char chunk[65536];
  size_t n = rpc::readBlocking(inFd_, chunk, sizeof chunk);
  if (n == 0) return false;
  buffer_.append(chunk, n);
  return true;
}

LineChannel::Line LineChannel::readLine(std::string& line) {
  bool tooLong = false;
  for (;;) {
    size_t nl = buffer_.find('\n', scanned_);
    if (nl != std::string::npos) {
      if (tooLong || nl > maxLineBytes_) {
        buffer_.erase(0, nl + 1);
        scanned_ = 0;
        return Line::TooLong;
      }
      line.assign(buffer_, 0, nl);
      buffer_.erase(0, nl + 1);
      scanned_ = 0;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Line::Text;
    }
    if (buffer_.size() > maxLineBytes_) {
      // Drop what we have and keep dropping until the line ends: the
      // buffer never grows past the limit plus one read.
      tooLong = true;
      buffer_.clear();
    }
    scanned_ = buffer_.size();
    if (eof_ || !fill()) {
      eof_ = true;
      if (tooLong) {
        buffer_.clear();
        return Line::TooLong;
      }
      if (buffer_.empty()) return Line::Eof;
      line.swap(buffer_);  // a last line without its newline still counts
      buffer_.clear();
      scanned_ = 0;
      return Line::Text;
    }
  }
}

std::optional<json> LineChannel::next() {
  std::string line;
  for (;;) {
    Line r = readLine(line);
    if (r == Line::Eof) return std::nullopt;
    if (r == Line::TooLong) {
      sendError(nullptr, rpc::InvalidRequest,
                "message over the limit of " + std::to_string(maxLineBytes_) + " bytes");
      continue;
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines are harmless
    if (!rpc::nestingWithin(line, rpc::kMaxJsonDepth)) {
      sendError(nullptr, rpc::InvalidRequest, "message nested too deeply");
      continue;
    }
    json msg = json::parse(line, nullptr, false);
    if (msg.is_discarded()) {
      sendError(nullptr, rpc::ParseError, "not JSON");
      continue;
    }
    if (!msg.is_object()) {
      sendError(nullptr, rpc::InvalidRequest, "a message must be a JSON object (batches are not supported)");
      continue;
    }
    return msg;
  }
}

bool LineChannel::send(const json& message) {
  return out_.writeLine(message.dump(-1, ' ', false, json::error_handler_t::replace));
}

bool LineChannel::sendError(const json& id, int code, const std::string& message, const json& data) {
  json error{{"code", code}, {"message", message}};
  if (!data.is_null()) error["data"] = data;
  return send(json{{"jsonrpc", "2.0"}, {"id", id}, {"error", error}});
}

}  // namespace grove::frontends
