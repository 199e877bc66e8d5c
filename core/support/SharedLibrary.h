// SharedLibrary: a library loaded the first time one of its functions is
// called, not when the program starts.
//
// grove-server reaches libpq (PostgreSQL stores), libcurl (providers) and
// OpenSSL (TLS on --listen, token hashes) through forwarders
// (store/LibPqForwarders.cpp, llm/LibCurlForwarders.cpp,
// lsp-server/transport/LibSslForwarders.cpp) that load them here. Loaded at
// start, libpq, libcurl and the thirty libraries they pull in cost about
// 15 ms of every start (issue 15's cold open), OpenSSL about 3 ms more,
// though a core on a SQLite store that never calls a provider or checks a
// token uses none of them; and the server runs where they are not installed,
// saying which package to install when one is first needed.
//
// Header-only: grove_llm shares support's headers, not its library.
#pragma once

#include <dlfcn.h>

#include <mutex>
#include <string>

#include "support/Error.h"

namespace grove {

class SharedLibrary {
public:
  /// `soname` as the dynamic linker names it ("libpq.so.5"), `package` the
  /// Debian package that installs it, `neededFor` what it is needed for, and
  /// `kind` the kind of Error a missing library is (a store's or a provider's).
  /// constexpr, so a library at namespace scope is initialised before any
  /// code runs (a forwarder called from another file's static initialiser
  /// finds it ready).
  constexpr SharedLibrary(const char* soname, const char* package, const char* neededFor, ErrorKind kind)
      : soname_(soname), package_(package), neededFor_(neededFor), kind_(kind) {}
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;

  /// The address of the function `name`, loading the library on first use.
  /// Throws Error (reason "libraryMissing") naming the package to install
  /// when the library cannot be loaded or lacks the function.
  void* symbol(const char* name) {
    // Called once per function (the forwarders keep what it returns), so a
    // lock costs nothing; a failed load is tried again on the next call, so
    // a running core finds a library installed after it started.
    std::lock_guard<std::mutex> lock(mu_);
    if (!handle_) {
      // RTLD_LOCAL: its symbols stay out of the global scope, where the
      // forwarders of the same names live.
      handle_ = dlopen(soname_, RTLD_NOW | RTLD_LOCAL);
      if (!handle_) {
        const char* why = dlerror();
        throw missing(why ? why : "dlopen failed");
      }
    }
    void* address = dlsym(handle_, name);
    if (!address) throw missing(std::string(soname_) + " has no " + name + " (an older version?)");
    return address;
  }

  /// Whether an earlier call loaded the library (a clean-up at exit has
  /// nothing to clean when it never was).
  bool loaded() {
    std::lock_guard<std::mutex> lock(mu_);
    return handle_ != nullptr;
  }

  /// Resolves `name` as the function type F (a forwarder's own type).
  template <typename F>
  F function(const char* name) {
    return reinterpret_cast<F>(symbol(name));
  }

private:
  Error missing(const std::string& detail) const {
    return Error(kind_, "libraryMissing",
                 std::string(neededFor_) + " needs " + soname_ + ", which could not be loaded (" + detail +
                     "); install it with: apt install " + package_);
  }

  const char* soname_;
  const char* package_;
  const char* neededFor_;
  ErrorKind kind_;
  std::mutex mu_;
  void* handle_ = nullptr;
};

}  // namespace grove

// Defines the C function `name` of `library` (a SharedLibrary): resolved on
// its first call, then called straight through.
// `name` is in parentheses so that a function the library's header also
// defines as a macro (curl.h's type checks) is defined, not expanded. A failed
// load throws and is tried again on the next call.
#define GROVE_FORWARD(library, ret, name, params, args)                                  \
  ret(name) params {                                                                      \
    static const auto real = library.function<decltype(&(name))>(#name);                 \
    return real args;                                                                     \
  }
