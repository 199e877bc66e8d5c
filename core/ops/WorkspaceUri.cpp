#include "ops/WorkspaceUri.h"

#include <cctype>

namespace grove {

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

std::optional<std::string> normalizeWorkspaceUri(std::string_view uri) {
  size_t colon = uri.find(':');
  if (uri.empty() || colon == std::string_view::npos || colon == 0) return std::nullopt;
  for (size_t i = 0; i < colon; ++i) {
    unsigned char c = static_cast<unsigned char>(uri[i]);
    if (!(std::isalnum(c) || c == '+' || c == '-' || c == '.')) return std::nullopt;
  }
  std::string out;
  out.reserve(uri.size());
  for (size_t i = 0; i < uri.size(); ++i) {
    char c = uri[i];
    if (c == '%' && i + 2 < uri.size()) {
      int hi = hexValue(uri[i + 1]), lo = hexValue(uri[i + 2]);
      if (hi >= 0 && lo >= 0) {
        unsigned char decoded = static_cast<unsigned char>(hi * 16 + lo);
        if (unreserved(decoded)) {
          out.push_back(static_cast<char>(decoded));
        } else {
          const char* digits = "0123456789ABCDEF";
          out += '%';
          out += digits[hi];
          out += digits[lo];
        }
        i += 2;
        continue;
      }
    }
    out.push_back(i < colon ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : c);
  }
  while (out.size() > colon + 1 && out.back() == '/' && out[out.size() - 2] != '/') out.pop_back();
  return out;
}

}  // namespace grove
