#include "knowledge/WorkspaceUri.h"

#include <cctype>

#include "support/Error.h"

namespace grove::knowledge {

namespace {

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool unreserved(unsigned char c) {
  return std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

}  // namespace

std::string normalizeWorkspaceUri(const std::string& uri) {
  size_t b = uri.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) throw Error::invalidArg("workspaceUri", "workspaceUri must not be empty");
  size_t e = uri.find_last_not_of(" \t\r\n");
  std::string in = uri.substr(b, e - b + 1);
  std::string out;
  out.reserve(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '%' && i + 2 < in.size() && hexValue(in[i + 1]) >= 0 && hexValue(in[i + 2]) >= 0) {
      unsigned char c = static_cast<unsigned char>(hexValue(in[i + 1]) * 16 + hexValue(in[i + 2]));
      if (unreserved(c)) {
        out += static_cast<char>(c);
      } else {
        out += '%';
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(in[i + 1])));
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(in[i + 2])));
      }
      i += 2;
      continue;
    }
    out += in[i];
  }
  // "file:///" keeps its slash: it is the root, not a trailing separator.
  while (out.size() > 1 && out.back() == '/' && out.substr(out.size() - 3) != ":///" &&
         out.substr(out.size() - 2) != "//")
    out.pop_back();
  return out;
}

}  // namespace grove::knowledge
