#include "transport/TokenFile.h"

#include <fcntl.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "support/Log.h"

namespace grove::transport {

namespace {

std::string hex(const unsigned char* bytes, size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(n * 2);
  for (size_t i = 0; i < n; ++i) {
    out += digits[bytes[i] >> 4];
    out += digits[bytes[i] & 15];
  }
  return out;
}

bool isHashHex(const std::string& s) {
  if (s.size() != 64) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

std::string nowIso() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::vector<std::string> splitTabs(const std::string& line) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    size_t tab = line.find('\t', start);
    parts.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) return parts;
    start = tab + 1;
  }
}

// The whole file, or nullopt when it does not exist.
std::optional<std::string> slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (errno == ENOENT) return std::nullopt;
    throw std::runtime_error("cannot read the token file " + path + ": " + std::strerror(errno));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Replaces the file with `text`: a private temporary beside it, renamed over
// it, so a reader never sees half a file.
void replaceFile(const std::string& path, const std::string& text) {
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw std::runtime_error("cannot write " + tmp + ": " + std::strerror(errno));
  ::fchmod(fd, 0600);  // whatever the umask
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int e = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      throw std::runtime_error("cannot write " + tmp + ": " + std::strerror(e));
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0 || ::rename(tmp.c_str(), path.c_str()) != 0) {
    int e = errno;
    ::unlink(tmp.c_str());
    throw std::runtime_error("cannot replace the token file " + path + ": " + std::strerror(e));
  }
}

// The file's lines without `name`'s (comments and other lines kept as they are).
std::string withoutName(const std::string& text, const std::string& name, bool* removed) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#' && splitTabs(line)[0] == name) {
      *removed = true;
      continue;
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace

std::string TokenFile::hashHex(std::string_view token) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (EVP_Digest(token.data(), token.size(), digest, &n, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("sha256 failed");
  return hex(digest, n);
}

std::vector<TokenEntry> TokenFile::read(const std::string& path, std::vector<std::string>* skipped) {
  std::vector<TokenEntry> entries;
  auto text = slurp(path);
  if (!text) return entries;
  std::istringstream in(*text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    auto parts = splitTabs(line);
    if (parts.size() < 2 || parts[0].empty() || !isHashHex(parts[1])) {
      if (skipped) skipped->push_back(path + ":" + std::to_string(number));
      continue;
    }
    entries.push_back({parts[0], parts[1], parts.size() > 2 ? parts[2] : std::string()});
  }
  return entries;
}

std::string TokenFile::newToken() {
  unsigned char random[32];
  if (RAND_bytes(random, sizeof random) != 1) throw std::runtime_error("no randomness for a token");
  return "grove_" + hex(random, sizeof random);
}

void TokenFile::checkName(const std::string& name) {
  if (name.empty() || name[0] == '#' || name.find_first_of("\t\r\n") != std::string::npos)
    throw std::runtime_error("a token's name must be non-empty, not start with #, and hold no tab or newline");
}

std::string TokenFile::now() { return nowIso(); }

std::string TokenFile::add(const std::string& path, const std::string& name) {
  checkName(name);
  std::string token = newToken();
  std::string text = slurp(path).value_or(
      "# Grove team tokens: name<TAB>sha256 of the token<TAB>created. Delete a line to revoke it.\n");
  if (!text.empty() && text.back() != '\n') text += "\n";
  bool replaced = false;
  text = withoutName(text, name, &replaced);
  text += name + "\t" + hashHex(token) + "\t" + nowIso() + "\n";
  replaceFile(path, text);
  return token;
}

bool TokenFile::revoke(const std::string& path, const std::string& name) {
  auto text = slurp(path);
  if (!text) return false;
  bool removed = false;
  std::string rest = withoutName(*text, name, &removed);
  if (removed) replaceFile(path, rest);
  return removed;
}

void TokenFile::reloadIfChanged() {
  struct stat st{};
  bool exists = ::stat(path_.c_str(), &st) == 0;
  if (loaded_ && exists == existed_ &&
      (!exists || (st.st_mtim.tv_sec == mtime_.tv_sec && st.st_mtim.tv_nsec == mtime_.tv_nsec &&
                   st.st_size == size_ && st.st_ino == inode_)))
    return;
  try {
    std::vector<std::string> skipped;
    entries_ = read(path_, &skipped);
    for (const auto& where : skipped) log::warn("ignoring a malformed line of the token file at " + where);
    if (loaded_) log::info("re-read the token file " + path_ + ": " + std::to_string(entries_.size()) + " tokens");
  } catch (const std::exception& e) {
    // Fail closed: a file we cannot read admits nobody by name.
    log::error(std::string(e.what()) + "; no personal token is accepted until it can be read");
    entries_.clear();
  }
  loaded_ = true;
  existed_ = exists;
  mtime_ = exists ? st.st_mtim : timespec{};
  size_ = exists ? st.st_size : -1;
  inode_ = exists ? st.st_ino : 0;
}

std::optional<std::string> TokenFile::nameFor(std::string_view token) {
  if (token.empty()) return std::nullopt;
  const std::string presented = hashHex(token);
  std::lock_guard<std::mutex> lock(mu_);
  reloadIfChanged();
  std::optional<std::string> found;
  // Every entry is compared, in constant time, so timing says nothing.
  for (const auto& e : entries_)
    if (CRYPTO_memcmp(e.hashHex.data(), presented.data(), presented.size()) == 0 && !found) found = e.name;
  return found;
}

bool TokenFile::hasTokens() {
  std::lock_guard<std::mutex> lock(mu_);
  reloadIfChanged();
  return !entries_.empty();
}

}  // namespace grove::transport
