// The redo log (store/RedoLog.h): an append acknowledged from it survives a
// process that dies before SQLite commits it, exactly (text with NUL bytes,
// every bit of a double), once (a log already committed is not run again),
// and a record cut short by the crash is dropped. The "crash" is a forked
// child that _exits without closing its store: what a SIGKILL leaves.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>

#include "engine/Engine.h"
#include "store/Sqlite.h"
#include "store/SqliteStore.h"

namespace grove::test {
namespace {

namespace fs = std::filesystem;

// A directory of its own, removed at the end.
class TempDir {
public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "grove-redo-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (fs::path(path_) / name).string(); }

private:
  std::string path_;
};

std::unique_ptr<Engine> open(const std::string& db, bool carry = true) {
  SqliteStore::Options o{db, false};
  o.carryCommits = carry;
  auto e = std::make_unique<Engine>(std::make_unique<SqliteStore>(o));
  e->setDeferredMemoletIndexing(true);  // as the server runs it: memolets follow in their own commits
  return e;
}

// Runs `work` in a child that dies without closing anything; returns what
// the child wrote to its pipe (the ids it was acknowledged).
std::vector<std::string> inDyingChild(const std::function<std::vector<std::string>()>& work) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    std::string out;
    for (const auto& id : work()) out += id + "\n";
    if (::write(fds[1], out.data(), out.size()) != static_cast<ssize_t>(out.size())) ::_exit(3);
    ::_exit(0);  // no destructors: the carried transaction is never committed
  }
  ::close(fds[1]);
  std::string got;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) got.append(buf, static_cast<size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  std::vector<std::string> ids;
  size_t at = 0;
  for (size_t nl; (nl = got.find('\n', at)) != std::string::npos; at = nl + 1) ids.push_back(got.substr(at, nl - at));
  return ids;
}

const std::string kText = std::string("text with a NUL \0 inside, and caf\xc3\xa9", 35);

// Appends a chain of `n` messages, each kText and its number; their ids.
std::vector<std::string> appendChain(Engine& e, const std::string& pid, int n) {
  std::vector<std::string> ids;
  std::optional<std::string> parent;
  for (int i = 0; i < n; ++i) {
    AppendRequest r;
    r.projectId = pid;
    r.parentId = parent;
    r.role = i % 2 ? Role::Assistant : Role::User;
    r.content = kText + std::to_string(i);
    parent = e.append(r).id;
    ids.push_back(*parent);
  }
  return ids;
}

TEST(RedoLog, AppendsAcknowledgedBeforeADeathAreThereAfterIt) {
  TempDir dir;
  const std::string db = dir.file("grove.db");
  std::string pid = open(db)->createProject("redo", std::nullopt).id;
  auto acked = inDyingChild([&] {
    Engine* e = open(db).release();  // never closed: the process dies with it open
    return appendChain(*e, pid, 50);
  });
  ASSERT_EQ(acked.size(), 50u);
  ASSERT_GT(fs::file_size(db + ".redo"), 0u) << "the child's appends were committed, not carried";

  // Opened without carrying: the log is run all the same, then removed.
  auto e = open(db, /*carry=*/false);
  auto snap = e->getProject(pid);
  ASSERT_EQ(snap.units.size(), 50u);
  for (size_t i = 0; i < acked.size(); ++i) {
    EXPECT_EQ(snap.units[i].id, acked[i]);
    EXPECT_EQ(snap.units[i].content, kText + std::to_string(i)) << "text kept byte for byte";
  }
  EXPECT_FALSE(fs::exists(db + ".redo"));
}

TEST(RedoLog, ALogAlreadyCommittedIsNotRunTwiceAndATornTailIsDropped) {
  TempDir dir;
  const std::string db = dir.file("grove.db");
  std::string pid = open(db)->createProject("redo", std::nullopt).id;
  auto acked = inDyingChild([&] {
    Engine* e = open(db).release();  // never closed
    AppendRequest r;
    r.projectId = pid;
    r.role = Role::User;
    r.content = "only one";
    return std::vector<std::string>{e->append(r).id};
  });
  ASSERT_EQ(acked.size(), 1u);
  // Keep the log as the crash left it, let an open commit it, then put it
  // back: a crash between the group commit and emptying the log.
  const std::string kept = dir.file("kept.redo");
  fs::copy_file(db + ".redo", kept);
  { open(db); }
  fs::copy_file(kept, db + ".redo", fs::copy_options::overwrite_existing);
  {
    std::ofstream torn(db + ".redo", std::ios::binary | std::ios::app);
    torn << std::string("\x47\x52\x44\x31garbage cut short", 20);
  }
  auto e = open(db);
  auto snap = e->getProject(pid);
  ASSERT_EQ(snap.units.size(), 1u) << "the committed record was run again";
  EXPECT_EQ(snap.units[0].id, acked[0]);
  // The store goes on carrying and committing after the recovery.
  AppendRequest r;
  r.projectId = pid;
  r.parentId = acked[0];
  r.role = Role::Assistant;
  r.content = "after";
  e->append(r);
  e.reset();
  EXPECT_EQ(open(db, false)->getProject(pid).units.size(), 2u);
}

TEST(RedoLog, RecordedValuesReplayBitForBit) {
  TempDir dir;
  const std::string db = dir.file("values.db");
  {
    sqlite::Db d(db);
    d.exec("CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n)");
  }
  sqlite::RedoRecorder rec;
  const double third = 1.0 / 3.0;
  const std::string blob("\0\1\2\xff", 4);
  {
    sqlite::Db d(db);
    d.setRecorder(&rec);
    sqlite::Stmt st(d, "INSERT INTO t VALUES (?, ?, ?, ?, ?)");
    st.bind(1, int64_t(-7)).bindReal(2, third).bind(3, kText).bindBlob(4, blob).bindNull(5).run();
    d.setRecorder(nullptr);
    d.exec("DELETE FROM t");
    sqlite::replayStatements(d.handle(), rec.statements());
    sqlite::Stmt q(d, "SELECT i, r, s, b, n IS NULL FROM t");
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.integer(0), -7);
    EXPECT_EQ(q.real(1), third);
    EXPECT_EQ(q.text(2), kText);
    EXPECT_EQ(q.blob(3), blob);
    EXPECT_EQ(q.integer(4), 1);
    EXPECT_FALSE(q.step());
  }
}

// What RedoRecorder::statements() holds for one statement: its SQL and
// one integer value.
std::string recorded(const std::string& sql, int64_t value) {
  sqlite::RedoRecorder rec;
  sqlite::BoundValue v;
  v.index = 1;
  v.type = sqlite::BoundValue::Type::Integer;
  v.integer = value;
  rec.add(sql, {v});
  return rec.statements();
}

TEST(RedoLog, AStatementsTextIsWrittenOnceAFileAndEveryRecordReadsBackAsRecorded) {
  TempDir dir;
  const std::string path = dir.file("log.redo");
  const std::string insert(300, ' '), update = "UPDATE t SET i = ?";
  auto longInsert = "INSERT INTO t(i) VALUES (?)" + insert;
  std::vector<std::string> bodies;
  {
    sqlite::RedoLog log(path, false);
    for (int i = 0; i < 10; ++i) {
      // Two statements a record, the same SQL each time; a third from the sixth on.
      std::string body = recorded(longInsert, i) + recorded(update, -i);
      if (i >= 5) body += recorded("DELETE FROM t WHERE i = ?", i);
      bodies.push_back(body);
      log.append(i + 1, body);
    }
    uint64_t raw = 0;
    for (const auto& b : bodies) raw += b.size();
    EXPECT_LT(log.size(), raw / 3) << "each SQL text once, not once a record";
    auto back = log.read();
    ASSERT_EQ(back.size(), bodies.size());
    for (size_t i = 0; i < back.size(); ++i) EXPECT_EQ(back[i].statements, bodies[i]) << "record " << i;
  }
  // Reopened without emptying (a crash): new records name their statements
  // from 0 again, over what the earlier records named.
  {
    sqlite::RedoLog log(path, false);
    std::string body = recorded("DELETE FROM t WHERE i = ?", 99) + recorded(longInsert, 98);
    bodies.push_back(body);
    log.append(11, body);
  }
  auto all = sqlite::RedoLog::readFile(path);
  ASSERT_EQ(all.size(), bodies.size());
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i].statements, bodies[i]) << "record " << i;
  // Emptied, the file names every statement again.
  sqlite::RedoLog log(path, false);
  log.clear();
  log.append(12, recorded(update, 7));
  auto after = log.read();
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].statements, recorded(update, 7));
}

TEST(RedoLog, AnEmptiedLogIsWrittenAgainFromItsStartAndItsOldRecordsAreNeverReadAgain) {
  // Emptying does not truncate: the next records overwrite the committed
  // ones. Each record here names its own statement, so an old record right
  // behind a new one of the same length reads as a whole record, and only
  // its sequence number (lower than the one before it) ends the read.
  TempDir dir;
  const std::string path = dir.file("log.redo");
  auto own = [](int k) { return recorded("INSERT INTO t(i) VALUES (?) -- " + std::to_string(k % 10), k); };
  sqlite::RedoLog log(path, false);
  for (int k = 1; k <= 5; ++k) log.append(k, own(k));
  const uint64_t full = fs::file_size(path);
  log.clear();
  EXPECT_EQ(log.size(), 0u);
  EXPECT_EQ(fs::file_size(path), full) << "not truncated";
  log.append(11, own(11));  // the length of record 1, over it
  EXPECT_EQ(fs::file_size(path), full);
  ASSERT_EQ(log.read().size(), 1u);
  auto read = sqlite::RedoLog::readFile(path);
  ASSERT_EQ(read.size(), 1u) << "records 2-5 behind it are old";
  EXPECT_EQ(read[0].seq, 11);
  EXPECT_EQ(read[0].statements, own(11));
  {
    // Reopened (after a crash), the log goes on after its last live record,
    // not at the file's end.
    sqlite::RedoLog again(path, false);
    EXPECT_EQ(again.size(), log.size());
    again.append(12, own(12));
  }
  read = sqlite::RedoLog::readFile(path);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[1].seq, 12);
  EXPECT_EQ(read[1].statements, own(12));
}

TEST(RedoLog, AStoreClosedCleanlyLeavesAnEmptyLog) {
  // Group commits only rewind the log; the close cuts it, so the next open
  // reads nothing (a rewound log can hold megabytes of committed records).
  TempDir dir;
  const std::string db = dir.file("grove.db");
  auto e = open(db);
  std::string pid = e->createProject("redo", std::nullopt).id;
  appendChain(*e, pid, 20);
  ASSERT_GT(fs::file_size(db + ".redo"), 0u) << "the appends were carried";
  e.reset();
  EXPECT_EQ(fs::file_size(db + ".redo"), 0u);
  EXPECT_EQ(open(db)->getProject(pid).units.size(), 20u);
}

TEST(RedoLog, ALogGrownPastWhatIsKeptIsTruncatedWhenEmptied) {
  TempDir dir;
  const std::string path = dir.file("log.redo");
  sqlite::RedoLog log(path, false);
  const std::string big(3u << 20, 'x');
  sqlite::BoundValue v;
  v.index = 1;
  v.type = sqlite::BoundValue::Type::Text;
  v.bytes = big;
  sqlite::RedoRecorder rec;
  rec.add("INSERT INTO t(s) VALUES (?)", {v});
  for (int k = 1; k <= 3; ++k) log.append(k, rec.statements());
  ASSERT_GT(fs::file_size(path), sqlite::RedoLog::kKeepBytes);
  log.clear();
  EXPECT_EQ(fs::file_size(path), 0u);
  log.append(4, recorded("INSERT INTO t(i) VALUES (?)", 4));
  EXPECT_EQ(sqlite::RedoLog::readFile(path).size(), 1u);
}

TEST(RedoLog, ANumberIsNeverReadWithAnotherGenerationsName) {
  // A backup reads the log of a running core, which empties it and writes
  // it again: what it reads may end with a record of a new generation whose
  // naming record it missed. That record must end the read, not be run
  // with the SQL the earlier generation gave its number.
  TempDir dir;
  const std::string first = dir.file("first.redo"), second = dir.file("second.redo"), mixed = dir.file("mixed.redo");
  {
    sqlite::RedoLog log(first, false);
    for (int i = 1; i <= 3; ++i) log.append(i, recorded("INSERT INTO t(i) VALUES (?)", i));
  }
  uint64_t named = 0;
  {
    sqlite::RedoLog log(second, false);
    log.append(10, recorded("DELETE FROM t WHERE i = ?", 10));  // names the DELETE 0
    named = log.size();
    log.append(11, recorded("DELETE FROM t WHERE i = ?", 11));  // uses 0
  }
  auto bytes = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  std::ofstream(mixed, std::ios::binary) << bytes(first) + bytes(second).substr(named);
  auto read = sqlite::RedoLog::readFile(mixed);
  ASSERT_EQ(read.size(), 3u) << "the unnamed record of the second generation ends the read";
  for (const auto& r : read) EXPECT_NE(r.statements.find("INSERT"), std::string::npos);
  EXPECT_EQ(sqlite::RedoLog::readFile(second).size(), 2u);
}

TEST(RedoLog, ARecordWrittenBeforeStatementsWereNumberedStillReads) {
  // The first format ("GRD1"): the recorder's bytes as they are. A log a
  // crashed older Grove left must still be run.
  TempDir dir;
  const std::string path = dir.file("old.redo");
  const std::string body = recorded("INSERT INTO t(i) VALUES (?)", 5);
  const int64_t seq = 3;
  uint64_t sum = 1469598103934665603ull ^ static_cast<uint64_t>(seq);
  for (unsigned char c : body) sum = (sum ^ c) * 1099511628211ull;
  std::string rec = "GRD1";
  rec.append(reinterpret_cast<const char*>(&seq), 8);
  const uint32_t len = static_cast<uint32_t>(body.size());
  rec.append(reinterpret_cast<const char*>(&len), 4);
  rec.append(reinterpret_cast<const char*>(&sum), 8);
  rec += body;
  std::ofstream(path, std::ios::binary) << rec;
  auto read = sqlite::RedoLog::readFile(path);
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].seq, seq);
  EXPECT_EQ(read[0].statements, body);
}

}  // namespace
}  // namespace grove::test
