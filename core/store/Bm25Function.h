// The FTS5 ranking function grove_bm25(table, weights...): the scores of
// FTS5's own bm25(), computed without walking a phrase that no row's score
// uses.
//
// Why: a project-scoped search ANDs `scope:"<project>"` with its terms
// (migration 16) and weighs the scope column 0. bm25() counts, once per
// query, the rows holding each phrase of the query, for its IDF: for the
// scope phrase that is every row of the project (6,000 for a 6,000-turn
// conversation), walked for a figure it then multiplies by a frequency of
// 0. With one full-text query per search term, that walk was half of a
// scoped memolet search. grove_bm25 counts a phrase's rows the first time a
// matched row has an instance of it in a weighted column; until then its
// contribution is 0 whatever its IDF, so every score equals bm25()'s
// (Bm25Function.ScoresEqualFts5sOwn).
#pragma once

#include <sqlite3.h>

#include <cstdint>

namespace grove::sqlite {

/// Registers grove_bm25 with the FTS5 module of `db`. Returns SQLite's
/// result code (SQLITE_ERROR when the library has no FTS5).
int addBm25Function(sqlite3* db);

/// How many times, in this process, grove_bm25 has counted a phrase's rows
/// (for tests: what it leaves uncounted).
uint64_t bm25PhrasesCounted();

}  // namespace grove::sqlite
