#include "model/Unit.h"

namespace grove {

const char* toString(Role r) {
  switch (r) {
    case Role::User: return "user";
    case Role::Assistant: return "assistant";
    case Role::System: return "system";
  }
  return "user";
}

const char* toString(Kind k) {
  switch (k) {
    case Kind::Message: return "message";
    case Kind::Code: return "code";
    case Kind::Note: return "note";
    case Kind::Placeholder: return "placeholder";
  }
  return "message";
}

const char* toString(ScopeState s) {
  switch (s) {
    case ScopeState::Auto: return "auto";
    case ScopeState::Included: return "included";
    case ScopeState::Excluded: return "excluded";
  }
  return "auto";
}

const char* toString(Status s) {
  switch (s) {
    case Status::Complete: return "complete";
    case Status::Streaming: return "streaming";
    case Status::Interrupted: return "interrupted";
    case Status::Error: return "error";
  }
  return "complete";
}

const char* toString(AnchorState s) {
  switch (s) {
    case AnchorState::Unchecked: return "unchecked";
    case AnchorState::Current: return "current";
    case AnchorState::Moved: return "moved";
    case AnchorState::Stale: return "stale";
    case AnchorState::Missing: return "missing";
  }
  return "unchecked";
}

std::optional<Role> parseRole(std::string_view s) {
  if (s == "user") return Role::User;
  if (s == "assistant") return Role::Assistant;
  if (s == "system") return Role::System;
  return std::nullopt;
}

std::optional<Kind> parseKind(std::string_view s) {
  if (s == "message") return Kind::Message;
  if (s == "code") return Kind::Code;
  if (s == "note") return Kind::Note;
  if (s == "placeholder") return Kind::Placeholder;
  return std::nullopt;
}

std::optional<ScopeState> parseScope(std::string_view s) {
  if (s == "auto") return ScopeState::Auto;
  if (s == "included") return ScopeState::Included;
  if (s == "excluded") return ScopeState::Excluded;
  return std::nullopt;
}

std::optional<Status> parseStatus(std::string_view s) {
  if (s == "complete") return Status::Complete;
  if (s == "streaming") return Status::Streaming;
  if (s == "interrupted") return Status::Interrupted;
  if (s == "error") return Status::Error;
  return std::nullopt;
}

std::optional<AnchorState> parseAnchorState(std::string_view s) {
  for (AnchorState a : {AnchorState::Unchecked, AnchorState::Current, AnchorState::Moved,
                        AnchorState::Stale, AnchorState::Missing})
    if (s == toString(a)) return a;
  return std::nullopt;
}

}  // namespace grove
