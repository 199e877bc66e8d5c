// The SQL function grove_fts_document(text): memory::ftsDocument of its
// argument (text::tokenize's stems joined by spaces), on every SQLite
// connection a store opens.
//
// Why: the memolets' full-text index (memolets_fts, external content) is fed
// those stems. It used to read them from a `terms` column, a second copy of
// every memolet's text as long as the text (50 MB for pi-compare's
// 100,000-unit tree, a sixth of the store). Its triggers and its content
// view now compute them from `text` instead (migration 18).
//
// What that asks of later changes: FTS5 deletes an external-content row by
// the terms it is handed, so they must be the terms it was given at insert.
// A change to what text::tokenize makes of a text therefore needs a migration
// that rebuilds memolets_fts ('rebuild'), as a change of stems already needed
// for queries to keep matching. StoreTest.TheMemoletIndexComputesItsTermsAndStaysConsistentThroughEveryWrite
// checks that the index stays consistent through updates and deletes.
//
// A connection without it (the sqlite3 shell) can read the store, but any
// change to a memolet fails with "no such function: grove_fts_document".
#pragma once

#include <sqlite3.h>

namespace grove::sqlite {

/// Registers grove_fts_document on `db` (deterministic and innocuous, so
/// triggers and views may call it). Returns SQLite's result code.
int addFtsDocumentFunction(sqlite3* db);

}  // namespace grove::sqlite
