#include "RequestLog.h"

namespace fake {

std::string presentedKey(const Request& request) {
  if (auto it = request.headers.find("x-api-key"); it != request.headers.end()) return it->second;
  if (auto it = request.headers.find("authorization"); it != request.headers.end()) {
    const std::string& v = it->second;
    return v.rfind("Bearer ", 0) == 0 ? v.substr(7) : v;
  }
  return {};
}

void RequestLog::record(const Request& request) {
  nlohmann::json headers = nlohmann::json::object();
  nlohmann::json auth = nullptr;
  for (const auto& [name, value] : request.headers) {
    if (name == "authorization") {
      auth = "bearer";
    } else if (name == "x-api-key") {
      auth = "x-api-key";
    } else {
      headers[name] = value;
    }
  }
  nlohmann::json body = nlohmann::json::parse(request.body, nullptr, false);
  if (body.is_discarded()) body = request.body;
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.push_back({{"method", request.method},
                      {"path", request.path},
                      {"headers", std::move(headers)},
                      {"auth", auth},
                      {"body", std::move(body)}});
}

nlohmann::json RequestLog::snapshot() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_;
}

void RequestLog::clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_ = nlohmann::json::array();
}

}  // namespace fake
