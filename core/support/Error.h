// Error: the one exception type that crosses the core's boundary.
//
// The core knows nothing about JSON-RPC, so an error carries a category
// (ErrorKind) and a machine-readable detail (`reason`, e.g. "unitNotFound");
// the server maps the category to a wire code. Messages are for humans and
// must never contain secrets.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace grove {

enum class ErrorKind {
  NotFound,          // an id that names nothing (wire 1001)
  InvalidOperation,  // a valid request the current state refuses (wire 1002)
  InvalidArgument,   // a parameter with a wrong value (wire -32602, data.field)
  Provider,          // the LLM provider failed (wire 1003, reason = auth, timeout, ...)
  Storage,           // the store could not read or write (wire -32603)
  Cancelled,         // the request was cancelled (wire -32800)
};

class Error : public std::runtime_error {
public:
  Error(ErrorKind kind, std::string reason, std::string message, std::string id = {},
        std::string field = {})
      : std::runtime_error(std::move(message)), kind_(kind), reason_(std::move(reason)),
        id_(std::move(id)), field_(std::move(field)) {}

  ErrorKind kind() const { return kind_; }
  /// Machine-readable detail: `data.kind` on the wire.
  const std::string& reason() const { return reason_; }
  /// The id that was not found or refused, when there is one.
  const std::string& id() const { return id_; }
  /// The parameter at fault, for InvalidArgument.
  const std::string& field() const { return field_; }
  /// Which op of a multi-op call failed (board and map edits: data.opIndex).
  const std::optional<int>& opIndex() const { return opIndex_; }
  Error& withOpIndex(int i) {
    opIndex_ = i;
    return *this;
  }
  /// The current revision, for a revisionConflict (data.revision).
  const std::optional<int64_t>& revision() const { return revision_; }
  Error& withRevision(int64_t r) {
    revision_ = r;
    return *this;
  }

  static Error notFound(std::string reason, std::string id) {
    std::string msg = reason + ": " + id;
    return Error(ErrorKind::NotFound, std::move(reason), std::move(msg), std::move(id));
  }
  static Error invalidOp(std::string reason, std::string message, std::string id = {}) {
    return Error(ErrorKind::InvalidOperation, std::move(reason), std::move(message), std::move(id));
  }
  static Error invalidArg(std::string field, std::string message) {
    return Error(ErrorKind::InvalidArgument, "invalidParams", std::move(message), {},
                 std::move(field));
  }
  static Error storage(std::string message) {
    return Error(ErrorKind::Storage, "storageFailure", std::move(message));
  }

private:
  ErrorKind kind_;
  std::string reason_;
  std::string id_;
  std::string field_;
  std::optional<int> opIndex_;
  std::optional<int64_t> revision_;
};

}  // namespace grove
