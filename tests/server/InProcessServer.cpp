#include "InProcessServer.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "../support/TestStore.h"

namespace grove::test {

InProcessServer::InProcessServer(server::Server::Options options)
    : InProcessServer(std::move(options), session::SessionOptions{}) {}

InProcessServer::InProcessServer(server::Server::Options options, session::SessionOptions sessionOptions,
                                 std::optional<server::MethodTable> methods)
    : dbPath_(dir_.file("grove.db")) {
  engine_ = std::make_unique<Engine>(makeTestStore(dbPath_));
  session_ = std::make_unique<session::Session>(*engine_, sessionOptions);
  server_ = methods ? std::make_unique<server::Server>(*session_, std::move(options), std::move(*methods))
                    : std::make_unique<server::Server>(*session_, std::move(options));
  connect();
}

RpcClient& InProcessServer::connect() {
  int toServer[2], fromServer[2];
  if (::pipe2(toServer, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
  if (::pipe2(fromServer, O_CLOEXEC) != 0) {
    ::close(toServer[0]);
    ::close(toServer[1]);
    throw std::runtime_error("pipe2 failed");
  }
  auto s = std::make_unique<Client>();
  s->exitFuture = s->exitCode.get_future().share();
  int in = toServer[0], out = fromServer[1];
  Client* raw = s.get();
  s->thread = std::thread([this, raw, in, out] {
    int code = server_->serve(in, out, "test");
    // What a process exit would do: the client sees end of stream.
    ::close(out);
    ::close(in);
    raw->exitCode.set_value(code);
  });
  s->client = std::make_unique<RpcClient>(fromServer[0], toServer[1]);
  sessions_.push_back(std::move(s));
  return *sessions_.back()->client;
}

InProcessServer::~InProcessServer() {
  for (auto& s : sessions_) s->client->closeWrite();
  for (auto& s : sessions_) {
    if (s->exitFuture.wait_for(Millis(10000)) != std::future_status::ready) {
      // Joining would hang the whole test binary; fail loudly instead.
      std::fprintf(stderr, "InProcessServer: serve() did not return after end of input\n");
      std::abort();
    }
    s->thread.join();
  }
  sessions_.clear();
}

std::optional<int> InProcessServer::waitServeReturned(Millis timeout) {
  auto& f = sessions_.front()->exitFuture;
  if (f.wait_for(timeout) != std::future_status::ready) return std::nullopt;
  return f.get();
}

}  // namespace grove::test
