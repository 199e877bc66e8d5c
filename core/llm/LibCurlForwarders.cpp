// libcurl's functions as grove-server calls them: each loads libcurl on its
// first call (support/SharedLibrary.h says why), then calls libcurl's own.
// grove_llm does not link libcurl; these definitions are what its calls
// resolve to. The declarations are curl.h's, so a signature that drifts from
// libcurl's is a compile error. Names are in parentheses because curl.h makes
// some of them macros (typecheck-gcc.h).
//
// A function the providers start calling must be added here, or the link
// fails naming it.
#include <curl/curl.h>

#include <cstdarg>

#include "support/SharedLibrary.h"

namespace {

constinit grove::SharedLibrary libcurl("libcurl.so.4", "libcurl4", "a model provider", grove::ErrorKind::Provider);

}  // namespace

#define GROVE_CURL(...) GROVE_FORWARD(libcurl, __VA_ARGS__)

extern "C" {

GROVE_CURL(CURLcode, curl_global_init, (long flags), (flags))
GROVE_CURL(const char*, curl_easy_strerror, (CURLcode code), (code))
GROVE_CURL(CURL*, curl_easy_init, (void), ())
GROVE_CURL(void, curl_easy_cleanup, (CURL * curl), (curl))
GROVE_CURL(struct curl_slist*, curl_slist_append, (struct curl_slist * list, const char* data), (list, data))
GROVE_CURL(void, curl_slist_free_all, (struct curl_slist * list), (list))
GROVE_CURL(CURLM*, curl_multi_init, (void), ())
GROVE_CURL(CURLMcode, curl_multi_cleanup, (CURLM * multi), (multi))
GROVE_CURL(CURLMcode, curl_multi_add_handle, (CURLM * multi, CURL* easy), (multi, easy))
GROVE_CURL(CURLMcode, curl_multi_remove_handle, (CURLM * multi, CURL* easy), (multi, easy))
GROVE_CURL(CURLMcode, curl_multi_perform, (CURLM * multi, int* running), (multi, running))
GROVE_CURL(CURLMcode, curl_multi_poll,
           (CURLM * multi, struct curl_waitfd extra_fds[], unsigned int extra_nfds, int timeout_ms, int* ret),
           (multi, extra_fds, extra_nfds, timeout_ms, ret))
GROVE_CURL(CURLMsg*, curl_multi_info_read, (CURLM * multi, int* msgs_in_queue), (multi, msgs_in_queue))

// Variadic: the one argument is read as the type the option's number says
// it has (curl.h numbers options by type: long, pointer, function, curl_off_t,
// blob), and passed on as that type.
CURLcode(curl_easy_setopt)(CURL* curl, CURLoption option, ...) {
  static const auto real = libcurl.function<CURLcode (*)(CURL*, CURLoption, ...)>("curl_easy_setopt");
  va_list ap;
  va_start(ap, option);
  CURLcode result;
  if (option < CURLOPTTYPE_OBJECTPOINT) {
    result = real(curl, option, va_arg(ap, long));
  } else if (option < CURLOPTTYPE_FUNCTIONPOINT) {
    result = real(curl, option, va_arg(ap, void*));
  } else if (option < CURLOPTTYPE_OFF_T) {
    using Function = void (*)(void);
    result = real(curl, option, va_arg(ap, Function));
  } else if (option < CURLOPTTYPE_BLOB) {
    result = real(curl, option, va_arg(ap, curl_off_t));
  } else {
    result = real(curl, option, va_arg(ap, void*));
  }
  va_end(ap);
  return result;
}

}  // extern "C"
