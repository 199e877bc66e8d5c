// PostgresChangeFeed: what the other cores on a PostgreSQL store changed,
// heard on a connection of its own (LISTEN on the schema's channel, see
// PostgresStore::announce) by a thread of its own, and handed to `onChange`
// on that thread. Its own core's notices are skipped.
//
// A lost connection is opened again (every second at most) and then
// reported as a notice with an empty projectId: what was missed meanwhile
// is unknown, so the core should drop everything it cached.
#pragma once

#include <atomic>
#include <functional>
#include <future>
#include <string>
#include <thread>

#include "store/ChangeNotice.h"

namespace grove {

class PostgresChangeFeed {
public:
  /// Returns once it listens (or its first try failed, and it keeps trying):
  /// a core that serves before it listens would miss what others change.
  PostgresChangeFeed(std::string conninfo, std::string schema, std::string ownInstance,
                     std::function<void(const ChangeNotice&)> onChange);
  ~PostgresChangeFeed();
  PostgresChangeFeed(const PostgresChangeFeed&) = delete;
  PostgresChangeFeed& operator=(const PostgresChangeFeed&) = delete;

private:
  void run();
  /// Listens until the connection fails or the feed stops; true when it was
  /// listening. `resync`: a connection was lost before, so once listening
  /// again it reports that anything may have changed.
  bool listenOnce(bool resync, bool first);

  std::string conninfo_, schema_, own_;
  std::function<void(const ChangeNotice&)> onChange_;
  std::atomic<bool> stop_{false};
  std::promise<void> started_;  // kept when the first try to listen ended
  int wake_[2] = {-1, -1};  // a pipe: the destructor writes to end the wait
  std::thread thread_;
};

}  // namespace grove
