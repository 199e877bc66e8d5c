#include "session/IndexingJobs.h"

#include "session/Session.h"

namespace grove::session {

namespace {

// One commit looks at this many units at most, so a long backlog (a restart
// after an import) holds the engine lock for a short while at a time.
constexpr size_t kUnitsPerCommit = 2000;
// A merge step writes about this many pages (4 KiB each): a few
// milliseconds of the engine lock.
constexpr int kPagesPerStep = 256;
// After a batch made way for a request: the pause before the rest, long
// enough that a burst of requests (an editor replaying a conversation, an
// agent's tool calls) mostly runs between batches, short enough that
// memolets lag by a fraction of a second at most once the burst ends.
constexpr std::chrono::milliseconds kAfterYielding{10};
const char* const kIndexerActor = "grove";

}  // namespace

IndexingJobs::IndexingJobs(Session& session, std::chrono::milliseconds delay)
    : session_(session), delay_(delay) {}

void IndexingJobs::stop() {
  std::lock_guard<std::mutex> lock(mu_);
  stopping_ = true;
  wake_.notify_all();
}

void IndexingJobs::schedule() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    held_ = false;
  }
  scheduleIn(delay_);
}

void IndexingJobs::hold() {
  std::lock_guard<std::mutex> lock(mu_);
  held_ = true;
}

void IndexingJobs::scheduleIn(std::chrono::milliseconds wait) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (scheduled_ || stopping_) return;
    scheduled_ = true;
    wait_ = wait;
  }
  session_.post([this] { runBatch(); });
}

void IndexingJobs::runBatch() {
  {
    // Gathering: a burst of appends becomes one batch, so the open memolet
    // and the segmentation state are written once per batch, not per append.
    std::unique_lock<std::mutex> lock(mu_);
    if (wait_.count() > 0) wake_.wait_for(lock, wait_, [this] { return stopping_; });
    scheduled_ = false;
    if (stopping_ || held_) return;  // a held batch is scheduled again by the next write
  }
  bool more = false;
  bool yielded = false;
  session_.runLocked(kIndexerActor, [&](Engine& e) {
    {
      // A write may have failed while this batch waited for the engine.
      std::lock_guard<std::mutex> lock(mu_);
      if (held_) return;
    }
    const auto yield = [&] { return yielded = session_.othersWaiting(); };
    // Then the search indexes' upkeep, a step per batch: merging the small
    // segments each commit left keeps every query's probes few.
    more = e.indexMemolets(kUnitsPerCommit, yield) || e.tidySearchIndexes(kPagesPerStep);
  });
  if (more) scheduleIn(yielded && delay_.count() > 0 ? std::min(delay_, kAfterYielding) : delay_);
}

}  // namespace grove::session
