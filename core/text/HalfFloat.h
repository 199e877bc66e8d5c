// IEEE 754 half precision (binary16) for storing unit vectors compactly.
//
// A hashed vector's components are at most 1 in magnitude (it is
// L2-normalised) and a cosine sums 256 products, so half precision's 11
// significant bits change a similarity by about 1e-3: what a memolet's
// stored vector needs, at half the bytes (issue 15: "vectors are stored
// once, compactly"). Written out by hand, not with _Float16, so the result
// is the same on every compiler and target.
#pragma once

#include <cstdint>

namespace grove::text {

/// `value` rounded to the nearest half (ties to even); beyond the half
/// range it becomes infinity, a NaN stays a NaN.
uint16_t toHalf(float value);

/// The float a half stands for (exact: every half is a float).
float fromHalf(uint16_t half);

}  // namespace grove::text
