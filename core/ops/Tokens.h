// Token estimate used for budgets and previews. Real tokenizers differ per
// model; a documented, cheap, deterministic estimate is what a budget needs:
// ceil(UTF-8 bytes / 4) per text, plus 4 per message for the role framing.
#pragma once

#include <string_view>

namespace grove {

constexpr int kMessageOverheadTokens = 4;

inline int estimateTokens(std::string_view text) {
  return static_cast<int>((text.size() + 3) / 4);
}

}  // namespace grove
