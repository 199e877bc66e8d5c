// Title: short, readable strings for suggestion cards — the intent title of a
// new branch taken from the message that starts it, and keyword lists for
// reasons.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace grove::structure {

/// "Unrelated, but what's the difference between std::move and std::forward?"
/// -> "Difference between std::move and std::forward": cue words and question
/// openers dropped, first clause, at most 7 words, capitalised.
std::string intentTitle(std::string_view message);

/// {"a", "b", "c"} -> "'a', 'b' and 'c'".
std::string quoted(const std::vector<std::string>& words);

}  // namespace grove::structure
