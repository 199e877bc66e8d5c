// grove_bm25 (store/Bm25Function) scores every row as FTS5's bm25() does,
// weights included, while it leaves a phrase that only zero-weight columns
// hold uncounted: a project-scoped query then no longer walks the project.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>
#include <vector>

#include "store/Bm25Function.h"
#include "store/Sqlite.h"

namespace grove::test {
namespace {

class Bm25Function : public ::testing::Test {
protected:
  sqlite::Db db{":memory:"};

  void SetUp() override {
    db.exec("CREATE VIRTUAL TABLE docs USING fts5(body, note, scope)");
    const char* words[] = {"parser", "tabs", "spaces", "volume", "docker", "mount", "retry", "pool", "cache", "index"};
    // 300 rows in three scopes, of different lengths and word counts.
    sql::Stmt insert(db, "INSERT INTO docs(body, note, scope) VALUES (?1, ?2, ?3)");
    for (int i = 0; i < 300; ++i) {
      std::string body, note;
      for (int w = 0; w < 3 + i % 7; ++w) body += std::string(words[(i * 7 + w * 3) % 10]) + " ";
      note = std::string(words[i % 10]) + (i % 4 ? "" : " retry");
      insert.reset().bind(1, body).bind(2, note).bind(3, "s" + std::to_string(i % 3)).run();
    }
  }

  /// (rowid, score) of every match, in rowid order, ranked by `function`.
  std::vector<std::pair<int64_t, double>> scores(const std::string& function, const std::string& match,
                                                 const std::string& weights) {
    sql::Stmt st(db, "SELECT rowid, " + function + "(docs" + weights + ") FROM docs WHERE docs MATCH ?1 ORDER BY rowid");
    st.bind(1, match);
    std::vector<std::pair<int64_t, double>> out;
    while (st.step()) out.emplace_back(st.integer(0), st.real(1));
    return out;
  }
};

TEST_F(Bm25Function, ScoresEqualFts5sOwn) {
  const std::vector<std::string> matches = {"parser", "parser OR tabs", "\"retr\"*", "scope:s1 AND (parser OR retry)",
                                            "scope:s2 AND \"doc\"*", "body:pool OR note:retry"};
  for (const std::string weights : {"", ", 1.0", ", 2.0, 0.5, 0.0", ", 1.0, 1.0, 0.0", ", 0.0, 0.0, 0.0"})
    for (const auto& match : matches) {
      auto own = scores("bm25", match, weights), ours = scores("grove_bm25", match, weights);
      ASSERT_FALSE(own.empty()) << match;
      ASSERT_EQ(ours.size(), own.size()) << match;
      for (size_t i = 0; i < own.size(); ++i) {
        EXPECT_EQ(ours[i].first, own[i].first);
        EXPECT_DOUBLE_EQ(ours[i].second, own[i].second) << match << " weights" << weights << " row " << own[i].first;
      }
    }
}

TEST_F(Bm25Function, APhraseOnlyZeroWeightColumnsHoldIsNeverCounted) {
  auto counted = [&](const std::string& weights) {
    const uint64_t before = sqlite::bm25PhrasesCounted();
    auto rows = scores("grove_bm25", "scope:s1 AND mount", weights);
    EXPECT_FALSE(rows.empty());
    return sqlite::bm25PhrasesCounted() - before;
  };
  EXPECT_EQ(counted(", 1.0, 1.0, 0.0"), 1u) << "the term's rows only, not the scope's";
  EXPECT_EQ(counted(", 1.0, 1.0, 1.0"), 2u) << "a weighted scope counts as bm25() counts it";
  EXPECT_EQ(counted(", 0.0, 0.0, 0.0"), 0u);
}

}  // namespace
}  // namespace grove::test
