#include "support/HugePages.h"

#include <sys/mman.h>

#include <cstdint>

namespace grove {

void adviseHugePages(const void* data, size_t bytes) {
  constexpr uintptr_t kHuge = uintptr_t(2) << 20;
  auto begin = (reinterpret_cast<uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
  auto end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kHuge - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

}  // namespace grove
