// Stats: timing helpers for the benchmark programs.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace grove::bench {

using Clock = std::chrono::steady_clock;

inline double micros(Clock::duration d) {
  return std::chrono::duration<double, std::micro>(d).count();
}

struct Summary {
  double median = 0, p95 = 0, min = 0, p99 = 0, max = 0;
};

inline Summary summarize(std::vector<double> v) {
  Summary s;
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  s.min = v.front();
  s.median = v[v.size() / 2];
  s.p95 = v[std::min(v.size() - 1, v.size() * 95 / 100)];
  s.p99 = v[std::min(v.size() - 1, v.size() * 99 / 100)];
  s.max = v.back();
  return s;
}

/// Runs `f` `warmup` times unmeasured, then `runs` times measured (µs each).
template <class F>
Summary measure(int warmup, int runs, F&& f) {
  for (int i = 0; i < warmup; ++i) f();
  std::vector<double> t;
  t.reserve(runs);
  for (int i = 0; i < runs; ++i) {
    auto a = Clock::now();
    f();
    t.push_back(micros(Clock::now() - a));
  }
  return summarize(std::move(t));
}

inline void row(const std::string& what, const std::string& figure, const std::string& target) {
  std::printf("  %-62s %16s   %s\n", what.c_str(), figure.c_str(), target.c_str());
}

inline std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

}  // namespace grove::bench
