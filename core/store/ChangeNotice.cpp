#include "store/ChangeNotice.h"

#include <cstdlib>
#include <sstream>

namespace grove {

std::string ChangeNotice::text() const {
  std::string out = instance + '\t' + kind + '\t' + id + '\t' + std::to_string(revision) + '\t' + op + '\t';
  for (size_t i = 0; i < ids.size(); ++i) out += (i ? "," : "") + ids[i];
  return out;
}

std::optional<ChangeNotice> ChangeNotice::parse(const std::string& text) {
  std::vector<std::string> fields;
  std::stringstream in(text);
  for (std::string f; std::getline(in, f, '\t');) fields.push_back(f);
  if (text.size() && text.back() == '\t') fields.emplace_back();  // no unit ids
  if (fields.size() != 6 || fields[0].empty() || fields[1].empty() || fields[2].empty()) return std::nullopt;
  char* end = nullptr;
  long long revision = std::strtoll(fields[3].c_str(), &end, 10);
  if (fields[3].empty() || *end != '\0') return std::nullopt;
  ChangeNotice n{fields[0], fields[1], fields[2], revision, fields[4], {}};
  std::stringstream ids(fields[5]);
  for (std::string one; std::getline(ids, one, ',');)
    if (!one.empty()) n.ids.push_back(one);
  return n;
}

}  // namespace grove
