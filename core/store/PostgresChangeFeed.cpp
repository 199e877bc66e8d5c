#include "store/PostgresChangeFeed.h"

#include <fcntl.h>
#include <libpq-fe.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <memory>
#include <stdexcept>

#include "store/Postgres.h"
#include "store/PostgresStore.h"
#include "support/Log.h"

namespace grove {

PostgresChangeFeed::PostgresChangeFeed(std::string conninfo, std::string schema, std::string ownInstance,
                                       std::function<void(const ChangeNotice&)> onChange)
    : conninfo_(std::move(conninfo)),
      schema_(std::move(schema)),
      own_(std::move(ownInstance)),
      onChange_(std::move(onChange)) {
  if (::pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error("change feed: pipe2 failed");
  std::future<void> started = started_.get_future();
  thread_ = std::thread([this] { run(); });
  started.wait();
}

PostgresChangeFeed::~PostgresChangeFeed() {
  stop_ = true;
  char c = 0;
  (void)!::write(wake_[1], &c, 1);
  thread_.join();
  ::close(wake_[0]);
  ::close(wake_[1]);
}

void PostgresChangeFeed::run() {
  bool listenedBefore = false, first = true;
  while (!stop_) {
    const bool listened = listenOnce(listenedBefore, first);
    // A failed first try: the core serves meanwhile, and this keeps trying.
    if (first && !listened) started_.set_value();
    listenedBefore = listenedBefore || listened;
    first = false;
    if (stop_) return;
    pollfd p{wake_[0], POLLIN, 0};
    ::poll(&p, 1, 1000);
  }
}

bool PostgresChangeFeed::listenOnce(bool resync, bool first) {
  std::unique_ptr<pg::Db> db;
  try {
    db = std::make_unique<pg::Db>(conninfo_, schema_);
    sql::Stmt st(*db, "SELECT current_schema()");
    std::string channel = changeChannel(st.step() ? st.text(0) : std::string());
    char* quoted = PQescapeIdentifier(db->handle(), channel.c_str(), channel.size());
    std::string listen = std::string("LISTEN ") + (quoted ? quoted : "");
    PQfreemem(quoted);
    db->exec(listen.c_str());
    // Whatever changed while nobody listened is unknown.
    if (resync) onChange_(ChangeNotice{});
    if (first) started_.set_value();
  } catch (const std::exception& e) {
    log::warn(std::string("not hearing other cores' changes, retrying: ") + e.what());
    return false;
  }
  PGconn* conn = db->handle();
  while (!stop_) {
    pollfd fds[2] = {{PQsocket(conn), POLLIN, 0}, {wake_[0], POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0 && errno != EINTR) break;
    if (stop_) break;
    if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    if (!PQconsumeInput(conn)) {
      log::warn(std::string("lost the connection that hears other cores' changes: ") + PQerrorMessage(conn));
      break;
    }
    while (PGnotify* n = PQnotifies(conn)) {
      auto notice = ChangeNotice::parse(n->extra ? n->extra : "");
      PQfreemem(n);
      if (notice && notice->instance != own_) onChange_(*notice);
    }
  }
  return true;
}

}  // namespace grove
