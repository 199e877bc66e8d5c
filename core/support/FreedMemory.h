// FreedMemory: how the process gives memory back to the system. Set once at
// the start of a program that serves requests (the server, and benchmarks
// that measure the engine as the server runs it).
#pragma once

namespace grove {

/// Keeps freed memory for reuse below 64 MiB a block and 128 MiB at the top
/// of the heap, instead of glibc's adaptive thresholds (see the .cpp for why).
void keepFreedMemory();

}  // namespace grove
