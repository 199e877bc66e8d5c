// CancellationToken: a flag shared between the thread that asks for a stop
// ($/cancelRequest, read on the transport's reader thread) and the worker
// doing the long job (an LLM transfer polls it from curl's progress callback).
#pragma once

#include <atomic>
#include <memory>

namespace grove {

class CancellationToken {
public:
  CancellationToken() : flag_(std::make_shared<std::atomic<bool>>(false)) {}
  void cancel() const { flag_->store(true, std::memory_order_release); }
  bool cancelled() const { return flag_->load(std::memory_order_acquire); }

private:
  std::shared_ptr<std::atomic<bool>> flag_;
};

}  // namespace grove
