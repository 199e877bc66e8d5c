// HugePages: asks the kernel to back a large buffer that is about to be
// written with huge pages. On the VMs Grove was measured on a page fault
// costs about 20 µs, so writing a fresh 20 MB buffer in 4 KiB pages cost
// ~100 ms in faults alone; in 2 MiB pages it is ten faults. Advisory: where
// transparent huge pages are off the call does nothing.
#pragma once

#include <cstddef>

namespace grove {

/// Advises huge pages for the whole 2 MiB-aligned part of [data, data+bytes).
void adviseHugePages(const void* data, size_t bytes);

}  // namespace grove
