#include "memory/Layout.h"

#include <algorithm>
#include <cmath>

namespace grove::memory {
namespace {

using Vec = std::vector<double>;

double dot(const Vec& a, const Vec& b) {
  double s = 0.0;
  for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

bool normalize(Vec& v) {
  double n = std::sqrt(dot(v, v));
  if (n < 1e-12) return false;
  for (double& x : v) x /= n;
  return true;
}

// One sweep over the rows computes C v1 and C v2 together (C = covariance of
// the rows about `mean`, never formed and never copied: (x - m).v = x.v - m.v).
void covTimes2(const std::vector<std::vector<float>>& x, const Vec& mean, const Vec& v1,
               const Vec& v2, Vec& out1, Vec& out2) {
  const size_t dims = mean.size();
  out1.assign(dims, 0.0);
  out2.assign(dims, 0.0);
  const double m1 = dot(mean, v1), m2 = dot(mean, v2);
  double s1 = 0.0, s2 = 0.0;  // sums of the projections, for the mean correction
  for (const auto& row : x) {
    double p1 = -m1, p2 = -m2;
    for (size_t d = 0; d < dims; ++d) {
      p1 += row[d] * v1[d];
      p2 += row[d] * v2[d];
    }
    for (size_t d = 0; d < dims; ++d) {
      out1[d] += p1 * row[d];
      out2[d] += p2 * row[d];
    }
    s1 += p1;
    s2 += p2;
  }
  for (size_t d = 0; d < dims; ++d) {
    out1[d] -= s1 * mean[d];
    out2[d] -= s2 * mean[d];
  }
}

// The two leading eigenvectors of the covariance by simultaneous power
// iteration: v1 iterates as plain power iteration, v2 is kept orthogonal to v1
// (deflation), both from fixed, irregular starts (an all-ones start could be
// orthogonal to the answer for symmetric data).
std::pair<Vec, Vec> components(const std::vector<std::vector<float>>& x, const Vec& mean) {
  const size_t dims = mean.size();
  Vec v1(dims), v2(dims);
  for (size_t d = 0; d < dims; ++d) {
    v1[d] = 1.0 + 0.5 * std::sin(1.0 + 1.7 * static_cast<double>(d));
    v2[d] = 1.0 + 0.5 * std::cos(2.0 + 2.3 * static_cast<double>(d));
  }
  auto orthogonalise = [&](Vec& w, const Vec& against) {
    double p = dot(w, against);
    for (size_t d = 0; d < dims; ++d) w[d] -= p * against[d];
  };
  bool ok1 = normalize(v1);
  orthogonalise(v2, v1);
  bool ok2 = normalize(v2);
  Vec w1, w2;
  // Positions need ~1e-4 precision; 1e-7 on the vectors is ample, and the cap
  // bounds the cost (each iteration is one sweep over all rows).
  for (int it = 0; it < 100 && ok1; ++it) {
    covTimes2(x, mean, v1, v2, w1, w2);
    ok1 = normalize(w1);
    if (!ok1) break;
    orthogonalise(w2, w1);
    ok2 = normalize(w2);
    double change = 0.0;
    for (size_t d = 0; d < dims; ++d) {
      change = std::max(change, std::abs(w1[d] - v1[d]));
      if (ok2) change = std::max(change, std::abs(w2[d] - v2[d]));
    }
    v1.swap(w1);
    if (ok2) v2.swap(w2);
    if (change < 1e-7) break;
  }
  if (!ok1) v1.assign(dims, 0.0);
  if (!ok2) v2.assign(dims, 0.0);
  // Sign convention: each component's largest-magnitude loading is positive.
  for (Vec* v : {&v1, &v2}) {
    size_t big = 0;
    for (size_t d = 1; d < dims; ++d)
      if (std::abs((*v)[d]) > std::abs((*v)[big]) + 1e-12) big = d;
    if ((*v)[big] < 0)
      for (double& e : *v) e = -e;
  }
  return {v1, v2};
}

void scaleInto01(std::vector<double>& xs) {
  if (xs.empty()) return;
  auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
  double a = *lo, b = *hi;
  for (double& x : xs) x = (b - a) < 1e-9 ? 0.5 : (x - a) / (b - a);
}

}  // namespace

std::vector<Point2> layout2d(const std::vector<std::vector<float>>& points) {
  std::vector<Point2> out(points.size());
  if (points.size() < 2) return out;
  const size_t dims = points[0].size();
  for (const auto& p : points)
    if (p.size() != dims) return out;  // mixed sizes: no meaningful projection
  Vec mean(dims, 0.0);
  for (auto& p : points)
    for (size_t d = 0; d < dims; ++d) mean[d] += p[d];
  for (double& m : mean) m /= static_cast<double>(points.size());

  auto [c1, c2] = components(points, mean);
  const double m1 = dot(mean, c1), m2 = dot(mean, c2);
  std::vector<double> xs(points.size()), ys(points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    double p1 = -m1, p2 = -m2;
    for (size_t d = 0; d < dims; ++d) {
      p1 += points[i][d] * c1[d];
      p2 += points[i][d] * c2[d];
    }
    xs[i] = p1;
    ys[i] = p2;
  }
  scaleInto01(xs);
  scaleInto01(ys);
  for (size_t i = 0; i < points.size(); ++i) out[i] = {xs[i], ys[i]};
  return out;
}

}  // namespace grove::memory
