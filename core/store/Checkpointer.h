// Checkpointer: copies the write-ahead log into the database on a thread of
// its own. With SQLite's automatic checkpoint, the commit that crosses 1,000
// log pages copies them and syncs both files before it returns: every fiftieth
// append or so waited milliseconds for that (the p99 of an acknowledged
// append was 10-20 ms). Here the committing connection only notes the log's
// size (a WAL hook); a second connection checkpoints PASSIVE, which never
// blocks the writer, and the log restarts from its beginning at the next
// write once everything in it has been copied.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

struct sqlite3;

namespace grove::sqlite {

class Checkpointer {
public:
  /// Takes over checkpoints of `writer` (turning its automatic ones off);
  /// `path` is the database file the second connection opens.
  Checkpointer(sqlite3* writer, std::string path);
  /// Stops the thread; the writer's own close checkpoints what is left.
  ~Checkpointer();
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

  /// Log pages after which a checkpoint starts (SQLite's default interval:
  /// longer logs were measured to be no faster, since every read of a hot
  /// page then walks a longer chain of its frames).
  static constexpr int kPages = 1000;

private:
  static int onCommit(void* self, sqlite3*, const char*, int pages);
  void run();

  std::string path_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool due_ = false;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace grove::sqlite
