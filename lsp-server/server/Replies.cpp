#include "server/Replies.h"

#include "jsonrpc/ErrorCodes.h"
#include "support/OpError.h"

namespace grove::server {

json resultReply(const json& id, json result) {
  return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json errorReply(const json& id, int code, const std::string& message, json data) {
  json err{{"code", code}, {"message", message}};
  if (!data.is_null()) err["data"] = std::move(data);
  return json{{"jsonrpc", "2.0"}, {"id", id}, {"error", std::move(err)}};
}

namespace {

// The error's code and data by its kind; errorReply adds what any kind may carry.
json errorData(const json& id, const Error& e) {
  switch (e.kind()) {
    case ErrorKind::NotFound:
      return errorReply(id, rpc::NotFound, e.what(), {{"kind", e.reason()}, {"id", e.id()}});
    case ErrorKind::InvalidOperation: {
      json data{{"kind", e.reason()}};
      if (!e.id().empty()) data["id"] = e.id();
      // A refused token is its own code: clients must not retry with the same one.
      return errorReply(id, e.reason() == "unauthorized" ? rpc::Unauthorized : rpc::InvalidOperation,
                        e.what(), data);
    }
    case ErrorKind::InvalidArgument:
      return errorReply(id, rpc::InvalidParams, e.what(), {{"field", e.field()}});
    case ErrorKind::Provider:
      return errorReply(id, rpc::ProviderFailure, e.what(), {{"kind", e.reason()}});
    case ErrorKind::Storage:
      return errorReply(id, rpc::InternalError, e.what(), {{"kind", "storageFailure"}});
    case ErrorKind::Cancelled:
      return errorReply(id, rpc::RequestCancelled, e.what());
  }
  return errorReply(id, rpc::InternalError, e.what());
}

}  // namespace

json errorReply(const json& id, const Error& e) {
  json reply = errorData(id, e);
  json& err = reply["error"];
  auto data = err.find("data");
  if (data != err.end() && data->is_object()) {
    if (e.opIndex()) (*data)["opIndex"] = *e.opIndex();
    if (e.revision()) (*data)["revision"] = *e.revision();
  }
  // An op of a multi-op call (grove/knowledge/edit) says which one failed.
  if (const auto* op = dynamic_cast<const OpError*>(&e)) reply["error"]["data"]["opIndex"] = op->opIndex();
  return reply;
}

json notification(const std::string& method, json params) {
  return json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

}  // namespace grove::server
