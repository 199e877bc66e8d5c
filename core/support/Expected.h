// Expected<T>: a value or the Error that prevented it. What asynchronous
// core calls hand to their continuation, so a failure travels the same path
// as a result and cannot be dropped on the floor by an exception that
// escapes a worker.
#pragma once

#include <utility>
#include <variant>

#include "support/Error.h"

namespace grove {

template <class T>
class Expected {
public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(Error error) : v_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  /// The value; throws the error when there is none.
  T& value() {
    if (!ok()) throw std::get<1>(v_);
    return std::get<0>(v_);
  }
  const T& value() const {
    if (!ok()) throw std::get<1>(v_);
    return std::get<0>(v_);
  }
  const Error& error() const { return std::get<1>(v_); }
  T* operator->() { return &value(); }
  T& operator*() { return value(); }

private:
  std::variant<T, Error> v_;
};

/// Runs `f` and wraps its result, or the Error it threw.
template <class F>
auto captureExpected(F&& f) -> Expected<decltype(f())> {
  try {
    return f();
  } catch (const Error& e) {
    return e;
  }
}

}  // namespace grove
