#include "store/Bm25Function.h"

#include <atomic>
#include <cmath>
#include <new>
#include <vector>

#include "memory/Bm25.h"

namespace grove::sqlite {

namespace {

std::atomic<uint64_t> phrasesCounted{0};

/// What one query keeps between its rows (FTS5 auxiliary data).
struct QueryData {
  double rows = 0;          // rows in the table
  double averageSize = 0;   // tokens per row, all columns
  std::vector<double> idf;  // per phrase; NAN until a row needs it
  std::vector<double> frequency;  // per phrase, the current row's (scratch)
};

int countRow(const Fts5ExtensionApi*, Fts5Context*, void* count) {
  ++*static_cast<sqlite3_int64*>(count);
  return SQLITE_OK;
}

int queryData(const Fts5ExtensionApi* api, Fts5Context* fts, QueryData** out) {
  if (auto* data = static_cast<QueryData*>(api->xGetAuxdata(fts, 0))) {
    *out = data;
    return SQLITE_OK;
  }
  auto* data = new (std::nothrow) QueryData;
  if (!data) return SQLITE_NOMEM;
  sqlite3_int64 rows = 0, tokens = 0;
  int rc = api->xRowCount(fts, &rows);
  if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
  if (rc == SQLITE_OK) {
    data->rows = static_cast<double>(rows);
    data->averageSize = rows > 0 ? static_cast<double>(tokens) / static_cast<double>(rows) : 0;
    const int phrases = api->xPhraseCount(fts);
    data->idf.assign(static_cast<size_t>(phrases), NAN);
    data->frequency.assign(static_cast<size_t>(phrases), 0);
    rc = api->xSetAuxdata(fts, data, [](void* p) { delete static_cast<QueryData*>(p); });
    // xSetAuxdata frees what it is given when it fails.
    *out = rc == SQLITE_OK ? data : nullptr;
    return rc;
  }
  delete data;
  return rc;
}

/// The phrase's IDF as bm25() has it: the share of rows without it, floored
/// just above 0 so a common phrase still counts for a little.
int idfOf(const Fts5ExtensionApi* api, Fts5Context* fts, QueryData& data, int phrase, double& idf) {
  double& known = data.idf[static_cast<size_t>(phrase)];
  if (std::isnan(known)) {
    sqlite3_int64 hits = 0;
    phrasesCounted.fetch_add(1, std::memory_order_relaxed);
    if (int rc = api->xQueryPhrase(fts, phrase, &hits, countRow); rc != SQLITE_OK) return rc;
    const double h = static_cast<double>(hits);
    known = std::log((data.rows - h + 0.5) / (h + 0.5));
    if (known <= 0) known = 1e-6;
  }
  idf = known;
  return SQLITE_OK;
}

void bm25(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, int nWeights,
          sqlite3_value** weights) {
  QueryData* data = nullptr;
  int rc = queryData(api, fts, &data);
  int instances = 0;
  if (rc == SQLITE_OK) rc = api->xInstCount(fts, &instances);
  if (rc != SQLITE_OK) return sqlite3_result_error_code(ctx, rc);
  std::fill(data->frequency.begin(), data->frequency.end(), 0.0);
  for (int i = 0; i < instances; ++i) {
    int phrase = 0, column = 0, offset = 0;
    if ((rc = api->xInst(fts, i, &phrase, &column, &offset)) != SQLITE_OK) return sqlite3_result_error_code(ctx, rc);
    data->frequency[static_cast<size_t>(phrase)] += column < nWeights ? sqlite3_value_double(weights[column]) : 1.0;
  }
  int size = 0;
  if ((rc = api->xColumnSize(fts, -1, &size)) != SQLITE_OK) return sqlite3_result_error_code(ctx, rc);
  const double lengthNorm = memory::bm25LengthNorm(size, data->averageSize);
  double score = 0;
  for (size_t p = 0; p < data->frequency.size(); ++p) {
    const double f = data->frequency[p];
    if (f == 0) continue;  // adds 0 whatever the phrase's IDF: never count its rows
    double idf = 0;
    if ((rc = idfOf(api, fts, *data, static_cast<int>(p), idf)) != SQLITE_OK)
      return sqlite3_result_error_code(ctx, rc);
    score += memory::bm25TermScore(idf, f, lengthNorm);
  }
  // Negative, as bm25(): better matches sort first in ascending order.
  sqlite3_result_double(ctx, -score);
}

}  // namespace

uint64_t bm25PhrasesCounted() { return phrasesCounted.load(std::memory_order_relaxed); }

int addBm25Function(sqlite3* db) {
  fts5_api* api = nullptr;
  sqlite3_stmt* st = nullptr;
  int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &st, nullptr);
  if (rc == SQLITE_OK) {
    sqlite3_bind_pointer(st, 1, static_cast<void*>(&api), "fts5_api_ptr", nullptr);
    sqlite3_step(st);
  }
  sqlite3_finalize(st);
  if (rc != SQLITE_OK) return rc;
  if (!api || api->iVersion < 2) return SQLITE_ERROR;
  return api->xCreateFunction(api, "grove_bm25", nullptr, bm25, nullptr);
}

}  // namespace grove::sqlite
