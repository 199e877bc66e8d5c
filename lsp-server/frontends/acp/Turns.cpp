#include "frontends/acp/Turns.h"

namespace grove::frontends::acp {

bool Turns::begin(const std::string& sessionId, const nlohmann::json& acpId) {
  std::lock_guard<std::mutex> lock(mu_);
  Running turn;
  turn.acpId = acpId;
  return running_.emplace(sessionId, std::move(turn)).second;
}

void Turns::setCoreRequest(const std::string& sessionId, int64_t coreId) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = running_.find(sessionId);
  if (it != running_.end()) it->second.coreId = coreId;  // absent: it finished already
}

std::optional<int64_t> Turns::cancel(const std::string& sessionId) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = running_.find(sessionId);
  if (it == running_.end()) return std::nullopt;
  it->second.cancelled = true;
  return it->second.coreId;
}

bool Turns::streamed(const std::string& sessionId) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = running_.find(sessionId);
  if (it == running_.end()) return false;
  it->second.streamedAny = true;
  return true;
}

std::optional<Turns::Finished> Turns::finish(const std::string& sessionId) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = running_.find(sessionId);
  if (it == running_.end()) return std::nullopt;
  Finished f{it->second.acpId, it->second.cancelled, it->second.streamedAny};
  running_.erase(it);
  return f;
}

void Turns::setPendingBranch(const std::string& sessionId, std::string title) {
  std::lock_guard<std::mutex> lock(mu_);
  pendingBranch_[sessionId] = std::move(title);
}

std::optional<std::string> Turns::takePendingBranch(const std::string& sessionId) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = pendingBranch_.find(sessionId);
  if (it == pendingBranch_.end()) return std::nullopt;
  std::string title = std::move(it->second);
  pendingBranch_.erase(it);
  return title;
}

}  // namespace grove::frontends::acp
