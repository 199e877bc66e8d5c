// RequestLog: every model request the fake provider received, served back on
// GET /__requests so tests can assert exactly what a client sent. Auth header
// values are never kept: only which scheme was present.
#pragma once

#include <mutex>

#include <nlohmann/json.hpp>

#include "HttpIo.h"

namespace fake {

class RequestLog {
public:
  void record(const Request& request);
  nlohmann::json snapshot() const;
  void clear();

private:
  mutable std::mutex mutex_;
  nlohmann::json entries_ = nlohmann::json::array();
};

/// The key a request carried ("Authorization: Bearer K" or "x-api-key: K").
std::string presentedKey(const Request& request);

}  // namespace fake
