#include "store/FtsDocumentFunction.h"

#include <string>
#include <string_view>

#include "memory/FtsText.h"

namespace grove::sqlite {

namespace {

void ftsDocument(sqlite3_context* ctx, int, sqlite3_value** argv) {
  // NULL in, NULL out, as SQLite's own text functions answer.
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return sqlite3_result_null(ctx);
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const int bytes = sqlite3_value_bytes(argv[0]);
  if (!text) return sqlite3_result_error_nomem(ctx);
  std::string out;
  try {
    out = memory::ftsDocument(std::string_view(text, static_cast<size_t>(bytes)));
  } catch (const std::bad_alloc&) {
    return sqlite3_result_error_nomem(ctx);
  }
  sqlite3_result_text64(ctx, out.data(), out.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
}

}  // namespace

int addFtsDocumentFunction(sqlite3* db) {
  return sqlite3_create_function_v2(db, "grove_fts_document", 1,
                                    SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr,
                                    ftsDocument, nullptr, nullptr, nullptr);
}

}  // namespace grove::sqlite
