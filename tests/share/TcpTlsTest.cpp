// Issue 19: TLS and personal tokens on --listen, against the real binary.
// The test makes its own CA and certificates with the openssl command; a TLS
// client (asio SSL) completes initialize and a call; a plain TCP client is
// refused before any JSON-RPC is served; a token whose line is removed from
// the token file while the core runs is refused on the next connection;
// changes are attributed to the token's name; and a non-loopback address
// without TLS or a token is refused at start with the flags that fix it.
#include <gtest/gtest.h>

#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include "RunWithEnv.h"
#include "SharedStore.h"
#include "SocketClient.h"
#include "FileText.h"
#include "TlsTestKit.h"

namespace grove::test {
namespace {

bool fileExists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

class TcpTls : public SharedStore {
protected:
  TcpTls() : certs_(makeTestCertificates(dir_.file(""))), tokenFile_(dir_.file("team.tokens")) {}

  /// grove-server --token-add NAME on this test's token file (or, without
  /// one, the store): the token.
  std::string addToken(const std::string& name) {
    RunOutput r = tokens({"--token-add", name});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    std::string token = r.out.substr(0, r.out.find('\n'));
    EXPECT_FALSE(token.empty()) << "--token-add printed no token: " << r.out;
    return token;
  }

  /// A token command (--token-add, --token-list, --token-revoke).
  RunOutput tokens(std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", db_});
    if (!tokenFile_.empty()) args.insert(args.end(), {"--token-file", tokenFile_});
    return runWithEnv(ServerProcess::binary(), args, env());
  }

  std::unique_ptr<ServerProcess> startTls(int port, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"--listen",   "127.0.0.1:" + std::to_string(port),
                                  "--tls-cert", certs_.serverCert,
                                  "--tls-key",  certs_.serverKey};
    if (!tokenFile_.empty()) args.insert(args.end(), {"--token-file", tokenFile_});
    args.insert(args.end(), extra.begin(), extra.end());
    auto owner = start("editor-a", args);
    owner->client().initialize("editor-a");  // TCP listens before stdio is served
    return owner;
  }

  TlsClient::Options trusting() const { return {certs_.caCert, "", ""}; }

  TestCertificates certs_;
  std::string tokenFile_;
};

TEST_F(TcpTls, ATlsClientWithAPersonalTokenIsServedAndItsChangesCarryTheName) {
  std::string token = addToken("alice");
  // Only the hash is kept, in a file nobody else can read.
  std::string stored = fileText(tokenFile_);
  EXPECT_EQ(stored.find(token), std::string::npos) << "the token file holds the token itself";
  EXPECT_NE(stored.find("alice\t"), std::string::npos) << stored;
  struct stat st{};
  ASSERT_EQ(::stat(tokenFile_.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);

  int port = freeLoopbackPort();
  auto owner = startTls(port);
  TlsClient tls(port, trusting());
  json ok = initializeWith(tls.client(), "alice-editor", {{"token", token}});
  ASSERT_TRUE(isResult(ok)) << ok.dump();
  EXPECT_EQ(coreInfo(ok["result"])["role"], "remote");
  std::string pid = SharedStore::createProject(tls.client(), "over TLS")["id"];
  json unit = SharedStore::append(tls.client(), pid, nullptr, "hello over TLS");
  // The local editor hears the change, credited to the token's name.
  auto heard = owner->client().waitForNotification([&](const json& m) {
    return m["method"] == "grove/project/didChange" && m["params"]["projectId"] == pid &&
           m["params"]["op"] != "createProject" && m["params"].contains("unitIds") &&
           !m["params"]["unitIds"].empty();
  });
  ASSERT_TRUE(heard) << "the local editor did not hear the TLS client's append";
  EXPECT_EQ((*heard)["params"]["actor"], "alice") << heard->dump();
  json units = SharedStore::units(owner->client(), pid);
  ASSERT_FALSE(units.empty()) << units.dump();
  EXPECT_NE(units.dump().find("hello over TLS"), std::string::npos)
      << "the local editor does not see the TLS client's unit";
  // Listed with the person the token names.
  json clients = owner->client().result("grove/server/clients")["clients"];
  EXPECT_NE(clients.dump().find("\"user\":\"alice\""), std::string::npos) << clients.dump();
  // The token never reaches the log.
  EXPECT_EQ(owner->stderrText().find(token), std::string::npos);
}

TEST_F(TcpTls, APlainTcpClientIsRefusedWithoutAnyJsonRpc) {
  addToken("alice");
  int port = freeLoopbackPort();
  auto owner = startTls(port);
  auto plain = connectTcp(port);
  plain->send("initialize", {{"processId", nullptr}, {"capabilities", json::object()}});
  EXPECT_TRUE(plain->waitClosed()) << "the TLS listener kept a plain TCP connection";
  EXPECT_EQ(plain->arrivalCount(), 0u) << "a plain TCP client got a JSON-RPC reply";
  EXPECT_TRUE(owner->stderrText().find("TLS handshake failed") != std::string::npos) << owner->stderrText();
}

TEST_F(TcpTls, ATokenRemovedFromTheFileIsRefusedOnTheNextConnectionWithoutARestart) {
  std::string alice = addToken("alice");
  std::string bob = addToken("bob");
  int port = freeLoopbackPort();
  auto owner = startTls(port);
  {
    TlsClient before(port, trusting());
    ASSERT_TRUE(isResult(initializeWith(before.client(), "alice-editor", {{"token", alice}})));
  }
  RunOutput r = runWithEnv(ServerProcess::binary(),
                           {"--db", db_, "--token-file", tokenFile_, "--token-revoke", "alice"}, env());
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(fileText(tokenFile_).find("alice\t"), std::string::npos);

  TlsClient after(port, trusting());
  json refused = initializeWith(after.client(), "alice-editor", {{"token", alice}});
  EXPECT_TRUE(isError(refused, 1004)) << refused.dump();
  EXPECT_TRUE(after.client().waitClosed()) << "the core kept a connection with a revoked token";
  // Bob's token still works, on the same core.
  TlsClient other(port, trusting());
  EXPECT_TRUE(isResult(initializeWith(other.client(), "bob-editor", {{"token", bob}})));
}

TEST_F(TcpTls, TokensLiveInTheStoreByDefaultAndARevocationCountsWithoutARestart) {
  tokenFile_.clear();  // DESIGN §12: the store keeps them
  std::string alice = addToken("alice");
  std::string bob = addToken("bob");
  EXPECT_FALSE(fileExists(db_ + ".tokens")) << "a token file was written beside the store";
  RunOutput listed = tokens({"--token-list"});
  ASSERT_EQ(listed.exitCode, 0) << listed.err;
  EXPECT_NE(listed.out.find("alice\t20"), std::string::npos) << listed.out;
  EXPECT_NE(listed.out.find("bob\t20"), std::string::npos) << listed.out;
  EXPECT_EQ(listed.out.find(alice), std::string::npos) << "--token-list shows a token";

  int port = freeLoopbackPort();
  auto owner = startTls(port);
  {
    TlsClient before(port, trusting());
    ASSERT_TRUE(isResult(initializeWith(before.client(), "alice-editor", {{"token", alice}})));
  }
  {
    TlsClient stranger(port, trusting());
    EXPECT_TRUE(isError(initializeWith(stranger.client(), "stranger", {{"token", "grove_guess"}}), 1004));
  }
  // Revoked by another process while the core runs.
  RunOutput r = tokens({"--token-revoke", "alice"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  TlsClient after(port, trusting());
  json refused = initializeWith(after.client(), "alice-editor", {{"token", alice}});
  EXPECT_TRUE(isError(refused, 1004)) << refused.dump();
  TlsClient other(port, trusting());
  EXPECT_TRUE(isResult(initializeWith(other.client(), "bob-editor", {{"token", bob}})));
  EXPECT_EQ(tokens({"--token-revoke", "alice"}).exitCode, 1) << "revoking a name that has no token";
  EXPECT_EQ(owner->stderrText().find(bob), std::string::npos);
}

TEST_F(TcpTls, ATokenFileAnOlderGroveKeptBesideTheStoreMovesIntoIt) {
  tokenFile_ = db_ + ".tokens";  // where an older Grove kept them
  std::string carol = addToken("carol");
  tokenFile_.clear();
  int port = freeLoopbackPort();
  auto owner = startTls(port);
  TlsClient client(port, trusting());
  json ok = initializeWith(client.client(), "carol-editor", {{"token", carol}});
  EXPECT_TRUE(isResult(ok)) << ok.dump() << owner->stderrText();
  EXPECT_FALSE(fileExists(db_ + ".tokens"));
  EXPECT_TRUE(fileExists(db_ + ".tokens.imported"));
  EXPECT_NE(owner->stderrText().find("moved 1 personal tokens"), std::string::npos) << owner->stderrText();
  RunOutput listed = tokens({"--token-list"});
  EXPECT_NE(listed.out.find("carol\t"), std::string::npos) << listed.out;
}

TEST_F(TcpTls, MutualTlsNeedsAClientCertificateSignedByTheClientCa) {
  std::string token = addToken("alice");
  int port = freeLoopbackPort();
  auto owner = startTls(port, {"--tls-client-ca", certs_.caCert});
  TlsClient withCert(port, {certs_.caCert, certs_.clientCert, certs_.clientKey});
  EXPECT_TRUE(isResult(initializeWith(withCert.client(), "alice-editor", {{"token", token}})));

  // TLS 1.3: the client's handshake may end before the server checks its
  // certificate; either way no JSON-RPC is served.
  for (auto options : {trusting(), TlsClient::Options{certs_.caCert, certs_.strangerCert, certs_.strangerKey}}) {
    try {
      TlsClient refused(port, options);
      refused.client().send("initialize", {{"processId", nullptr}, {"capabilities", json::object()}});
      EXPECT_TRUE(refused.client().waitClosed()) << "served a client without a certificate from the client CA";
      EXPECT_EQ(refused.client().arrivalCount(), 0u);
    } catch (const std::exception&) {
      // Refused during the handshake: what we want.
    }
  }
}

TEST_F(TcpTls, ANonLoopbackAddressWithoutTlsOrATokenIsRefusedAtStartWithTheFlagsThatFixIt) {
  int port = freeLoopbackPort();
  const std::string anyAddress = "0.0.0.0:" + std::to_string(port);
  RunOutput none = runWithEnv(ServerProcess::binary(), {"--db", db_, "--listen", anyAddress}, env());
  EXPECT_EQ(none.exitCode, 2) << none.err;
  EXPECT_NE(none.err.find("--tls-cert"), std::string::npos) << none.err;
  EXPECT_NE(none.err.find("--token-add"), std::string::npos) << none.err;

  // A token but no TLS: still refused, naming TLS only.
  addToken("alice");
  RunOutput noTls = runWithEnv(ServerProcess::binary(),
                               {"--db", db_, "--token-file", tokenFile_, "--listen", anyAddress}, env());
  EXPECT_EQ(noTls.exitCode, 2) << noTls.err;
  EXPECT_NE(noTls.err.find("--tls-cert FILE --tls-key FILE"), std::string::npos) << noTls.err;
  EXPECT_EQ(noTls.err.find("--token-add"), std::string::npos) << noTls.err;
}

TEST_F(TcpTls, BadCertificateOrKeyFilesAreAClearErrorAtStart) {
  int port = freeLoopbackPort();
  const std::string at = "127.0.0.1:" + std::to_string(port);
  RunOutput missing = runWithEnv(ServerProcess::binary(),
                                 {"--db", db_, "--no-stdio", "--listen", at, "--tls-cert", dir_.file("nope.pem"),
                                  "--tls-key", certs_.serverKey},
                                 env());
  EXPECT_EQ(missing.exitCode, 1) << missing.err;
  EXPECT_NE(missing.err.find("--tls-cert"), std::string::npos) << missing.err;
  // A key that is not the certificate's.
  RunOutput mismatch = runWithEnv(ServerProcess::binary(),
                                  {"--db", db_, "--no-stdio", "--listen", at, "--tls-cert", certs_.serverCert,
                                   "--tls-key", certs_.clientKey},
                                  env());
  EXPECT_EQ(mismatch.exitCode, 1) << mismatch.err;
  EXPECT_NE(mismatch.err.find("does not belong"), std::string::npos) << mismatch.err;
  // A key file that is not PEM at all.
  std::ofstream(dir_.file("garbage.key")) << "not a key\n";
  RunOutput garbage = runWithEnv(ServerProcess::binary(),
                                 {"--db", db_, "--no-stdio", "--listen", at, "--tls-cert", certs_.serverCert,
                                  "--tls-key", dir_.file("garbage.key")},
                                 env());
  EXPECT_EQ(garbage.exitCode, 1) << garbage.err;
  EXPECT_NE(garbage.err.find("--tls-key"), std::string::npos) << garbage.err;
}

}  // namespace
}  // namespace grove::test
