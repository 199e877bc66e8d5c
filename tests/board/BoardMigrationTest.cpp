// The board's migration rebuilds `memolets` (project_id becomes nullable):
// a store from before keeps its memolets, their sources, sandbox rows and
// search entries, and then takes workspace-only items.
#include <gtest/gtest.h>

#include <filesystem>

#include <unistd.h>

#include "memory/FtsText.h"
#include "store/Migrations.h"
#include "store/Sqlite.h"
#include "store/SqliteStore.h"

namespace grove::test {
namespace {

TEST(BoardMigration, MemoletsTheirSourcesSandboxAndSearchSurviveTheRebuild) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("grove-board-migration-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string path = (dir / "store.db").string();
  {
    sqlite::Db raw(path);
    migrateTo(raw, 6);  // the schema before the board's migration (7)
    raw.exec(
        "INSERT INTO projects(id,title,created_at,updated_at) VALUES('p_1','t',0,0);"
        "INSERT INTO units(id,project_id,role,kind,content,status,scope,seq,created_at) "
        "VALUES('u_1','p_1','user','message','legacy needle text','complete','auto',1,0);"
        "INSERT INTO memolets(id,project_id,title,keywords,summary,text,terms,vector,created_at,updated_at) "
        "VALUES('m_1','p_1','Legacy','needle','s','legacy needle text','legaci needl text',x'',0,0);"
        "INSERT INTO memolet_sources(memolet_id,ord,unit_id) VALUES('m_1',0,'u_1');"
        "INSERT INTO sandbox_items(project_id,memolet_id,added_at,seq) VALUES('p_1','m_1',0,1);");
  }
  {
    SqliteStore s({path, false});  // migrates with foreign keys on: the drop cascades
    EXPECT_EQ(s.schemaVersion(), latestSchemaVersion());
    auto m = s.memolets().memolet("m_1");
    ASSERT_TRUE(m);
    EXPECT_EQ(m->projectId, "p_1");
    EXPECT_EQ(m->sourceUnitIds, std::vector<std::string>{"u_1"});
    EXPECT_EQ(s.memolets().sandboxIds("p_1"), std::vector<std::string>{"m_1"});
    auto hits = s.memolets().bm25(memory::ftsMatchQuery("needle"), std::nullopt, 10);
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_EQ(hits[0].id, "m_1");

    BoardItem item;
    item.memolet.id = "m_2";
    item.memolet.title = "workspace only";
    item.memolet.text = "a note";
    item.workspaceUri = "file:///w";
    s.board().putItem(item);
    auto back = s.board().item("m_2");
    ASSERT_TRUE(back);
    EXPECT_TRUE(back->memolet.projectId.empty());
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace grove::test
