// IndexingJobs: memolet indexing off the request path. An append commits the
// unit, its search entry and its log entry and answers; the exchanges it
// completes are segmented, described and vectorised here, in batches, a
// moment later. Progress is a per-project mark committed with the memolets it
// covers, so a restart resumes where the last commit stopped and nothing
// acknowledged is left unindexed (a memolet read catches up first anyway).
// A batch makes way for requests: it stops after the exchange at hand when
// one waits for the engine, and the rest follows a moment later, so an
// append never waits behind hundreds of exchanges being indexed.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace grove::session {

class Session;

class IndexingJobs {
public:
  /// `delay`: how long appends gather before a batch runs (0: at once).
  IndexingJobs(Session& session, std::chrono::milliseconds delay);
  /// Schedules a batch unless one is already waiting, and ends a hold (a
  /// write succeeded). Any thread.
  void schedule();
  /// After a write the store had no room for: batches wait for the next
  /// write that succeeds (schedule()), so space given back goes to the
  /// user's writes before memolets, which copy their exchanges' text.
  void hold();
  /// Before the executor is joined: a waiting batch returns at once and no
  /// new one starts.
  void stop();

private:
  void runBatch();
  void scheduleIn(std::chrono::milliseconds wait);

  Session& session_;
  const std::chrono::milliseconds delay_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool scheduled_ = false;
  bool stopping_ = false;
  bool held_ = false;
  std::chrono::milliseconds wait_{0};  // before the scheduled batch runs
};

}  // namespace grove::session
