#include "support/Log.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <regex>

namespace grove::log {
namespace {

std::mutex mu;
FILE* sink = nullptr;  // nullptr: stderr
Level threshold = Level::Info;

const char* name(Level l) {
  switch (l) {
    case Level::Debug: return "debug";
    case Level::Info: return "info";
    case Level::Warn: return "warn";
    case Level::Error: return "error";
  }
  return "info";
}

}  // namespace

bool toFile(const std::string& path, std::string& error) {
  FILE* f = std::fopen(path.c_str(), "a");
  if (!f) {
    error = "cannot open log file '" + path + "'";
    return false;
  }
  std::lock_guard<std::mutex> lock(mu);
  if (sink) std::fclose(sink);
  sink = f;
  return true;
}

void setLevel(Level level) {
  std::lock_guard<std::mutex> lock(mu);
  threshold = level;
}

std::string redact(const std::string& text) {
  static const std::regex key(R"((sk-[A-Za-z0-9_\-]{8,})|((Bearer|x-api-key:?)\s+[A-Za-z0-9_\-\.]{8,}))",
                              std::regex::icase);
  return std::regex_replace(text, key, "<redacted>");
}

void write(Level level, const std::string& message) {
  if (level < threshold) return;
  using namespace std::chrono;
  auto ms = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char ts[32];
  std::strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%S", &tm);
  std::string line = redact(message);
  std::lock_guard<std::mutex> lock(mu);
  FILE* out = sink ? sink : stderr;
  std::fprintf(out, "%s.%03dZ [%s] %s\n", ts, static_cast<int>(ms % 1000), name(level), line.c_str());
  std::fflush(out);
}

}  // namespace grove::log
