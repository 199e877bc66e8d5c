// SocketClient: an RpcClient on a socket instead of a child's stdio: the
// owner's Unix socket (what a relay connects to) or its TCP listener
// (a teammate on another machine, here always on loopback).
#pragma once

#include <memory>
#include <string>

#include "RpcClient.h"

namespace grove::test {

/// Connects to a Unix socket, retrying until `timeout` while it does not
/// accept yet. Throws RpcTimeout when it never does.
std::unique_ptr<RpcClient> connectUnix(const std::string& path,
                                       Millis timeout = RpcClient::kDefaultTimeout);
/// The same for 127.0.0.1:port.
std::unique_ptr<RpcClient> connectTcp(int port, Millis timeout = RpcClient::kDefaultTimeout);

/// A loopback port that was free a moment ago: bound to port 0, read back and
/// closed (the server's --listen cannot report the port it picked).
int freeLoopbackPort();

/// `initialize` with initializationOptions (a token), then `initialized`
/// when it succeeded. Returns the whole reply.
json initializeWith(RpcClient& client, const std::string& name, const json& initializationOptions);

}  // namespace grove::test
