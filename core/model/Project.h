// Project: one conversation tree, with at most one root.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace grove {

struct Project {
  std::string id;
  std::string title;
  std::optional<std::string> workspaceUri;
  std::optional<std::string> mainlineStartId;
  std::optional<std::string> mainlineEndId;
  std::optional<std::string> cursorId;
  int64_t revision = 0;
  int64_t nextSeq = 1;  // the seq the next appended unit gets
  int64_t createdAt = 0;
  int64_t updatedAt = 0;
  std::optional<int64_t> deletedAt;
};

}  // namespace grove
