// CancellationToken: a flag shared between the thread that asks for a stop
// ($/cancelRequest, read on the transport's reader thread) and the worker
// doing the long job (an LLM transfer polls it from curl's progress callback).
//
// A token may also carry a deadline (withTimeout): auxiliary provider calls
// (query expansion, the structure agent, summaries, embeddings) must never
// hold a turn or a worker for the provider's whole idle timeout, so they give
// up early and fall back to their offline path.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>

namespace grove {

class CancellationToken {
public:
  using Clock = std::chrono::steady_clock;

  CancellationToken() : flag_(std::make_shared<std::atomic<bool>>(false)) {}
  void cancel() const { flag_->store(true, std::memory_order_release); }
  bool cancelled() const { return flag_->load(std::memory_order_acquire) || expired(); }
  /// True when the deadline passed (as opposed to someone cancelling).
  bool expired() const { return deadline_ && Clock::now() >= *deadline_; }

  /// A token cancelled with this one, or when `limit` has passed, whichever
  /// comes first.
  CancellationToken withTimeout(std::chrono::milliseconds limit) const {
    CancellationToken t = *this;
    Clock::time_point d = Clock::now() + limit;
    t.deadline_ = deadline_ && *deadline_ < d ? *deadline_ : d;
    return t;
  }

private:
  std::shared_ptr<std::atomic<bool>> flag_;
  std::optional<Clock::time_point> deadline_;
};

/// How long an auxiliary provider call may take before its fallback is used.
inline constexpr std::chrono::seconds kAuxiliaryCallLimit{20};

}  // namespace grove
