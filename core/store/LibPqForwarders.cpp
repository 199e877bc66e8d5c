// libpq's functions as grove-server calls them: each loads libpq on its
// first call (support/SharedLibrary.h says why), then calls libpq's own.
// grove_store does not link libpq; these definitions are what its calls
// resolve to. The declarations are libpq-fe.h's, so a signature that drifts
// from libpq's is a compile error ("conflicting declaration").
//
// A function the store starts calling must be added here, or the link fails
// naming it.
#include <libpq-fe.h>

#include "support/SharedLibrary.h"

namespace {

constinit grove::SharedLibrary libpq("libpq.so.5", "libpq5", "a PostgreSQL store", grove::ErrorKind::Storage);

}  // namespace

#define GROVE_PQ(...) GROVE_FORWARD(libpq, __VA_ARGS__)

extern "C" {

GROVE_PQ(PGconn*, PQconnectdb, (const char* conninfo), (conninfo))
GROVE_PQ(void, PQfinish, (PGconn * conn), (conn))
GROVE_PQ(ConnStatusType, PQstatus, (const PGconn* conn), (conn))
GROVE_PQ(char*, PQerrorMessage, (const PGconn* conn), (conn))
GROVE_PQ(int, PQsocket, (const PGconn* conn), (conn))
GROVE_PQ(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn * conn, PQnoticeProcessor proc, void* arg),
         (conn, proc, arg))
GROVE_PQ(PGresult*, PQexec, (PGconn * conn, const char* query), (conn, query))
GROVE_PQ(PGresult*, PQprepare,
         (PGconn * conn, const char* stmtName, const char* query, int nParams, const Oid* paramTypes),
         (conn, stmtName, query, nParams, paramTypes))
GROVE_PQ(PGresult*, PQexecPrepared,
         (PGconn * conn, const char* stmtName, int nParams, const char* const* paramValues,
          const int* paramLengths, const int* paramFormats, int resultFormat),
         (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat))
GROVE_PQ(int, PQsendQueryPrepared,
         (PGconn * conn, const char* stmtName, int nParams, const char* const* paramValues,
          const int* paramLengths, const int* paramFormats, int resultFormat),
         (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat))
GROVE_PQ(int, PQsendQueryParams,
         (PGconn * conn, const char* command, int nParams, const Oid* paramTypes, const char* const* paramValues,
          const int* paramLengths, const int* paramFormats, int resultFormat),
         (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat))
GROVE_PQ(PGresult*, PQgetResult, (PGconn * conn), (conn))
GROVE_PQ(int, PQenterPipelineMode, (PGconn * conn), (conn))
GROVE_PQ(int, PQexitPipelineMode, (PGconn * conn), (conn))
GROVE_PQ(int, PQpipelineSync, (PGconn * conn), (conn))
GROVE_PQ(int, PQconsumeInput, (PGconn * conn), (conn))
GROVE_PQ(PGnotify*, PQnotifies, (PGconn * conn), (conn))
GROVE_PQ(char*, PQescapeIdentifier, (PGconn * conn, const char* str, size_t len), (conn, str, len))
GROVE_PQ(ExecStatusType, PQresultStatus, (const PGresult* res), (res))
GROVE_PQ(char*, PQresultErrorMessage, (const PGresult* res), (res))
GROVE_PQ(char*, PQresultErrorField, (const PGresult* res, int fieldcode), (res, fieldcode))
GROVE_PQ(int, PQntuples, (const PGresult* res), (res))
GROVE_PQ(char*, PQgetvalue, (const PGresult* res, int tup_num, int field_num), (res, tup_num, field_num))
GROVE_PQ(int, PQgetlength, (const PGresult* res, int tup_num, int field_num), (res, tup_num, field_num))
GROVE_PQ(int, PQgetisnull, (const PGresult* res, int tup_num, int field_num), (res, tup_num, field_num))
GROVE_PQ(void, PQclear, (PGresult * res), (res))
GROVE_PQ(void, PQfreemem, (void* ptr), (ptr))

}  // extern "C"
