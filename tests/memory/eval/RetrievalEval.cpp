#include "eval/RetrievalEval.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "eval/Fts5Index.h"
#include "memory/FtsText.h"
#include "memory/QueryVariants.h"
#include "memory/Rrf.h"
#include "text/Tokenizer.h"

namespace grove::memory::eval {
namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool startsWith(const std::string& s, std::string_view p) { return s.compare(0, p.size(), p) == 0; }

void trimTrailingNewlines(std::string& s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
}

std::vector<std::string> splitTabs(const std::string& line) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) break;
    start = tab + 1;
  }
  return out;
}

}  // namespace

Dataset loadDataset(const std::string& dir) {
  Dataset d;
  std::istringstream conv(readFile(dir + "/conversations.txt"));
  std::string line;
  std::string* field = nullptr;
  while (std::getline(conv, line)) {
    if (startsWith(line, "=== conversation ")) {
      auto colon = line.find(':');
      Conversation c;
      c.id = line.substr(17, colon - 17);
      c.title = colon == std::string::npos ? "" : line.substr(colon + 2);
      d.conversations.push_back(std::move(c));
      field = nullptr;
    } else if (startsWith(line, "--- exchange ")) {
      if (d.conversations.empty()) throw std::runtime_error("exchange outside a conversation");
      auto& c = d.conversations.back();
      if (std::stoul(line.substr(13)) != c.exchanges.size())
        throw std::runtime_error("exchange numbering in " + c.id + ": " + line);
      c.exchanges.emplace_back();
      field = nullptr;
    } else if (line == ">> user" || line == ">> assistant") {
      if (d.conversations.empty() || d.conversations.back().exchanges.empty())
        throw std::runtime_error("message outside an exchange");
      auto& e = d.conversations.back().exchanges.back();
      field = line == ">> user" ? &e.user : &e.assistant;
    } else if (field) {
      *field += line;
      *field += '\n';
    }
  }
  std::unordered_map<std::string, size_t> sizes;
  for (auto& c : d.conversations) {
    for (auto& e : c.exchanges) {
      trimTrailingNewlines(e.user);
      trimTrailingNewlines(e.assistant);
      if (e.user.empty() || e.assistant.empty())
        throw std::runtime_error("empty message in " + c.id);
    }
    sizes[c.id] = c.exchanges.size();
  }

  std::istringstream qs(readFile(dir + "/queries.tsv"));
  while (std::getline(qs, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto cols = splitTabs(line);
    if (cols.size() != 5) throw std::runtime_error("bad query line: " + line);
    Query q{cols[0], cols[1], cols[2], cols[4], {}};
    std::stringstream answers(cols[3]);
    std::string a;
    while (std::getline(answers, a, ',')) {
      auto colon = a.find(':');
      if (colon == std::string::npos) throw std::runtime_error("bad answer " + a);
      std::string c = a.substr(0, colon);
      size_t e = std::stoul(a.substr(colon + 1));
      if (!sizes.count(c) || e >= sizes[c]) throw std::runtime_error("unknown answer " + a);
      q.answers.push_back({c, e});
    }
    if (q.split != "tune" && q.split != "heldout") throw std::runtime_error("bad split " + q.id);
    if (q.kind != "direct" && q.kind != "paraphrase") throw std::runtime_error("bad kind " + q.id);
    d.queries.push_back(std::move(q));
  }
  return d;
}

const std::vector<std::string>& evalMethods() {
  static const std::vector<std::string> m = {"bm25",          "vector",          "bm25+vector",
                                             "bm25 variants", "vector variants", "fusion"};
  return m;
}

std::vector<Segment> segmentConversation(const Conversation& c, const EvalConfig& config,
                                         const TermStats* stats) {
  Segmenter seg(config.percentile, config.fallbackThreshold, config.maxExchanges);
  std::vector<text::HashedVector> vs;
  auto weight = stats ? stats->weight() : text::HashedVector::TermWeight{};
  for (auto& e : c.exchanges) vs.push_back(text::HashedVector::fromText(e.text(), config.dims, weight));
  return seg.segment(vs);
}

EvalResult runEval(const Dataset& data, const EvalConfig& config) {
  EvalResult r;
  Fts5Index fts;
  VectorIndex vectors(config.dims);
  std::unordered_map<std::string, const EvalMemolet*> byId;

  TermStats stats;
  if (config.idf)
    for (const auto& c : data.conversations)
      for (const auto& e : c.exchanges) stats.addDocument(text::tokenize(e.text()));
  const TermStats* statsPtr = config.idf && config.idfSegment ? &stats : nullptr;
  auto weight = config.idf ? stats.weight() : text::HashedVector::TermWeight{};

  size_t spanSum = 0;
  for (const auto& c : data.conversations) {
    for (const auto& s : segmentConversation(c, config, statsPtr)) {
      EvalMemolet m;
      m.id = c.id + "_" + std::to_string(s.begin) + "_" + std::to_string(s.end);
      m.conversation = c.id;
      m.span = s;
      for (size_t i = s.begin; i < s.end; ++i) m.text += c.exchanges[i].text() + "\n\n";
      spanSum += s.size();
      r.memolets.push_back(std::move(m));
    }
  }
  r.meanSpan = r.memolets.empty() ? 0.0 : double(spanSum) / double(r.memolets.size());
  TermStats memoletStats;  // document frequencies over memolets, as FTS5 sees them
  fts.begin();
  for (const auto& m : r.memolets) {
    memoletStats.addDocument(text::tokenize(m.text));
    fts.upsert(m.id, m.text);
    vectors.upsert(m.id, text::HashedVector::fromText(m.text, config.dims, weight).values());
    byId[m.id] = &m;
  }
  fts.commit();

  const int depth = static_cast<int>(config.depth);
  auto df = [&](std::string_view t) { return memoletStats.documentFrequency(t); };
  auto bm25 = [&](const std::string& q) {
    auto terms = selectQueryTerms(text::tokenize(q), df, memoletStats.documentCount(),
                                  config.maxQueryTerms, config.maxDocFraction);
    return fts.search(ftsMatchTokens(terms), depth);
  };
  auto vec = [&](const std::string& q) {
    std::vector<std::string> ids;
    auto qv = text::HashedVector::fromText(q, config.dims, weight);
    if (qv.empty()) return ids;
    for (auto& h : vectors.topK(qv.values(), config.depth)) ids.push_back(h.id);
    return ids;
  };
  auto fuse = [&](const std::vector<std::vector<std::string>>& lists,
                  const std::vector<double>& weights = {}) {
    std::vector<std::string> ids;
    for (auto& f : weightedReciprocalRankFusion(lists, weights, config.rrfK)) ids.push_back(f.id);
    return ids;
  };
  auto isHit = [&](const Query& q, const std::string& id) {
    const EvalMemolet& m = *byId.at(id);
    if (m.span.size() > config.maxHitSpan) return false;
    for (auto& [c, e] : q.answers)
      if (c == m.conversation && e >= m.span.begin && e < m.span.end) return true;
    return false;
  };

  // Sums per method and subset.
  struct Acc { size_t n = 0; double hits5 = 0, rr = 0; };
  std::map<std::string, std::map<std::string, Acc>> acc;
  for (const auto& q : data.queries) {
    auto variants = queryVariants(q.text, config.variants);
    std::vector<std::vector<std::string>> bmLists, vecLists, both;
    std::vector<double> w1, w2;
    for (auto& v : variants) {
      double w = bmLists.empty() ? config.originalWeight : 1.0;
      bmLists.push_back(bm25(v));
      vecLists.push_back(vec(v));
      both.push_back(bmLists.back());
      both.push_back(vecLists.back());
      w1.push_back(w);
      w2.push_back(w);
      w2.push_back(w * config.vectorWeight);
    }
    std::map<std::string, std::vector<std::string>> ranked = {
        {"bm25", bmLists[0]},
        {"vector", vecLists[0]},
        {"bm25+vector", fuse({bmLists[0], vecLists[0]}, {1.0, config.vectorWeight})},
        {"bm25 variants", fuse(bmLists, w1)},
        {"vector variants", fuse(vecLists, w1)},
        {"fusion", fuse(both, w2)},
    };
    for (auto& [method, ids] : ranked) {
      double rr = 0.0;
      bool in5 = false;
      for (size_t i = 0; i < ids.size() && i < config.depth; ++i) {
        if (isHit(q, ids[i])) {
          rr = 1.0 / double(i + 1);
          in5 = i < 5;
          break;
        }
      }
      for (const std::string split : {"all", q.split.c_str()})
        for (const std::string kind : {"all", q.kind.c_str()}) {
          auto& a = acc[method][split + "/" + kind];
          ++a.n;
          a.hits5 += in5 ? 1 : 0;
          a.rr += rr;
        }
    }
  }
  for (auto& [method, subsets] : acc)
    for (auto& [subset, a] : subsets)
      r.metrics[method][subset] = {a.n, a.n ? a.hits5 / double(a.n) : 0.0, a.n ? a.rr / double(a.n) : 0.0};
  return r;
}

}  // namespace grove::memory::eval
