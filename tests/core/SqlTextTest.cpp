// The SQL text the two store backends share or translate (store/Sql.h,
// store/Postgres.h): pure functions, checked without a database.
#include <gtest/gtest.h>

#include "store/ChangeNotice.h"
#include "store/Postgres.h"
#include "store/PostgresStore.h"
#include "store/Sql.h"

namespace grove::test {
namespace {

TEST(SqlText, AnUpsertReplacesEveryColumnButTheKeys) {
  EXPECT_EQ(sql::upsert("t", "a, b,c", "a"),
            "INSERT INTO t(a, b,c) VALUES (?,?,?) ON CONFLICT(a) DO UPDATE SET b=excluded.b, c=excluded.c");
  EXPECT_EQ(sql::upsert("t", "a, b", "a, b"), "INSERT INTO t(a, b) VALUES (?,?) ON CONFLICT(a, b) DO NOTHING");
}

TEST(SqlText, Fts5MatchesBecomeTsqueries) {
  EXPECT_EQ(sql::tsquery("\"retry\" OR \"loop\""), "'retry' | 'loop'");
  EXPECT_EQ(sql::tsquery("\"dock\"* AND \"comp\"*"), "'dock':* & 'comp':*");
  EXPECT_EQ(sql::tsquery("\"a\" \"b\""), "'a' & 'b'");
  EXPECT_EQ(sql::tsquery("\"x\" NOT \"y\""), "'x' & !'y'");
  // Quotes and backslashes inside a term stay inside its lexeme.
  EXPECT_EQ(sql::tsquery("\"say \"\"hi\"\"\" OR \"it's\\\""), "'say \"hi\"' | 'it\\'s\\\\'");
  EXPECT_EQ(sql::tsquery(""), "");
  EXPECT_EQ(sql::tsquery("\"\" OR \"z\""), "'z'");
}

TEST(SqlText, SqliteParametersAreRenumberedOutsideQuotes) {
  int n = 0;
  EXPECT_EQ(pg::renumberParameters("SELECT ?, ?3, ? FROM t WHERE a='?' AND \"b?\"=?1", n),
            "SELECT $1, $3, $4 FROM t WHERE a='?' AND \"b?\"=$1");
  EXPECT_EQ(n, 4);
  EXPECT_EQ(pg::renumberParameters("SELECT 'it''s ?'", n), "SELECT 'it''s ?'");
  EXPECT_EQ(n, 0);
}

TEST(SqlText, AnAddressIsShownWithoutItsPassword) {
  EXPECT_EQ(pg::redactedAddress("postgresql://ana:s3cret@db.example/grove"), "postgresql://ana@db.example/grove");
  EXPECT_EQ(pg::redactedAddress("host=db password=s3cret user=ana"), "host=db password=*** user=ana");
  EXPECT_EQ(pg::redactedAddress("postgresql://db/grove?password=s3cret&sslmode=require"),
            "postgresql://db/grove?password=***&sslmode=require");
  EXPECT_EQ(pg::redactedAddress("postgresql:///grove?host=/tmp"), "postgresql:///grove?host=/tmp");
}

TEST(ChangeNotice, ReadsBackWhatItWritesAndRefusesOtherPayloads) {
  ChangeNotice n{"c1", "project", "p1", 42, "append", {"u1", "u2"}};
  auto back = ChangeNotice::parse(n.text());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->instance, "c1");
  EXPECT_EQ(back->kind, "project");
  EXPECT_EQ(back->id, "p1");
  EXPECT_EQ(back->revision, 42);
  EXPECT_EQ(back->op, "append");
  EXPECT_EQ(back->ids, (std::vector<std::string>{"u1", "u2"}));
  n.ids.clear();
  ASSERT_TRUE(ChangeNotice::parse(n.text()));
  EXPECT_TRUE(ChangeNotice::parse(n.text())->ids.empty());
  EXPECT_FALSE(ChangeNotice::parse("hello"));
  EXPECT_FALSE(ChangeNotice::parse("c1\tproject\tp1\tnot-a-number\tappend\t"));
  EXPECT_FALSE(ChangeNotice::parse(""));
}

TEST(ChangeNotice, AChannelNameStaysWithinPostgresLimit) {
  EXPECT_EQ(changeChannel("public"), "grove:public");
  std::string a = changeChannel(std::string(80, 'a')), b = changeChannel(std::string(79, 'a') + "b");
  EXPECT_LE(a.size(), 63u);
  EXPECT_NE(a, b) << "long schema names that differ at the end get different channels";
}

}  // namespace
}  // namespace grove::test
