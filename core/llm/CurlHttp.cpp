#include "llm/CurlHttp.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>

namespace grove::llm {
namespace {

using Clock = std::chrono::steady_clock;

// curl_global_init is not thread-safe; do it once, before any handle exists.
void globalInitOnce() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// The multi loop wakes at least this often to notice a cancel or an idle stall.
constexpr int kPollMs = 10;

struct Transfer {
  const LineSink* sink;
  const CancellationToken* cancel;
  Clock::duration idleLimit;
  std::size_t maxBody;
  Clock::time_point lastByte = Clock::now();
  HttpHead head;
  bool newHeadBlock = true;
  std::string pending;  // bytes after the last '\n'
  std::size_t bodyBytes = 0;
  AbortCause abort = AbortCause::None;
  bool sinkStopped = false;

  // Shared by the progress callback and the multi loop: whichever runs first
  // notices the condition; both set the same cause.
  bool shouldAbort() {
    if (abort != AbortCause::None) return true;
    if (cancel->cancelled()) {
      abort = AbortCause::Cancelled;
      return true;
    }
    if (Clock::now() - lastByte > idleLimit) {
      abort = AbortCause::IdleTimeout;
      return true;
    }
    return false;
  }

  bool deliver(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!(*sink)(head, line)) {
      sinkStopped = true;
      return false;
    }
    return true;
  }
};

size_t onHeader(char* data, size_t size, size_t n, void* user) {
  auto* t = static_cast<Transfer*>(user);
  t->lastByte = Clock::now();
  std::string_view line(data, size * n);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  if (line.rfind("HTTP/", 0) == 0) {
    // A new status line (after "100 Continue" or a redirect) starts a new head.
    t->head = HttpHead{};
    auto sp = line.find(' ');
    if (sp != std::string_view::npos) t->head.status = std::atoi(std::string(line.substr(sp + 1, 3)).c_str());
    return size * n;
  }
  auto colon = line.find(':');
  if (colon != std::string_view::npos) {
    std::string name(line.substr(0, colon));
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    t->head.headers[name] = std::string(value);
  }
  return size * n;
}

size_t onBody(char* data, size_t size, size_t n, void* user) {
  auto* t = static_cast<Transfer*>(user);
  const size_t bytes = size * n;
  t->lastByte = Clock::now();
  // Past the size limit, only the lines that fit are delivered.
  const size_t room = t->maxBody > t->bodyBytes ? t->maxBody - t->bodyBytes : 0;
  const size_t taken = std::min(bytes, room);
  t->bodyBytes += taken;
  t->pending.append(data, taken);
  size_t start = 0;
  for (size_t nl; (nl = t->pending.find('\n', start)) != std::string::npos; start = nl + 1) {
    if (!t->deliver(std::string_view(t->pending).substr(start, nl - start))) return 0;
  }
  t->pending.erase(0, start);
  if (taken < bytes) {
    t->abort = AbortCause::SizeLimit;
    return 0;  // curl turns this into CURLE_WRITE_ERROR
  }
  return bytes;
}

int onProgress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<Transfer*>(user)->shouldAbort() ? 1 : 0;
}

// Loopback never goes through a proxy, whatever the environment says; other
// hosts keep the user's proxy settings.
std::string noProxyList() {
  std::string list = "127.0.0.1,localhost,::1";
  for (const char* var : {"no_proxy", "NO_PROXY"}) {
    if (const char* v = std::getenv(var); v && *v) return list + "," + v;
  }
  return list;
}

struct EasyDeleter {
  void operator()(CURL* e) const { curl_easy_cleanup(e); }
};
struct MultiDeleter {
  void operator()(CURLM* m) const { curl_multi_cleanup(m); }
};
struct SlistDeleter {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

}  // namespace

std::string HttpHead::header(const std::string& lowerName) const {
  auto it = headers.find(lowerName);
  return it == headers.end() ? std::string{} : it->second;
}

Error HttpResult::error(std::string_view provider) const {
  AbortCause cause = AbortCause::None;
  if (outcome == Outcome::Cancelled) cause = AbortCause::Cancelled;
  if (outcome == Outcome::IdleTimeout) cause = AbortCause::IdleTimeout;
  if (outcome == Outcome::SizeLimit) cause = AbortCause::SizeLimit;
  return curlFailure(curlCode, cause, provider, curlDetail);
}

HttpResult performHttp(const HttpRequest& request, const LineSink& onLine,
                       const CancellationToken& cancel) {
  globalInitOnce();
  Transfer t;
  t.sink = &onLine;
  t.cancel = &cancel;
  t.idleLimit = std::chrono::milliseconds(request.idleTimeoutMs);
  t.maxBody = request.maxBodyBytes;

  std::unique_ptr<CURL, EasyDeleter> easy(curl_easy_init());
  std::unique_ptr<CURLM, MultiDeleter> multi(curl_multi_init());
  if (!easy || !multi) throw Error(ErrorKind::Provider, "badResponse", "libcurl could not start");

  std::unique_ptr<curl_slist, SlistDeleter> headers;
  for (const auto& h : request.headers) {
    headers.reset(curl_slist_append(headers.release(), h.c_str()));
  }
  // No "Expect: 100-continue" round trip on larger bodies.
  headers.reset(curl_slist_append(headers.release(), "Expect:"));

  char errbuf[CURL_ERROR_SIZE] = {0};
  const std::string noProxy = noProxyList();
  CURL* e = easy.get();
  curl_easy_setopt(e, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(e, CURLOPT_NOPROXY, noProxy.c_str());
  curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(e, CURLOPT_ERRORBUFFER, errbuf);
  curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(request.connectTimeoutMs));
  curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, static_cast<long>(std::max(0, request.totalTimeoutMs)));
  if (request.method == "POST") {
    curl_easy_setopt(e, CURLOPT_POST, 1L);
    curl_easy_setopt(e, CURLOPT_POSTFIELDS, request.body.data());
    curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
  } else {
    curl_easy_setopt(e, CURLOPT_HTTPGET, 1L);
  }
  curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, onHeader);
  curl_easy_setopt(e, CURLOPT_HEADERDATA, &t);
  curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, onBody);
  curl_easy_setopt(e, CURLOPT_WRITEDATA, &t);
  curl_easy_setopt(e, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(e, CURLOPT_XFERINFOFUNCTION, onProgress);
  curl_easy_setopt(e, CURLOPT_XFERINFODATA, &t);

  // Driven through a multi handle so that this loop, not only curl's progress
  // callback (which can slow to once a second while idle), sees a cancel.
  curl_multi_add_handle(multi.get(), e);
  CURLcode code = CURLE_OK;
  int running = 1;
  while (running) {
    if (curl_multi_perform(multi.get(), &running) != CURLM_OK) break;
    if (!running) break;
    if (t.shouldAbort()) break;
    curl_multi_poll(multi.get(), nullptr, 0, kPollMs, nullptr);
  }
  int queued = 0;
  bool finished = false;
  while (CURLMsg* msg = curl_multi_info_read(multi.get(), &queued)) {
    if (msg->msg == CURLMSG_DONE && msg->easy_handle == e) {
      code = msg->data.result;
      finished = true;
    }
  }
  curl_multi_remove_handle(multi.get(), e);

  HttpResult r;
  r.head = t.head;
  r.bodyBytes = t.bodyBytes;
  r.curlCode = finished ? code : CURLE_ABORTED_BY_CALLBACK;
  if (t.sinkStopped) {
    r.outcome = HttpResult::Outcome::StoppedBySink;
  } else if (t.abort == AbortCause::Cancelled) {
    r.outcome = HttpResult::Outcome::Cancelled;
  } else if (t.abort == AbortCause::IdleTimeout) {
    r.outcome = HttpResult::Outcome::IdleTimeout;
  } else if (t.abort == AbortCause::SizeLimit) {
    r.outcome = HttpResult::Outcome::SizeLimit;
  } else if (r.curlCode != CURLE_OK) {
    r.outcome = HttpResult::Outcome::Failed;
    r.curlDetail = errbuf;
  } else {
    // A last line without its newline still counts once the body is complete.
    if (!t.pending.empty()) t.deliver(t.pending);
    r.outcome = t.sinkStopped ? HttpResult::Outcome::StoppedBySink : HttpResult::Outcome::Completed;
  }
  return r;
}

}  // namespace grove::llm
