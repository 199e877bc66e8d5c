// FrameWriter: writes LSP frames to a file descriptor without ever letting a
// slow reader block the writer. Thread-safe.
//
// Frames are appended to an outgoing buffer and written without blocking;
// whatever the peer cannot take yet is written by a flusher thread as the
// peer reads. So the engine, which broadcasts to every client while holding
// its lock, never waits for an editor that stopped reading; an editor that
// lets kMaxBacklog bytes pile up is cut off instead.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace grove::rpc {

class FrameWriter {
public:
  static constexpr size_t kMaxBacklog = 64u << 20;

  explicit FrameWriter(int fd);
  /// Waits (bounded) for the backlog to drain, then stops the flusher.
  ~FrameWriter();
  FrameWriter(const FrameWriter&) = delete;
  FrameWriter& operator=(const FrameWriter&) = delete;

  /// Queues one frame; false once the peer has gone or was cut off.
  bool write(std::string_view body);
  /// Queues several frames in order.
  bool writeAll(const std::vector<std::string>& bodies);
  bool closed() const;
  /// Blocks until everything queued so far was written (or the peer went).
  void flush();
  /// Writes what is queued (bounded wait), then refuses further writes: after
  /// this the caller may close the fd (a late writer must not reach whatever
  /// reuses its number).
  void detach();

private:
  bool enqueue(std::string&& bytes);
  /// Writes as much as the fd takes now; must hold mu_.
  void writeSome();
  void flusherLoop();

  int fd_;
  int oldFlags_ = -1;  // restored on detach: the fd may be a shared terminal
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::string backlog_;
  bool closed_ = false;
  bool stopping_ = false;
  std::thread flusher_;
};

}  // namespace grove::rpc
