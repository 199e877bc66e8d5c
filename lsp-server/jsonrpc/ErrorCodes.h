// JSON-RPC error codes: the standard ones, LSP's, and Grove's application
// block (DESIGN §6).
#pragma once

namespace grove::rpc {

enum ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestCancelled = -32800,
  NotFound = 1001,
  InvalidOperation = 1002,
  ProviderFailure = 1003,
  Unauthorized = 1004,
};

}  // namespace grove::rpc
