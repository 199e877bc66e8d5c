#include "jsonrpc/FrameWriter.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>

#include "support/Log.h"

namespace grove::rpc {

namespace {
std::string header(size_t bodyBytes) {
  return "Content-Length: " + std::to_string(bodyBytes) + "\r\n\r\n";
}
}  // namespace

FrameWriter::FrameWriter(int fd, size_t maxBacklog) : fd_(fd), maxBacklog_(maxBacklog) {
  // Non-blocking, so a full pipe or socket returns EAGAIN instead of waiting.
  oldFlags_ = ::fcntl(fd_, F_GETFL);
  if (oldFlags_ >= 0) ::fcntl(fd_, F_SETFL, oldFlags_ | O_NONBLOCK);
  // A pipe (stdio, the relay's pipes to its own core) holds 64 KiB by
  // default: a 20 MB reply then takes 300 wake-ups of writer and reader
  // each. A larger one where the system allows it (sockets refuse; fine).
  int size = ::fcntl(fd_, F_GETPIPE_SZ);
  if (size > 0 && size < kPipeBytes) ::fcntl(fd_, F_SETPIPE_SZ, kPipeBytes);
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
      cv_.wait_for(lock, wait, [this] { return unsent() == 0 || closed_; });
    if (oldFlags_ >= 0 && !closed_) ::fcntl(fd_, F_SETFL, oldFlags_);
    closed_ = true;
    dropBacklog();
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

void FrameWriter::dropBacklog() {
  backlog_.clear();
  sent_ = 0;
  queued_ = 0;
}

void FrameWriter::writeSome() {
  while (queued_ > 0 && !closed_) {
    // The queue is a list of buffers written with one writev: a large
    // reply is queued as the string it was made in, never copied, and the
    // written front is skipped, not erased (erasing the front of a 20 MB
    // reply after every pipe-sized write made one large reply quadratic).
    iovec iov[64];
    int count = 0;
    for (auto it = backlog_.begin(); it != backlog_.end() && count < 64; ++it, ++count) {
      size_t skip = count == 0 ? sent_ : 0;
      iov[count].iov_base = const_cast<char*>(it->data() + skip);
      iov[count].iov_len = it->size() - skip;
    }
    ssize_t n = ::writev(fd_, iov, count);
    if (n > 0) {
      size_t left = static_cast<size_t>(n);
      queued_ -= left;
      while (left > 0) {
        size_t front = backlog_.front().size() - sent_;
        if (left < front) {
          sent_ += left;
          break;
        }
        left -= front;
        backlog_.pop_front();
        sent_ = 0;
      }
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      break;  // the flusher (or the event loop) takes over
    } else {
      closed_ = true;
      dropBacklog();
    }
  }
  if (queued_ == 0) {
    // Written buffers are freed as they go: an idle connection holds none
    // of the megabytes a burst once needed.
    dropBacklog();
  }
}

std::function<void()> FrameWriter::takeReady() {
  if (!ready_ || (!closed_ && unsent() > readyAt_)) return nullptr;
  auto ready = std::move(ready_);
  ready_ = nullptr;
  return ready;
}

void FrameWriter::overflow(size_t adding) {
  log::warn("closing " + label_ + ": it left " + std::to_string(unsent() + adding) +
            " bytes of replies and notifications unread, above the limit of " +
            std::to_string(maxBacklog_));
  closed_ = true;
  dropBacklog();
  // Both ends must see the connection end; a pipe (stdio) cannot be shut
  // down, and its reader notices closed() instead.
  ::shutdown(fd_, SHUT_RDWR);
}

bool FrameWriter::enqueue(std::vector<std::string>&& parts) {
  size_t bytes = 0;
  for (const auto& p : parts) bytes += p.size();
  std::function<void()> ready;
  bool wantWrite = false, ok;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_ || sealed_) return false;
    // A peer that has read everything so far is reading: one reply larger
    // than the limit (a whole 100,000-unit tree) is written, not refused.
    // What the limit stops is unread data piling up behind it.
    if (queued_ > 0 && queued_ + bytes > maxBacklog_) {
      overflow(bytes);
      ready = takeReady();
    } else {
      bool wasEmpty = queued_ == 0;
      for (auto& p : parts)
        if (!p.empty()) backlog_.push_back(std::move(p));
      queued_ += bytes;
      if (wasEmpty) {
        writeSome();
        // In event-loop mode a wait is pending whenever the backlog is not
        // empty; it was empty, so ask for one.
        wantWrite = wantWritable_ && queued_ > 0 && !closed_;
      }
      if (queued_ > 0 && !wantWritable_) cv_.notify_all();
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
    again = unsent() > 0 && !closed_;
    ready = takeReady();
  }
  cv_.notify_all();
  if (again) wantWritable_();
  if (ready) ready();
}

void FrameWriter::flusherLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [this] { return stopping_ || (unsent() > 0 && !closed_); });
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

bool FrameWriter::write(std::string_view body) { return write(std::string(body)); }

bool FrameWriter::write(std::string&& body) {
  std::vector<std::string> parts;
  parts.reserve(2);
  parts.push_back(header(body.size()));
  parts.push_back(std::move(body));
  return enqueue(std::move(parts));
}

bool FrameWriter::writeLine(std::string_view line) {
  std::string bytes;
  bytes.reserve(line.size() + 1);
  bytes += line;
  bytes += '\n';
  std::vector<std::string> parts;
  parts.push_back(std::move(bytes));
  return enqueue(std::move(parts));
}

bool FrameWriter::writeAll(const std::vector<std::string>& bodies) {
  return writeAll(std::vector<std::string>(bodies));
}

bool FrameWriter::writeAll(std::vector<std::string>&& bodies) {
  if (bodies.empty()) return !closed();
  // Small frames are joined (one buffer, one write); a large body is queued
  // as it is, after its header.
  std::vector<std::string> parts;
  std::string joined;
  for (auto& b : bodies) {
    joined += header(b.size());
    if (b.size() < kJoinBelow) {
      joined += b;
      continue;
    }
    parts.push_back(std::move(joined));
    joined.clear();
    parts.push_back(std::move(b));
  }
  if (!joined.empty()) parts.push_back(std::move(joined));
  return enqueue(std::move(parts));
}

bool FrameWriter::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

size_t FrameWriter::backlog() const {
  std::lock_guard<std::mutex> lock(mu_);
  return unsent();
}

void FrameWriter::flush() {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [this] { return unsent() == 0 || closed_; });
}

bool FrameWriter::waitForRoom() {
  std::unique_lock<std::mutex> lock(mu_);
  if (unsent() > softLimit())
    cv_.wait(lock, [this] { return closed_ || unsent() <= softLimit() / 2; });
  return !closed_;
}

bool FrameWriter::whenAtMost(size_t bytes, std::function<void()> ready) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_ || unsent() <= bytes) return true;
  readyAt_ = bytes;
  ready_ = std::move(ready);
  return false;
}

}  // namespace grove::rpc
