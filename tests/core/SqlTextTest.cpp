// The SQL text the two store backends share or translate (store/Sql.h,
// store/Postgres.h): pure functions, checked without a database.
#include <gtest/gtest.h>

#include "store/Postgres.h"
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

}  // namespace
}  // namespace grove::test
