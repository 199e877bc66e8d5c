// PromptTemplates: the agents' prompt texts. They live as files in
// core/prompts/ (so they read and diff as prose) and are compiled into the
// binary by core/prompts/embed.cmake.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace grove::prompts {

/// Every template, by file name without ".txt".
const std::vector<std::pair<std::string_view, std::string_view>>& all();

/// One template; throws std::out_of_range for an unknown name (a build bug).
std::string_view get(std::string_view name);

/// Replaces each `{{key}}` with its value.
std::string fill(std::string_view tmpl,
                 const std::vector<std::pair<std::string, std::string>>& values);

}  // namespace grove::prompts
