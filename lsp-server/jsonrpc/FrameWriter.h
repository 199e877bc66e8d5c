// FrameWriter: writes LSP frames to a file descriptor without ever letting a
// slow reader block the writer. Thread-safe.
//
// Frames are appended to an outgoing buffer and written without blocking;
// whatever the peer cannot take yet is written later, as the peer reads: by
// a flusher thread of the writer's own (stdio, the Unix socket), or, for
// transports run by an event loop (TCP), when the loop reports the fd
// writable (onWritable). So the engine, which broadcasts to every client
// while holding its lock, never waits for an editor that stopped reading.
//
// Two bounds on the unsent bytes (the backlog). Past the soft one the
// connection's reader stops taking requests until the backlog drains to
// half of it (backpressure: a client that does not read is not served more
// work). Past the hard one (reached only by notifications and late replies
// while reading is paused) the connection is closed, logged, and shut down
// so both ends see it end: a reply is never dropped on a connection that
// stays open.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace grove::rpc {

class FrameWriter {
public:
  static constexpr size_t kMaxBacklog = 64u << 20;
  /// The soft bound is this fraction of the hard one.
  static constexpr size_t kSoftDivisor = 16;
  /// The pipe size asked for when the fd is a pipe (Linux's default limit
  /// for an unprivileged process).
  static constexpr int kPipeBytes = 1 << 20;
  /// writeAll joins bodies smaller than this into one buffer.
  static constexpr size_t kJoinBelow = 64u << 10;

  /// Writes with a flusher thread of its own.
  explicit FrameWriter(int fd, size_t maxBacklog = kMaxBacklog);
  /// Driven by an event loop: calls `wantWritable` (from any thread, without
  /// the writer's lock) when it has bytes the fd did not take; the loop then
  /// calls onWritable() once the fd is writable.
  FrameWriter(int fd, std::function<void()> wantWritable, size_t maxBacklog = kMaxBacklog);
  /// Waits (bounded) for the backlog to drain, then stops the flusher.
  ~FrameWriter();
  FrameWriter(const FrameWriter&) = delete;
  FrameWriter& operator=(const FrameWriter&) = delete;

  /// Names the connection in the log line of a hard-bound close.
  void setLabel(std::string label);

  /// Queues one frame; false once the peer has gone or was cut off.
  bool write(std::string_view body);
  /// The same, keeping `body`'s buffer instead of copying it.
  bool write(std::string&& body);
  /// Queues `line` and a newline, with no LSP header: the same buffering
  /// for newline-delimited protocols (ACP, MCP over stdio). `line` must hold
  /// no newline of its own.
  bool writeLine(std::string_view line);
  /// Queues several frames in order.
  bool writeAll(const std::vector<std::string>& bodies);
  bool writeAll(std::vector<std::string>&& bodies);
  bool closed() const;
  /// Blocks until everything queued so far was written (or the peer went).
  void flush();
  /// Writes what is queued (waiting at most `wait`), then refuses further
  /// writes: after this the caller may close the fd (a late writer must not
  /// reach whatever reuses its number).
  void detach(std::chrono::milliseconds wait = std::chrono::seconds(2));
  /// Refuses further writes but keeps writing what is queued (a connection
  /// being closed sends its last replies first).
  void seal();

  // Backpressure.
  size_t backlog() const;
  size_t softLimit() const { return maxBacklog_ / kSoftDivisor; }
  /// Blocks while the backlog is above the soft bound, until it drains to
  /// half of it; false when the connection closed meanwhile.
  bool waitForRoom();
  /// Calls `ready` (once, without the writer's lock) as soon as the backlog
  /// is at most `bytes` or the writer closed; returns true instead, without
  /// keeping `ready`, when that holds already. One callback at a time.
  bool whenAtMost(size_t bytes, std::function<void()> ready);

  /// Event-loop mode: the fd became writable.
  void onWritable();

private:
  /// Queues buffers to be written in order.
  bool enqueue(std::vector<std::string>&& parts);
  /// Writes as much as the fd takes now; must hold mu_.
  void writeSome();
  /// Bytes queued and not yet written; must hold mu_.
  size_t unsent() const { return queued_; }
  /// Forgets everything queued; must hold mu_.
  void dropBacklog();
  /// After a write: hands back the callback whose condition now holds.
  std::function<void()> takeReady();
  /// Closes for good past the hard bound; must hold mu_.
  void overflow(size_t adding);
  void flusherLoop();

  int fd_;
  size_t maxBacklog_;
  int oldFlags_ = -1;  // restored on detach: the fd may be a shared terminal
  std::function<void()> wantWritable_;  // event-loop mode when set
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> backlog_;  // buffers to write, in order
  size_t sent_ = 0;    // bytes of backlog_.front() already written
  size_t queued_ = 0;  // bytes of backlog_ not yet written
  std::string label_ = "a client";
  bool closed_ = false;
  bool sealed_ = false;
  bool stopping_ = false;
  size_t readyAt_ = 0;
  std::function<void()> ready_;
  std::thread flusher_;
};

}  // namespace grove::rpc
