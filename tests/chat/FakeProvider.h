// The fake provider helpers (tests/fake-provider) under the chat tests' names.
#pragma once

#include "FakeProviderProcess.h"
#include "LoopbackHttp.h"

namespace grove::chat_test {

using fake_provider::FakeProviderProcess;
using fake_provider::HttpReply;
using fake_provider::httpExchange;
using fake_provider::Millis;
using fake_provider::SilentListener;
using fake_provider::unusedLoopbackPort;
using fake_provider::writeScriptFile;

}  // namespace grove::chat_test
