#include "jsonrpc/FrameWriter.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

#include "support/Log.h"

namespace grove::rpc {

namespace {
void appendFrame(std::string& out, std::string_view body) {
  out += "Content-Length: ";
  out += std::to_string(body.size());
  out += "\r\n\r\n";
  out += body;
}
}  // namespace

FrameWriter::FrameWriter(int fd, size_t maxBacklog) : fd_(fd), maxBacklog_(maxBacklog) {
  // Non-blocking, so a full pipe or socket returns EAGAIN instead of waiting.
  oldFlags_ = ::fcntl(fd_, F_GETFL);
  if (oldFlags_ >= 0) ::fcntl(fd_, F_SETFL, oldFlags_ | O_NONBLOCK);
  flusher_ = std::thread([this] { flusherLoop(); });
}

FrameWriter::FrameWriter(int fd, std::function<void()> wantWritable, size_t maxBacklog)
    : fd_(fd), maxBacklog_(maxBacklog), wantWritable_(std::move(wantWritable)) {
  oldFlags_ = ::fcntl(fd_, F_GETFL);
  if (oldFlags_ >= 0) ::fcntl(fd_, F_SETFL, oldFlags_ | O_NONBLOCK);
}

FrameWriter::~FrameWriter() {
  detach();
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (flusher_.joinable()) flusher_.join();
}

void FrameWriter::setLabel(std::string label) {
  std::lock_guard<std::mutex> lock(mu_);
  label_ = std::move(label);
}

void FrameWriter::detach(std::chrono::milliseconds wait) {
  std::function<void()> ready;
  {
    std::unique_lock<std::mutex> lock(mu_);
    // Give the peer a moment to take what is left (a final reply).
    if (!wantWritable_)
      cv_.wait_for(lock, wait, [this] { return backlog_.empty() || closed_; });
    if (oldFlags_ >= 0 && !closed_) ::fcntl(fd_, F_SETFL, oldFlags_);
    closed_ = true;
    backlog_.clear();
    ready = std::move(ready_);
    ready_ = nullptr;
  }
  cv_.notify_all();
  if (ready) ready();
}

void FrameWriter::seal() {
  std::lock_guard<std::mutex> lock(mu_);
  sealed_ = true;
}

void FrameWriter::writeSome() {
  while (!backlog_.empty() && !closed_) {
    ssize_t n = ::write(fd_, backlog_.data(), backlog_.size());
    if (n > 0) {
      backlog_.erase(0, static_cast<size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return;  // the flusher (or the event loop) takes over
    } else {
      closed_ = true;
      backlog_.clear();
    }
  }
  // A string keeps its capacity: an idle connection should not hold the
  // megabytes a burst once needed.
  if (backlog_.empty() && backlog_.capacity() > 65536) backlog_.shrink_to_fit();
}

std::function<void()> FrameWriter::takeReady() {
  if (!ready_ || (!closed_ && backlog_.size() > readyAt_)) return nullptr;
  auto ready = std::move(ready_);
  ready_ = nullptr;
  return ready;
}

void FrameWriter::overflow(size_t adding) {
  log::warn("closing " + label_ + ": it left " + std::to_string(backlog_.size() + adding) +
            " bytes of replies and notifications unread, above the limit of " +
            std::to_string(maxBacklog_));
  closed_ = true;
  backlog_.clear();
  // Both ends must see the connection end; a pipe (stdio) cannot be shut
  // down, and its reader notices closed() instead.
  ::shutdown(fd_, SHUT_RDWR);
}

bool FrameWriter::enqueue(std::string&& bytes) {
  std::function<void()> ready;
  bool wantWrite = false, ok;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_ || sealed_) return false;
    // A peer that has read everything so far is reading: one reply larger
    // than the limit (a whole 100,000-unit tree) is written, not refused.
    // What the limit stops is unread data piling up behind it.
    if (!backlog_.empty() && backlog_.size() + bytes.size() > maxBacklog_) {
      overflow(bytes.size());
      ready = takeReady();
    } else {
      bool wasEmpty = backlog_.empty();
      backlog_ += bytes;
      if (wasEmpty) {
        writeSome();
        // In event-loop mode a wait is pending whenever the backlog is not
        // empty; it was empty, so ask for one.
        wantWrite = wantWritable_ && !backlog_.empty() && !closed_;
      }
      if (!backlog_.empty() && !wantWritable_) cv_.notify_all();
    }
    ok = !closed_;
    if (closed_) cv_.notify_all();
  }
  if (wantWrite) wantWritable_();
  if (ready) ready();
  return ok;
}

void FrameWriter::onWritable() {
  std::function<void()> ready;
  bool again;
  {
    std::lock_guard<std::mutex> lock(mu_);
    writeSome();
    again = !backlog_.empty() && !closed_;
    ready = takeReady();
  }
  cv_.notify_all();
  if (again) wantWritable_();
  if (ready) ready();
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
    // Wakes flush(), detach() and a reader waiting for room.
    cv_.notify_all();
  }
}

bool FrameWriter::write(std::string_view body) {
  std::string frame;
  frame.reserve(body.size() + 32);
  appendFrame(frame, body);
  return enqueue(std::move(frame));
}

bool FrameWriter::writeLine(std::string_view line) {
  std::string bytes;
  bytes.reserve(line.size() + 1);
  bytes += line;
  bytes += '\n';
  return enqueue(std::move(bytes));
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

size_t FrameWriter::backlog() const {
  std::lock_guard<std::mutex> lock(mu_);
  return backlog_.size();
}

void FrameWriter::flush() {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [this] { return backlog_.empty() || closed_; });
}

bool FrameWriter::waitForRoom() {
  std::unique_lock<std::mutex> lock(mu_);
  if (backlog_.size() > softLimit())
    cv_.wait(lock, [this] { return closed_ || backlog_.size() <= softLimit() / 2; });
  return !closed_;
}

bool FrameWriter::whenAtMost(size_t bytes, std::function<void()> ready) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_ || backlog_.size() <= bytes) return true;
  readyAt_ = bytes;
  ready_ = std::move(ready);
  return false;
}

}  // namespace grove::rpc
