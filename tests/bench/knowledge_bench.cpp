// grove_knowledge_bench: issue 17's document targets (a program that prints
// figures, not a test).
//
// usage: grove_knowledge_bench [--files N] [--recall [--misses] [--docs DIR --questions FILE]]
//
// Ingest: generates a workspace of N Markdown files (default 2,000, about
// 10 KB each: 20 MB) in a temporary folder, ingests it through the Session
// and the store (scan, chunking, FTS, summary tree), prints the time and the
// peak RSS; then changes one file and re-ingests it alone (what
// grove/workspace/refresh does on save), and re-ingests everything unchanged.
// Targets: < 60 s, < 300 MB, one changed file < 200 ms.
//
// --recall: for each labelled document set, ingests its folder and scores
// recall@5 of the tree retrieval (level rule, BM25 + vectors, RRF) against
// plain BM25 over the chunks. The sets: the project's docs/ with
// tests/data/knowledge/docs-questions.tsv, and Neovim's help files as the
// neovim-runtime package installs them with nvim-questions.tsv (skipped when
// the folder is missing); --docs DIR --questions FILE scores one other set.
// A question is labelled with a file and a verbatim quote (optionally an end
// quote) found in the file as it is now; it is found when a retrieved chunk of
// that file overlaps the quote's lines. A quote missing or found twice fails.
// --misses lists each question either method missed, with what each retrieved.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/Engine.h"
#include "knowledge/DocumentScan.h"
#include "knowledge/Retrieval.h"
#include "session/Session.h"
#include "store/SqliteStore.h"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using namespace grove;

double ms(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }

long peakRssMb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

struct Bench {
  fs::path root;
  Engine engine;
  session::Session session;
  explicit Bench(const fs::path& r)
      : root(r),
        engine(std::make_unique<SqliteStore>(SqliteStore::Options{(r / "grove.db").string()})),
        session(engine, session::SessionOptions{.deterministic = true}) {}

  session::KnowledgeIngestResult ingest(const std::string& ws, std::optional<std::vector<std::string>> paths = {}) {
    std::optional<Expected<session::KnowledgeIngestResult>> out;
    session::KnowledgeIngestRequest req;
    req.workspaceUri = ws;
    req.paths = std::move(paths);
    session.runLocked("bench", [&](Engine&) {
      session.knowledgeIngest().ingest(req, nullptr, [&](auto r) { out.emplace(std::move(r)); }, {});
    });
    session.runUntilIdle();
    if (!out || !*out) {
      std::fprintf(stderr, "ingest failed: %s\n", out ? out->error().what() : "never finished");
      std::exit(1);
    }
    return **out;
  }
};

// A vocabulary of made-up technical words, topics as word subsets, so the
// clusters are real and the text is not one repeated sentence.
std::string generateFile(std::mt19937& rng, int index, const std::vector<std::string>& vocab) {
  std::ostringstream out;
  int topic = index % 40;
  auto word = [&](bool onTopic) {
    size_t n = vocab.size();
    size_t base = static_cast<size_t>(topic) * 50 % n;
    return onTopic ? vocab[(base + rng() % 50) % n] : vocab[rng() % n];
  };
  out << "# Document " << index << " about " << word(true) << "\n\n";
  while (out.tellp() < 10000) {
    out << "## Section " << word(true) << " " << word(true) << "\n\n";
    for (int p = 0; p < 3; ++p) {
      for (int s = 0; s < 4; ++s) {
        int len = 8 + static_cast<int>(rng() % 10);
        for (int w = 0; w < len; ++w) out << (w ? " " : "") << word(rng() % 3 != 0);
        out << ". ";
      }
      out << "\n\n";
    }
  }
  return out.str();
}

int ingestBench(int files) {
  fs::path root = fs::temp_directory_path() / ("grove-knowledge-bench-" + std::to_string(::getpid()));
  fs::path ws = root / "ws";
  fs::create_directories(ws);
  std::mt19937 rng(17);
  std::vector<std::string> vocab;
  const char* syll[] = {"ka", "lo", "mi", "ter", "vex", "dra", "pon", "sil", "qua", "rem", "tix", "gor", "bel", "sun", "fay"};
  for (int i = 0; i < 3000; ++i) {
    std::string w;
    int n = 2 + static_cast<int>(rng() % 2);
    for (int j = 0; j < n; ++j) w += syll[rng() % 15];
    vocab.push_back(w);
  }
  size_t bytes = 0;
  for (int i = 0; i < files; ++i) {
    fs::path p = ws / ("area" + std::to_string(i % 20)) / ("doc" + std::to_string(i) + ".md");
    fs::create_directories(p.parent_path());
    std::string text = generateFile(rng, i, vocab);
    bytes += text.size();
    std::ofstream(p) << text;
  }
  std::string wsUri = knowledge::pathToFileUri(ws.string());
  std::printf("workspace: %d files, %.1f MB\n", files, static_cast<double>(bytes) / 1e6);
  {
    Bench b(root);
    auto t0 = Clock::now();
    auto r = b.ingest(wsUri);
    auto t1 = Clock::now();
    std::string levels;
    for (int l : r.levels) levels += (levels.empty() ? "" : ",") + std::to_string(l);
    std::printf("full ingest: %.1f s, %d documents, %d chunks, levels [%s], peak RSS %ld MB (targets < 60 s, < 300 MB)\n",
                ms(t0, t1) / 1000, r.documents, r.chunks, levels.c_str(), peakRssMb());
    // One changed file, re-ingested alone (the refresh path).
    fs::path changed = ws / "area3" / "doc3.md";
    std::ofstream(changed, std::ios::app) << "\nAn added paragraph about incremental ingestion.\n";
    auto t2 = Clock::now();
    auto one = b.ingest(wsUri, std::vector<std::string>{knowledge::pathToFileUri(changed.string())});
    auto t3 = Clock::now();
    std::printf("one changed file re-ingested: %.1f ms (%zu updated; target < 200 ms)\n", ms(t2, t3), one.updated.size());
    auto t4 = Clock::now();
    auto none = b.ingest(wsUri);
    auto t5 = Clock::now();
    std::printf("full re-ingest, nothing changed: %.1f s (%zu updated)\n", ms(t4, t5) / 1000, none.updated.size());
    std::string q = "What does document 7 say about " + vocab[7 * 50 % vocab.size()] + "?";
    auto t6 = Clock::now();
    size_t got = 0;
    b.session.runLocked("bench", [&](Engine& e) {
      got = knowledge::retrieve(e.knowledgeDocuments(), wsUri, q, knowledge::RetrievalLevel::Detail).size();
    });
    auto t7 = Clock::now();
    std::printf("one detail retrieval: %.1f ms (%zu chunks)\n", ms(t6, t7), got);
  }
  fs::remove_all(root);
  return 0;
}

struct Question {
  std::string text, file, quote, endQuote;
  int first = 0, last = 0;  // 1-based, inclusive: the quotes' lines in the file as it is now
};

// One labelled document set: a folder ingested as a workspace and its questions.
struct QuestionSet {
  std::string name;
  fs::path docs, questions;
  bool optional = false;  // a built-in set whose folder may be absent (skipped, not failed)
};

std::vector<Question> loadQuestions(const fs::path& file) {
  std::ifstream in(file);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", file.string().c_str());
    std::exit(1);
  }
  std::vector<Question> qs;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    Question q;
    std::getline(f, q.text, '\t');
    std::getline(f, q.file, '\t');
    std::getline(f, q.quote, '\t');
    std::getline(f, q.endQuote, '\t');
    if (q.quote.empty()) {
      std::fprintf(stderr, "%s: no quote for question \"%s\"\n", file.string().c_str(), q.text.c_str());
      std::exit(1);
    }
    qs.push_back(q);
  }
  return qs;
}

// The 1-based line of the only occurrence of `quote` in `text`, and the line
// its last character is on; fails loudly when the quote is missing or not
// unique, since a label that moved silently would score a wrong passage.
std::pair<int, int> quoteLines(const std::string& text, const std::string& quote, const Question& q) {
  size_t at = text.find(quote);
  size_t again = at == std::string::npos ? at : text.find(quote, at + 1);
  if (at == std::string::npos || again != std::string::npos) {
    std::fprintf(stderr, "question \"%s\": quote \"%s\" %s in %s\n", q.text.c_str(), quote.c_str(),
                 at == std::string::npos ? "not found" : "found more than once", q.file.c_str());
    std::exit(1);
  }
  auto lineOf = [&](size_t pos) { return 1 + static_cast<int>(std::count(text.begin(), text.begin() + pos, '\n')); };
  return {lineOf(at), lineOf(at + quote.size() - 1)};
}

void locate(const fs::path& docs, std::vector<Question>& qs) {
  for (auto& q : qs) {
    std::ifstream in(docs / q.file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "question \"%s\": no file %s\n", q.text.c_str(), q.file.c_str());
      std::exit(1);
    }
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto [first, last] = quoteLines(text, q.quote, q);
    q.first = first;
    q.last = last;
    if (!q.endQuote.empty()) {
      auto [from, to] = quoteLines(text, q.endQuote, q);
      if (from < first) {
        std::fprintf(stderr, "question \"%s\": end quote before the quote in %s\n", q.text.c_str(), q.file.c_str());
        std::exit(1);
      }
      q.last = to;
    }
  }
}

// The file a retrieved chunk belongs to, relative to the set's folder (for --misses).
std::string relativeFile(const QuestionSet& set, const std::string& uri) {
  std::string prefix = knowledge::pathToFileUri(set.docs.string()) + "/";
  return uri.rfind(prefix, 0) == 0 ? uri.substr(prefix.size()) : uri;
}

bool recallSet(const QuestionSet& set, bool misses) {
  if (!fs::is_directory(set.docs)) {
    std::fprintf(set.optional ? stdout : stderr, "%s: %s is missing%s\n", set.name.c_str(), set.docs.string().c_str(),
                 set.optional ? ", skipped" : "");
    return set.optional;
  }
  auto qs = loadQuestions(set.questions);
  locate(set.docs, qs);
  fs::path root = fs::temp_directory_path() / ("grove-knowledge-recall-" + std::to_string(::getpid()));
  fs::create_directories(root);
  int treeHits = 0, bm25Hits = 0, overview = 0;
  {
    Bench b(root);
    std::string ws = knowledge::pathToFileUri(set.docs.string());
    auto r = b.ingest(ws);
    std::printf("%s (%s): %d documents, %d chunks, %zu levels; %zu questions\n", set.name.c_str(),
                set.docs.string().c_str(), r.documents, r.chunks, r.levels.size(), qs.size());
    auto hit = [&](const Question& q, const std::string& uri, int startLine, int endLine) {
      // Chunk lines are 0-based, labels 1-based.
      return uri == knowledge::pathToFileUri((set.docs / q.file).string()) && startLine + 1 <= q.last &&
             endLine + 1 >= q.first;
    };
    b.session.runLocked("bench", [&](Engine& e) {
      auto& store = e.knowledgeDocuments();
      for (const auto& q : qs) {
        auto level = knowledge::chooseLevel(q.text, "");
        overview += level == knowledge::RetrievalLevel::Overview;
        std::string refined = knowledge::refineQuery(q.text);
        bool t = false, p = false;
        std::string treeFiles, bm25Files;
        for (const auto& c : knowledge::retrieve(store, ws, refined, level, 5)) {
          t = t || hit(q, c.leaf.uri, c.leaf.startLine, c.leaf.endLine);
          treeFiles += " " + relativeFile(set, c.leaf.uri) + ":" + std::to_string(c.leaf.startLine + 1);
        }
        for (const auto& c : knowledge::retrieveBm25(store, ws, refined, 5)) {
          p = p || hit(q, c.uri, c.startLine, c.endLine);
          bm25Files += " " + relativeFile(set, c.uri) + ":" + std::to_string(c.startLine + 1);
        }
        treeHits += t;
        bm25Hits += p;
        if (misses && !(t && p))
          std::printf("  miss (%s%s) \"%s\" wants %s:%d-%d\n    tree:%s\n    bm25:%s\n", t ? "" : "tree ",
                      p ? "" : "bm25", q.text.c_str(), q.file.c_str(), q.first, q.last, treeFiles.c_str(),
                      bm25Files.c_str());
      }
    });
  }
  fs::remove_all(root);
  double n = static_cast<double>(qs.size());
  std::printf("  recall@5 tree retrieval: %.3f (%d/%zu; %d routed to the summaries)\n", treeHits / n, treeHits,
              qs.size(), overview);
  std::printf("  recall@5 plain chunk BM25: %.3f (%d/%zu)\n", bm25Hits / n, bm25Hits, qs.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int files = 2000;
  bool recall = false, misses = false;
  std::string docs, questions;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--files") == 0 && i + 1 < argc) files = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--recall") == 0) recall = true;
    else if (std::strcmp(argv[i], "--misses") == 0) misses = true;
    else if (std::strcmp(argv[i], "--docs") == 0 && i + 1 < argc) docs = argv[++i];
    else if (std::strcmp(argv[i], "--questions") == 0 && i + 1 < argc) questions = argv[++i];
    else {
      std::fprintf(stderr, "usage: grove_knowledge_bench [--files N] [--recall [--misses] [--docs DIR --questions FILE]]\n");
      return 2;
    }
  }
  if (!recall) return ingestBench(files);
  if (docs.empty() != questions.empty()) {
    std::fprintf(stderr, "--docs and --questions go together\n");
    return 2;
  }
  fs::path source = GROVE_SOURCE_DIR;
  std::vector<QuestionSet> sets;
  if (!docs.empty())
    sets.push_back({"given set", fs::absolute(docs), fs::absolute(questions), false});
  else
    sets = {{"docs/", source / "docs", source / "tests/data/knowledge/docs-questions.tsv"},
            {"Neovim help", "/usr/share/nvim/runtime/doc", source / "tests/data/knowledge/nvim-questions.tsv", true}};
  bool ok = true;
  for (const auto& set : sets) ok = recallSet(set, misses) && ok;
  return ok ? 0 : 1;
}
