// Field<T>: a patch value with three states, as the protocol defines them:
// absent (leave unchanged), null (clear), or a value.
#pragma once

#include <optional>

namespace grove {

template <class T>
using Nullable = std::optional<T>;

/// Outer optional: present or absent. Inner optional: value or null.
template <class T>
using Field = std::optional<std::optional<T>>;

}  // namespace grove
