// toString(SignalKind): the wire names of the suggestion kinds.
#include <gtest/gtest.h>

#include "structure/Analysis.h"

using grove::structure::SignalKind;
using grove::structure::toString;

TEST(SignalKind, WireNames) {
  EXPECT_EQ(toString(SignalKind::Branch), "branch");
  EXPECT_EQ(toString(SignalKind::Return), "return");
  EXPECT_EQ(toString(SignalKind::Extract), "extract");
  EXPECT_EQ(toString(SignalKind::Exclude), "exclude");
}
