#include "transport/AddressLedger.h"

#include <algorithm>

namespace grove::transport {

namespace {
constexpr size_t kPruneAbove = 4096;
}

AddressLedger::Admission AddressLedger::admit(const std::string& address) {
  std::lock_guard<std::mutex> lock(mu_);
  if (open_ >= limits_.maxConnections) return Admission::TooManyInAll;
  if (entries_.size() >= kPruneAbove) prune(Clock::now());
  Entry& e = entries_[address];
  if (e.open >= limits_.maxPerAddress) return Admission::TooManyFromAddress;
  ++e.open;
  ++open_;
  return Admission::Admitted;
}

void AddressLedger::release(const std::string& address) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(address);
  if (it == entries_.end() || it->second.open == 0) return;
  --it->second.open;
  --open_;
}

AddressLedger::Clock::duration AddressLedger::delayFor(const std::string& address,
                                                       Clock::time_point now) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(address);
  if (it == entries_.end() || it->second.penaltyUntil <= now) return Clock::duration::zero();
  return it->second.penaltyUntil - now;
}

void AddressLedger::authFailed(const std::string& address, Clock::time_point now) {
  std::lock_guard<std::mutex> lock(mu_);
  Entry& e = entries_[address];
  // Failures long past are forgiven: a typo last week costs nothing today.
  if (e.penaltyUntil + limits_.penaltyMax <= now) e.failures = 0;
  e.failures = std::min(e.failures + 1, 30);
  // base * 2^(failures-1), capped: the 1st failure costs 250 ms, the 9th a minute.
  auto delay = limits_.penaltyBase * (1ll << std::min(e.failures - 1, 20));
  delay = std::min<std::chrono::milliseconds>(delay, limits_.penaltyMax);
  e.penaltyUntil = std::max(e.penaltyUntil, now) + delay;
  // Never queue more than the cap ahead: a burst of failures is one cap.
  e.penaltyUntil = std::min(e.penaltyUntil, now + limits_.penaltyMax);
}

void AddressLedger::authSucceeded(const std::string& address) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(address);
  if (it == entries_.end()) return;
  it->second.failures = 0;
  it->second.penaltyUntil = {};
}

size_t AddressLedger::open() const {
  std::lock_guard<std::mutex> lock(mu_);
  return open_;
}

void AddressLedger::prune(Clock::time_point now) {
  std::erase_if(entries_, [&](const auto& kv) {
    // A penalty is kept a while after it ran out, so failures keep doubling.
    return kv.second.open == 0 && kv.second.penaltyUntil + limits_.penaltyMax <= now;
  });
}

}  // namespace grove::transport
