// grove_anchor_bench: re-anchoring 1,000 captured ranges after a file edit
// (issue 16's target: < 50 ms). A generated 6,000-line source file holds
// 1,000 captured 5-line ranges; the edit inserts lines at the top (every
// range moves), changes one line in 50 ranges (stale) and deletes 10 ranges
// outright (missing). The figure is the median of 15 runs of: split the new
// text once (FileText), then reanchor each range.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "ops/Anchoring.h"
#include "support/Hash.h"

using namespace grove;

namespace {

struct Capture {
  std::string content;
  std::string hash;
  Range range;
};

std::string functionLines(int i) {
  std::string n = std::to_string(i);
  return "int compute_" + n + "(int value) {\n" +      //
         "  int scaled = value * " + n + ";\n" +         //
         "  if (scaled > limit_" + n + ") return 0;\n" +  //
         "  return scaled + offset_" + n + ";\n" +       //
         "}\n" + "\n";
}

}  // namespace

int main() {
  constexpr int kRanges = 1000;
  std::vector<std::string> blocks;
  std::vector<Capture> captures;
  for (int i = 0; i < kRanges; ++i) {
    std::string block = functionLines(i);
    int line = i * 6;
    std::string captured = block.substr(0, block.size() - 1);  // the 5 function lines
    captures.push_back({captured, fnv1aHex(captured), Range{{line, 0}, {line + 5, 0}}});
    blocks.push_back(block);
  }
  // The edit.
  for (int i = 0; i < kRanges; ++i) {
    if (i % 20 == 7) {  // 50 stale
      std::string& b = blocks[static_cast<size_t>(i)];
      b.replace(b.find("return scaled"), 13, "return scaled * 2");
    } else if (i % 100 == 13) {  // 10 missing
      blocks[static_cast<size_t>(i)] = "// removed\n\n";
    }
  }
  std::string after = "// License header\n// added by the edit\n#include <cstdint>\n\n";
  for (const auto& b : blocks) after += b;

  std::vector<double> ms;
  int counts[5] = {0, 0, 0, 0, 0};
  for (int run = 0; run < 15; ++run) {
    auto t0 = std::chrono::steady_clock::now();
    FileText file(after);
    int local[5] = {0, 0, 0, 0, 0};
    for (const auto& c : captures) {
      AnchorResult r = reanchor(c.content, c.hash, c.range, &file);
      ++local[static_cast<int>(r.state)];
    }
    auto t1 = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    std::copy(local, local + 5, counts);
  }
  std::sort(ms.begin(), ms.end());
  std::printf("re-anchor %d ranges in a %zu-byte file after an edit: median %.2f ms, max %.2f ms "
              "(target < 50 ms)\n",
              kRanges, after.size(), ms[ms.size() / 2], ms.back());
  std::printf("states: current %d, moved %d, stale %d, missing %d\n", counts[1], counts[2], counts[3],
              counts[4]);
  return ms[ms.size() / 2] < 50.0 ? 0 : 1;
}
