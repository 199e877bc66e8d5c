#include "tool/Interchange.h"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>

#include "jsonrpc/FrameReader.h"
#include "jsonrpc/FrameWriter.h"
#include "jsonrpc/Sockets.h"
#include "support/Log.h"
#include "tool/CoreOwner.h"
#include "tool/StoreAccess.h"
#include "tool/StoreLock.h"

namespace grove::tool {
namespace {

using nlohmann::json;

// One JSON-RPC conversation with a core: initialize, then requests, each
// answered in turn; notifications in between go to `onNotification`.
class CoreCall {
public:
  CoreCall(int readFd, int writeFd, size_t maxBytes) : in_(readFd, maxBytes), out_(writeFd) {}

  /// The result, or nullopt with `error` set (the core's message).
  std::optional<json> request(const std::string& method, json params, std::string& error,
                              const std::function<void(const json&)>& onNotification = {}) {
    int id = ++next_;
    out_.write(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}}.dump());
    std::string body, why;
    for (;;) {
      auto r = in_.next(body, why);
      if (r == rpc::FrameReader::Result::Eof) {
        error = "the core closed the connection";
        return std::nullopt;
      }
      if (r != rpc::FrameReader::Result::Frame) {
        error = "unreadable reply: " + why;
        return std::nullopt;
      }
      json msg = json::parse(body, nullptr, false);
      if (!msg.is_object()) continue;
      if (msg.contains("method")) {
        if (onNotification) onNotification(msg);
        continue;
      }
      if (!msg.contains("id") || msg["id"] != id) continue;
      if (msg.contains("error")) {
        error = msg["error"].value("message", std::string("error"));
        return std::nullopt;
      }
      return msg.contains("result") ? msg["result"] : json();
    }
  }

  void notify(const std::string& method) {
    out_.write(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", json::object()}}.dump());
  }

  bool start(std::string& error) {
    json params{{"processId", static_cast<int>(::getpid())},
                {"clientInfo", {{"name", "grove-cli"}}},
                {"capabilities", json::object()}};
    if (!request("initialize", params, error)) return false;
    notify("initialized");
    return true;
  }

  void finish() {
    std::string ignored;
    request("shutdown", nullptr, ignored);
    notify("exit");
    out_.flush();
  }

private:
  rpc::FrameReader in_;
  rpc::FrameWriter out_;
  int next_ = 0;
};

// Runs `talk` against the store's core: its owner's socket, or one opened
// here. `talk` gets the call and whether the core is this process's own.
int withCore(const Flags& flags, EnvLookup env, const std::function<int(CoreCall&, bool own)>& talk) {
  const bool shared = flags.db != ":memory:";
  try {
    if (shared) createStoreFolder(flags.db);
    auto lock = std::make_unique<StoreLock>(flags.db + ".lock");
    if (!shared || lock->tryAcquire()) {
      CoreOwner owner(flags, shared ? std::move(lock) : nullptr, std::string());
      int toCore[2], fromCore[2];
      if (::pipe2(toCore, O_CLOEXEC) != 0 || ::pipe2(fromCore, O_CLOEXEC) != 0)
        throw std::runtime_error("cannot make a pipe to the core");
      owner.serveAsync(toCore[0], fromCore[1], "cli", true);
      int code = 1;
      {
        CoreCall call(fromCore[0], toCore[1], flags.maxMessageBytes);
        std::string error;
        if (!call.start(error)) throw std::runtime_error(error);
        code = talk(call, true);
        call.finish();
      }
      ::close(toCore[1]);
      ::close(fromCore[0]);
      owner.waitUntilIdle();
      return code;
    }
    // Another grove-server owns the store: ask it. It may be starting (the
    // lock taken, the socket not yet listening): try for a few seconds.
    const std::string socketPath = socketPathFor(flags.db, env);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    int fd = -1;
    while ((fd = rpc::connectUnix(socketPath)) < 0 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (fd < 0) throw std::runtime_error("the store " + flags.db + " is owned by another grove-server that does not answer on " + socketPath);
    int code = 1;
    {
      CoreCall call(fd, fd, flags.maxMessageBytes);
      std::string error;
      if (!call.start(error)) {
        ::close(fd);
        throw std::runtime_error(error);
      }
      code = talk(call, false);
      call.finish();
    }
    ::close(fd);
    return code;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grove-server: %s\n", e.what());
    return 1;
  }
}

}  // namespace

int runImport(const Flags& flags, EnvLookup env) {
  return withCore(flags, env, [&](CoreCall& call, bool own) {
    const bool tty = ::isatty(2);
    std::string error;
    auto result = call.request("grove/import/run", {{"kind", flags.importKind}, {"path", flags.importPath}, {"workDoneToken", "cli"}},
                               error, [&](const json& n) {
                                 if (!tty || n.value("method", "") != "$/progress") return;
                                 const json& v = n["params"]["value"];
                                 std::fprintf(stderr, "\r\033[K%s", v.value("message", std::string()).c_str());
                                 if (v.value("kind", "") == "end") std::fputc('\n', stderr);
                               });
    if (!result) {
      std::fprintf(stderr, "grove-server: import failed: %s\n", error.c_str());
      return 1;
    }
    int added = 0, created = 0;
    for (const auto& p : (*result)["projects"]) {
      int a = p.value("added", 0), k = p.value("known", 0);
      added += a;
      created += p.value("created", false) ? 1 : 0;
      std::printf("%s  %s: %d units added%s\n", p.value("projectId", "").c_str(), p.value("title", "").c_str(), a,
                  k > 0 ? (", " + std::to_string(k) + " already imported").c_str() : "");
    }
    for (const auto& s : (*result)["skipped"])
      std::fprintf(stderr, "skipped: %s %s\n", s.value("file", "").c_str(), s.value("reason", "").c_str());
    for (const auto& r : (*result)["refused"]) std::fprintf(stderr, "refused: %s\n", r.value("reason", "").c_str());
    size_t refused = (*result)["refused"].size();
    std::printf("total: %zu projects (%d new), %d units added, %d files read, %zu refused\n",
                (*result)["projects"].size(), created, added, result->value("files", 0), refused);
    // A core of our own stops when we leave: index what came in before it
    // does (any memolet read catches the indexing up).
    if (own && added > 0) {
      std::string ignored;
      call.request("grove/memolet/list", {{"projectId", (*result)["projects"][0]["projectId"]}}, ignored);
    }
    std::fflush(stdout);
    return refused > 0 ? 2 : 0;
  });
}

int runExport(const Flags& flags, EnvLookup env) {
  return withCore(flags, env, [&](CoreCall& call, bool) {
    json params{{"projectId", flags.exportProject}, {"format", flags.exportFormat}};
    if (!flags.exportBranch.empty()) params["headId"] = flags.exportBranch;
    std::string error;
    auto result = call.request("grove/export/run", params, error);
    if (!result) {
      std::fprintf(stderr, "grove-server: export failed: %s\n", error.c_str());
      return 1;
    }
    std::string content = result->value("content", std::string());
    std::fwrite(content.data(), 1, content.size(), stdout);
    std::fflush(stdout);
    return 0;
  });
}

}  // namespace grove::tool
