#include "jsonrpc/FrameWriter.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

namespace grove::rpc {

namespace {
void appendFrame(std::string& out, std::string_view body) {
  out += "Content-Length: ";
  out += std::to_string(body.size());
  out += "\r\n\r\n";
  out += body;
}
}  // namespace

FrameWriter::FrameWriter(int fd) : fd_(fd) {
  // Non-blocking, so a full pipe or socket returns EAGAIN instead of waiting.
  oldFlags_ = ::fcntl(fd_, F_GETFL);
  if (oldFlags_ >= 0) ::fcntl(fd_, F_SETFL, oldFlags_ | O_NONBLOCK);
  flusher_ = std::thread([this] { flusherLoop(); });
}

FrameWriter::~FrameWriter() {
  detach();
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  flusher_.join();
}

void FrameWriter::detach() {
  std::unique_lock<std::mutex> lock(mu_);
  // Give the peer a moment to take what is left (a final reply).
  cv_.wait_for(lock, std::chrono::seconds(2), [this] { return backlog_.empty() || closed_; });
  if (oldFlags_ >= 0 && !closed_) ::fcntl(fd_, F_SETFL, oldFlags_);
  closed_ = true;
  backlog_.clear();
  cv_.notify_all();
}

void FrameWriter::writeSome() {
  while (!backlog_.empty() && !closed_) {
    ssize_t n = ::write(fd_, backlog_.data(), backlog_.size());
    if (n > 0) {
      backlog_.erase(0, static_cast<size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return;  // the flusher takes over
    } else {
      closed_ = true;
      backlog_.clear();
    }
  }
}

bool FrameWriter::enqueue(std::string&& bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_) return false;
  if (backlog_.size() + bytes.size() > kMaxBacklog) {
    // The peer stopped reading long ago; do not let it hold memory or anyone up.
    closed_ = true;
    backlog_.clear();
    cv_.notify_all();
    return false;
  }
  bool wasEmpty = backlog_.empty();
  backlog_ += bytes;
  if (wasEmpty) writeSome();
  if (!backlog_.empty()) cv_.notify_all();
  return !closed_;
}

void FrameWriter::flusherLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [this] { return stopping_ || (!backlog_.empty() && !closed_); });
    if (stopping_) return;
    lock.unlock();
    pollfd p{fd_, POLLOUT, 0};
    ::poll(&p, 1, 100);
    lock.lock();
    writeSome();
    if (backlog_.empty() || closed_) cv_.notify_all();
  }
}

bool FrameWriter::write(std::string_view body) {
  std::string frame;
  frame.reserve(body.size() + 32);
  appendFrame(frame, body);
  return enqueue(std::move(frame));
}

bool FrameWriter::writeAll(const std::vector<std::string>& bodies) {
  if (bodies.empty()) return !closed();
  std::string out;
  for (const auto& b : bodies) appendFrame(out, b);
  return enqueue(std::move(out));
}

bool FrameWriter::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

void FrameWriter::flush() {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [this] { return backlog_.empty() || closed_; });
}

}  // namespace grove::rpc
