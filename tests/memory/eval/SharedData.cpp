#include "eval/SharedData.h"

#include <unordered_map>

#include <nlohmann/json.hpp>

#include "../../support/JsonFile.h"

namespace grove::memory::eval {
namespace {

using grove::testing::readJsonFile;

std::string str(const nlohmann::json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

}  // namespace

Dataset loadLocomo(const std::string& dir) {
  Dataset d;
  nlohmann::json j = readJsonFile(dir + "/locomo/locomo-dev.json");
  for (const auto& sample : j) {
    Conversation c;
    c.id = str(sample.at("sample_id"));
    const auto& conv = sample.at("conversation");
    std::unordered_map<std::string, size_t> turnOf;
    for (int s = 1; conv.contains("session_" + std::to_string(s)); ++s) {
      std::string key = "session_" + std::to_string(s);
      std::string date = conv.value(key + "_date_time", "");
      // Consecutive turns pair up into exchanges, as Grove stores a
      // two-person conversation (one message and its reply).
      const auto& turns = conv.at(key);
      for (size_t i = 0; i < turns.size(); ++i) {
        const auto& t = turns[i];
        std::string text = "[" + date + "] " + str(t.at("speaker")) + ": " + str(t.at("text"));
        if (t.contains("blip_caption")) text += " (shares a photo: " + str(t.at("blip_caption")) + ")";
        if (i % 2 == 0) c.exchanges.push_back({text, ""});
        else c.exchanges.back().assistant = text;
        turnOf[str(t.at("dia_id"))] = c.exchanges.size() - 1;
      }
    }
    int n = 0;
    for (const auto& qa : sample.at("qa")) {
      ++n;
      // Category 5 is adversarial: the conversation does not answer it.
      if (!qa.contains("evidence") || str(qa.at("category")) == "5") continue;
      Query q;
      q.id = c.id + "-q" + std::to_string(n);
      q.split = "dev";
      q.kind = "locomo-" + str(qa.at("category"));
      q.text = str(qa.at("question"));
      for (const auto& e : qa.at("evidence")) {
        auto it = turnOf.find(str(e));
        if (it != turnOf.end()) q.answers.push_back({c.id, it->second});
      }
      if (!q.answers.empty()) d.queries.push_back(std::move(q));
    }
    d.conversations.push_back(std::move(c));
  }
  return d;
}

Dataset loadRealDevRetrieval(const std::string& dir) {
  Dataset d;
  for (const char* file : {"/real-dev/aider-dev.json", "/real-dev/specstory-dev.json"}) {
    nlohmann::json j = readJsonFile(dir + file);
    for (const auto& c : j.at("conversations")) {
      Conversation conv;
      conv.id = c.at("id").get<std::string>();
      for (const auto& t : c.at("turns")) conv.exchanges.push_back({str(t.at("user")), t.value("assistant", "")});
      int n = 0;
      for (const auto& qj : c.value("queries", nlohmann::json::array())) {
        Query q;
        q.id = conv.id + "-q" + std::to_string(++n);
        q.split = "dev";
        q.kind = qj.value("type", "exact");
        q.text = qj.at("query").get<std::string>();
        for (const auto& t : qj.at("turns"))
          if (t.get<size_t>() < conv.exchanges.size()) q.answers.push_back({conv.id, t.get<size_t>()});
        if (!q.answers.empty()) d.queries.push_back(std::move(q));
      }
      d.conversations.push_back(std::move(conv));
    }
  }
  return d;
}

}  // namespace grove::memory::eval
