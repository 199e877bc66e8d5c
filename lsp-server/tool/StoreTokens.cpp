#include "tool/StoreTokens.h"

#include <sys/stat.h>

#include <cstdio>
#include <set>
#include <stdexcept>

#include "support/Log.h"
#include "transport/TokenFile.h"

namespace grove::tool {

using transport::TokenFile;

StoreTokens::StoreTokens(std::string db, std::string schema) : db_(std::move(db)), schema_(std::move(schema)) {}

StoreTokens::~StoreTokens() = default;

template <class T, class F>
T StoreTokens::ask(F&& read, T failed) {
  std::lock_guard<std::mutex> lock(mu_);
  try {
    // The core migrated the store before it listened.
    if (!conn_) conn_ = openSideConnection(db_, schema_, false);
    AccessTokenRows rows(*conn_);
    return read(rows);
  } catch (const std::exception& e) {
    log::error(std::string("cannot read the personal tokens in the store: ") + e.what() +
               "; no personal token is accepted until it can be read");
    conn_.reset();
    return failed;
  }
}

std::optional<std::string> StoreTokens::nameFor(std::string_view token) {
  if (token.empty()) return std::nullopt;
  const std::string hash = TokenFile::hashHex(token);
  return ask([&](AccessTokenRows& rows) { return rows.nameFor(hash); }, std::optional<std::string>());
}

bool StoreTokens::hasTokens() {
  // A store that cannot be read still needs a token: nobody gets in by name.
  return ask([](AccessTokenRows& rows) { return rows.any(); }, true);
}

std::string addStoreToken(const std::string& db, const std::string& schema, const std::string& name) {
  TokenFile::checkName(name);
  auto conn = openSideConnection(db, schema, true);
  std::string token = TokenFile::newToken();
  AccessTokenRows(*conn).put({name, TokenFile::hashHex(token), TokenFile::now()});
  return token;
}

bool revokeStoreToken(const std::string& db, const std::string& schema, const std::string& name) {
  auto conn = openSideConnection(db, schema, true);
  return AccessTokenRows(*conn).remove(name);
}

std::vector<AccessToken> listStoreTokens(const std::string& db, const std::string& schema) {
  auto conn = openSideConnection(db, schema, true);
  return AccessTokenRows(*conn).list();
}

size_t importTokenFile(const std::string& db, const std::string& file) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) return 0;
  auto entries = TokenFile::read(file);
  auto conn = openSideConnection(db, "", true);
  AccessTokenRows rows(*conn);
  std::set<std::string> named;
  for (const auto& have : rows.list()) named.insert(have.name);
  size_t moved = 0;
  for (const auto& e : entries) {
    if (named.count(e.name) || rows.nameFor(e.hashHex)) continue;
    rows.put({e.name, e.hashHex, e.created.empty() ? TokenFile::now() : e.created});
    named.insert(e.name);
    ++moved;
  }
  const std::string kept = file + ".imported";
  if (std::rename(file.c_str(), kept.c_str()) != 0)
    throw std::runtime_error("moved the tokens of " + file + " into the store but could not rename it to " + kept);
  log::info("moved " + std::to_string(moved) + " personal tokens from " + file + " into the store " + db +
            " (the file is kept as " + kept + "; tokens now live in the store)");
  return moved;
}

}  // namespace grove::tool
