// Over-stdio figures: the real grove-server as a child process.
#pragma once

#include <string>

#include "EngineBench.h"

namespace grove::bench {

void runStdioBench(const std::string& corpusDb, const BuiltStore& store,
                   const std::string& scratchDb, bool quick);

}  // namespace grove::bench
