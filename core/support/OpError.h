// OpError: an Error raised by one op of a multi-op call (grove/knowledge/edit
// applies its ops all or nothing), saying which op failed: `data.opIndex` on
// the wire. It is still a grove::Error, so every path that handles errors
// handles it; only the reply adds the index.
#pragma once

#include "support/Error.h"

namespace grove {

class OpError : public Error {
public:
  OpError(const Error& error, int opIndex) : Error(error), opIndex_(opIndex) {}
  int opIndex() const { return opIndex_; }

private:
  int opIndex_;
};

}  // namespace grove
