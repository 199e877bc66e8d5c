// The curl-error mapping, checked as a pure function: no name is resolved
// and no socket opened here.
#include <gtest/gtest.h>

#include "llm/CurlErrors.h"

namespace grove::llm {
namespace {

TEST(CurlErrors, ResolveFailureIsUnreachableAndSaysDns) {
  Error e = curlFailure(CURLE_COULDNT_RESOLVE_HOST, AbortCause::None, "provider work (openai)",
                        "Could not resolve host: models.invalid");
  EXPECT_EQ(e.kind(), ErrorKind::Provider);
  EXPECT_EQ(e.reason(), "unreachable");
  EXPECT_NE(std::string(e.what()).find("DNS"), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("provider work (openai)"), std::string::npos) << e.what();
}

TEST(CurlErrors, ConnectFailureIsUnreachable) {
  Error e = curlFailure(CURLE_COULDNT_CONNECT, AbortCause::None, "p");
  EXPECT_EQ(e.reason(), "unreachable");
  EXPECT_EQ(std::string(e.what()).find("DNS"), std::string::npos);
}

TEST(CurlErrors, CurlTimeoutIsTimeout) {
  EXPECT_EQ(curlFailure(CURLE_OPERATION_TIMEDOUT, AbortCause::None, "p").reason(), "timeout");
}

TEST(CurlErrors, CallbackAbortMeansWhatOurCallbackSaid) {
  Error cancelled = curlFailure(CURLE_ABORTED_BY_CALLBACK, AbortCause::Cancelled, "p");
  EXPECT_EQ(cancelled.kind(), ErrorKind::Cancelled);
  Error idle = curlFailure(CURLE_ABORTED_BY_CALLBACK, AbortCause::IdleTimeout, "p");
  EXPECT_EQ(idle.kind(), ErrorKind::Provider);
  EXPECT_EQ(idle.reason(), "timeout");
  Error size = curlFailure(CURLE_WRITE_ERROR, AbortCause::SizeLimit, "p");
  EXPECT_EQ(size.reason(), "badResponse");
}

TEST(CurlErrors, BrokenAnswersAreBadResponses) {
  EXPECT_EQ(curlFailure(CURLE_GOT_NOTHING, AbortCause::None, "p").reason(), "badResponse");
  EXPECT_EQ(curlFailure(CURLE_PARTIAL_FILE, AbortCause::None, "p").reason(), "badResponse");
  EXPECT_EQ(curlFailure(CURLE_SSL_CONNECT_ERROR, AbortCause::None, "p").reason(), "unreachable");
}

}  // namespace
}  // namespace grove::llm
