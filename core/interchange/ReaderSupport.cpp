#include "interchange/ReaderSupport.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace grove::interchange {

bool forEachJsonLine(const std::string& path, std::vector<std::string>& skipped,
                     const std::function<void(const json&, int)>& line) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::string text;
  int number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) {
      // A writer killed mid-line leaves a partial last line: skip it, say so.
      skipped.push_back("line " + std::to_string(number) + ": not JSON, skipped");
      continue;
    }
    line(j, number);
  }
  return true;
}

std::optional<std::string> readTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::optional<json> readJsonFile(const std::string& path, std::string& error) {
  auto text = readTextFile(path);
  if (!text) {
    error = "cannot be read";
    return std::nullopt;
  }
  json j = json::parse(*text, nullptr, false);
  if (j.is_discarded()) {
    error = "not valid JSON (damaged or truncated)";
    return std::nullopt;
  }
  return j;
}

namespace {

// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
int64_t daysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

// Parses "YYYY-MM-DD?HH:MM:SS[.fff…]" and returns the rest after it.
bool parseDateTime(const std::string& t, int64_t& ms, size_t& rest) {
  int y, mo, d, h, mi, s;
  int n = 0;
  if (std::sscanf(t.c_str(), "%4d-%2d-%2d%*c%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &s, &n) != 6)
    return false;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return false;
  ms = (daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s) * 1000;
  size_t i = static_cast<size_t>(n);
  if (i < t.size() && t[i] == '.') {
    int64_t frac = 0, scale = 100;
    for (++i; i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])); ++i) {
      frac += (t[i] - '0') * scale;
      scale /= 10;
    }
    ms += frac;
  }
  rest = i;
  return true;
}

}  // namespace

int64_t isoToMs(const std::string& t) {
  int64_t ms = 0;
  size_t i = 0;
  if (!parseDateTime(t, ms, i)) return 0;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) {
    int oh = 0, om = 0;
    if (std::sscanf(t.c_str() + i + 1, "%2d:%2d", &oh, &om) >= 1) {
      int64_t off = (oh * 60 + om) * 60000;
      ms += t[i] == '+' ? -off : off;
    }
  }
  return ms;
}

int64_t localToMs(const std::string& t) {
  int64_t ms = 0;
  size_t i = 0;
  return parseDateTime(t, ms, i) ? ms : 0;
}

std::string str(const json& j, const char* key) {
  if (!j.is_object()) return {};
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string fileUri(const std::string& p) {
  if (p.empty() || p.find("://") != std::string::npos) return p;
  return "file://" + p;
}

std::string languageFor(const std::string& path) {
  static const std::pair<const char*, const char*> kExt[] = {
      {".ts", "typescript"}, {".tsx", "typescriptreact"}, {".js", "javascript"},
      {".py", "python"},     {".rs", "rust"},             {".go", "go"},
      {".cpp", "cpp"},       {".cc", "cpp"},              {".h", "cpp"},
      {".hpp", "cpp"},       {".c", "c"},                 {".java", "java"},
      {".lua", "lua"},       {".md", "markdown"},         {".json", "json"},
      {".rb", "ruby"},       {".kt", "kotlin"},           {".sh", "shellscript"}};
  auto dot = path.rfind('.');
  if (dot == std::string::npos) return {};
  std::string ext = path.substr(dot);
  for (auto& [e, lang] : kExt)
    if (ext == e) return lang;
  return {};
}

std::string blockText(const json& content) {
  if (content.is_string()) return content.get<std::string>();
  std::string out;
  if (!content.is_array()) return out;
  for (const auto& b : content) {
    if (b.is_string()) {
      appendBlock(out, b.get<std::string>());
      continue;
    }
    std::string type = str(b, "type");
    if (type == "text" || type == "input_text" || type == "output_text") appendBlock(out, str(b, "text"));
  }
  return out;
}

namespace {

constexpr size_t kBlockChars = 160;

std::string shorten(std::string s) {
  if (auto nl = s.find('\n'); nl != std::string::npos) s = s.substr(0, nl) + " …";
  if (s.size() > kBlockChars) {
    size_t cut = kBlockChars;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8 characters
    s = s.substr(0, cut) + " …";
  }
  return s;
}

}  // namespace

std::string toolCallBlock(const std::string& name, const json& input) {
  // The argument that says what the call was about, when there is one.
  std::string what;
  if (input.is_object()) {
    for (const char* key : {"file_path", "path", "command", "cmd", "pattern", "url", "query", "description"}) {
      auto it = input.find(key);
      if (it == input.end()) continue;
      if (it->is_string()) what = it->get<std::string>();
      else if (it->is_array()) {
        for (const auto& part : *it)
          if (part.is_string()) what += (what.empty() ? "" : " ") + part.get<std::string>();
      }
      if (!what.empty()) break;
    }
  } else if (input.is_string()) {
    what = input.get<std::string>();
  }
  return shorten("> tool " + (name.empty() ? std::string("call") : name) + (what.empty() ? "" : ": " + what));
}

std::string toolResultBlock(const std::string& text, bool isError) {
  size_t lines = text.empty() ? 0 : std::count(text.begin(), text.end(), '\n') + 1;
  std::string first = text.substr(0, text.find('\n'));
  std::string head = isError ? "> error: " : "> result: ";
  std::string out = shorten(head + first);
  if (lines > 1) out += " (" + std::to_string(lines) + " lines)";
  return out;
}

void appendBlock(std::string& text, const std::string& block) {
  if (block.empty()) return;
  if (!text.empty()) text += "\n\n";
  text += block;
}

std::string titleFrom(const std::string& text) {
  size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos) return "Imported conversation";
  std::string line = text.substr(start, text.find('\n', start) - start);
  if (line.size() > 80) {
    size_t cut = 80;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
    line = line.substr(0, cut) + "…";
  }
  return line;
}

void refuse(FileRead& read, const std::string& reason) { read.refused = read.path + ": " + reason; }

std::optional<json> readJsonOrRefuse(FileRead& read) {
  std::string error;
  auto doc = readJsonFile(read.path, error);
  if (!doc) refuse(read, error);
  return doc;
}

void addSession(FileRead& read, ImportedSession session, std::vector<ImportedMessage> messages) {
  if (messages.empty()) {
    refuse(read, "no conversation in it (no user prompt or answer)");
    return;
  }
  session.messages = std::move(messages);
  read.sessions.push_back(std::move(session));
}

bool majorAbove(const std::string& version, int newest) {
  if (version.empty() || !std::isdigit(static_cast<unsigned char>(version[0]))) return false;
  return std::atoi(version.c_str()) > newest;
}

}  // namespace grove::interchange
