#include "SharedSets.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "../support/JsonFile.h"

namespace grove::structure::eval {
using grove::testing::readJsonFile;

std::vector<Conversation> loadRealDev(const std::string& dir) {
  std::vector<Conversation> out;
  for (const char* file : {"/real-dev/aider-dev.json", "/real-dev/specstory-dev.json"}) {
    nlohmann::json j = readJsonFile(dir + file);
    for (const auto& c : j.at("conversations")) {
      Conversation conv;
      conv.id = c.at("id").get<std::string>();
      conv.split = "dev";
      conv.topic = c.value("domain", "");
      for (const auto& t : c.at("turns")) {
        Turn turn;
        turn.user = t.at("user").get<std::string>();
        turn.assistant = t.value("assistant", "");
        std::string label = t.at("label").get<std::string>();
        turn.label = label == "branch" || label == "return" ? label : "none";
        turn.scored = label != "unclear";
        turn.note = t.value("why", "");
        conv.turns.push_back(std::move(turn));
      }
      out.push_back(std::move(conv));
    }
  }
  return out;
}

std::vector<Dialogue> loadTiage(const std::string& dir, const std::string& split) {
  nlohmann::json j = readJsonFile(dir + "/tiage/anno_" + split + ".json");
  std::vector<Dialogue> out;
  for (const auto& [id, turns] : j.items()) {
    Dialogue d;
    d.id = id;
    for (const auto& t : turns) {
      d.turns.push_back(t.at(0).get<std::string>());
      d.shift.push_back(d.turns.size() > 1 && t.at(1).get<std::string>() == "1");
    }
    out.push_back(std::move(d));
  }
  return out;
}

AnalysisInput dialogueInput(const Dialogue& d, size_t i) {
  AnalysisInput in;
  for (size_t k = 0; k < i; ++k)
    in.path.push_back({"t" + std::to_string(k), (i - k) % 2 == 1 ? "assistant" : "user", d.turns[k]});
  in.message = d.turns.at(i);
  return in;
}

std::string benchmarksDir(const std::string& given, const std::string& sourceDir) {
  std::string dir = given.empty() ? sourceDir + "/../shared/benchmarks" : given;
  return std::filesystem::is_directory(dir) ? dir : std::string();
}

}  // namespace grove::structure::eval
