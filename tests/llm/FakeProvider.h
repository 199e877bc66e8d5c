// FakeProvider: grove-fake-provider (tests/fake-provider) for one adapter
// test, plus a ProviderConfig pointing at it.
#pragma once

#include <string>

#include "FakeProviderProcess.h"
#include "llm/ProviderConfig.h"

namespace grove::llm::test {

/// The fake provider binary: $GROVE_FAKE_PROVIDER, else the one built with the tests.
inline std::string fakeProviderPath() { return fake_provider::FakeProviderProcess::binary(); }

class FakeProvider : public fake_provider::FakeProviderProcess {
public:
  using FakeProviderProcess::FakeProviderProcess;

  /// A provider config of `kind` pointing here, with short test limits.
  ProviderConfig config(ProviderKind kind, std::string apiKey = "test-key") const;
};

/// A loopback port with nothing listening (bound, then released).
int closedLoopbackPort();

}  // namespace grove::llm::test
