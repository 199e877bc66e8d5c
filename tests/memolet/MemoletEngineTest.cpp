// Memolets through the Engine on a real (in-memory) SQLite store: every
// memolet here was made by appending units, as a conversation makes them.
#include <gtest/gtest.h>

#include <algorithm>

#include "EngineFixture.h"
#include "support/Error.h"
#include "support/WordNet.h"

namespace grove::test {
namespace {

using Ids = std::vector<std::string>;

template <class F>
Error errorOf(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error thrown";
  return Error(ErrorKind::Storage, "none", "none");
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

struct Exchange {
  std::string question;
  std::string answer;
};

const Exchange kDocker[] = {
    {"How do I keep files when a docker container restarts?",
     "Mount a docker volume: docker run -v data:/var/lib/data keeps the files in the named volume "
     "when the container restarts."},
    {"Can two docker containers share that volume?",
     "Yes, mount the same named docker volume in both containers; both containers see the volume files."},
    {"How do I back up the files of a docker volume?",
     "Run a throwaway docker container that mounts the volume and tars its files into a backup archive."},
};
const Exchange kToml[] = {
    {"Which C++ library parses TOML?",
     "toml11 parses TOML documents into a value tree; toml++ is another header-only TOML parser."},
    {"How do I read a nested TOML table with toml11?",
     "Call toml::find(doc, \"server\", \"port\") to read a nested TOML table value with toml11."},
    {"Does toml11 report TOML parse errors with line numbers?",
     "Yes: toml11 throws toml::syntax_error, and its message shows the TOML line and column."},
};

class MemoletEngine : public EngineTest {
protected:
  void SetUp() override {
    EngineTest::SetUp();
    // A low percentile keeps a same-topic run together however the
    // similarities of these short texts spread (the tuned default is
    // exercised by memory_tests on the retrieval data).
    MemoletConfig c = engine->memoletConfig();
    c.segmentPercentile = 0.25;
    engine->setMemoletConfig(c);
  }

  /// A question and its answer below `parent`; returns {question id, answer id}.
  std::pair<std::string, std::string> ask(const std::optional<std::string>& parent, const Exchange& e,
                                          const std::string& project = {}) {
    AppendRequest q;
    q.projectId = project.empty() ? pid : project;
    q.parentId = parent;
    q.role = Role::User;
    q.content = e.question;
    std::string qid = engine->append(q).id;
    AppendRequest a = q;
    a.parentId = qid;
    a.role = Role::Assistant;
    a.content = e.answer;
    return {qid, engine->append(a).id};
  }

  /// Exchanges continuing from the project's cursor; returns the last answer.
  std::string converse(const std::string& project, std::initializer_list<Exchange> exchanges) {
    std::optional<std::string> at = engine->project(project).cursorId;
    for (const auto& e : exchanges) at = ask(at, e, project).second;
    return *at;
  }

  /// A new path of `exchanges` in the project; returns its units in order.
  Ids pathOf(const std::vector<Exchange>& exchanges) {
    std::optional<std::string> at;
    Ids path;
    for (const auto& e : exchanges) {
      auto [q, a] = ask(at, e);
      path.insert(path.end(), {q, a});
      at = a;
    }
    return path;
  }

  /// Docker volume exchanges around `inserted`, fourth of six on one path.
  Ids dockerPathAround(const Exchange& inserted) {
    const Exchange more[] = {
        {"Where does docker keep a named volume on the host?",
         "Docker keeps a named volume under /var/lib/docker/volumes on the host."},
        {"How do I list the docker volumes?", "docker volume ls lists every docker volume on the host."},
        {"How do I remove a docker volume nobody uses?",
         "docker volume prune removes every docker volume no container uses."},
    };
    return pathOf({kDocker[0], kDocker[1], more[0], inserted, more[1], more[2]});
  }

  Memolet citing(const std::string& unitId, const std::optional<std::string>& project = std::nullopt) {
    for (auto& m : engine->memolets(project ? project : std::optional<std::string>(pid)))
      if (std::count(m.sourceUnitIds.begin(), m.sourceUnitIds.end(), unitId)) return m;
    ADD_FAILURE() << "no memolet cites " << unitId;
    return {};
  }

  Ids searchIds(const std::string& query, const std::optional<std::string>& project = std::nullopt) {
    MemoletQuery q;
    q.query = query;
    q.projectId = project;
    Ids out;
    for (const auto& h : engine->searchMemolets(q)) out.push_back(h.memolet.id);
    return out;
  }

  std::string newProject(const std::string& title) { return engine->createProject(title, std::nullopt).id; }
};

// ---- Segmentation ------------------------------------------------------------

TEST_F(MemoletEngine, ExchangesOfOneTopicFormOneMemoletAndATopicChangeStartsTheNext) {
  std::optional<std::string> at;
  Ids docker, toml;
  for (const auto& e : kDocker) {
    auto [q, a] = ask(at, e);
    docker.insert(docker.end(), {q, a});
    at = a;
  }
  std::string firstId = citing(docker.front()).id;
  for (const auto& e : kToml) {
    auto [q, a] = ask(at, e);
    toml.insert(toml.end(), {q, a});
    at = a;
  }
  auto all = engine->memolets(pid);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].id, firstId) << "a closed memolet keeps its id";
  EXPECT_EQ(all[0].sourceUnitIds, docker);
  EXPECT_TRUE(all[0].closed);
  EXPECT_EQ(all[1].sourceUnitIds, toml);
  EXPECT_FALSE(all[1].closed);
  EXPECT_EQ(all[0].title, "How do I keep files when a docker container restarts?");
  EXPECT_TRUE(std::count(all[0].keywords.begin(), all[0].keywords.end(), "docker")) << all[0].keywords.size();
  EXPECT_TRUE(contains(engine->memolet(firstId).text, "Assistant: Run a throwaway docker container"));
  EXPECT_FALSE(contains(engine->memolet(firstId).text, "toml"));
}

TEST_F(MemoletEngine, AnExchangeOnABranchStartsItsOwnMemolet) {
  auto [q1, a1] = ask(std::nullopt, kDocker[0]);
  auto [q2, a2] = ask(a1, kDocker[1]);
  std::string main = citing(a2).id;
  // A sibling question below a1: same topic, but not below the open memolet's tail.
  AppendRequest q;
  q.projectId = pid;
  q.parentId = a1;
  q.content = kDocker[2].question;
  q.branch = AppendRequest::BranchInfo{};
  std::string bq = engine->append(q).id;
  std::string ba = bot(bq, kDocker[2].answer);
  Memolet branch = citing(ba);
  EXPECT_NE(branch.id, main);
  EXPECT_EQ(branch.sourceUnitIds, (Ids{bq, ba}));
  EXPECT_EQ(citing(a2).sourceUnitIds, (Ids{q1, a1, q2, a2}));
}

// A burst of exchanges for deferred indexing: two topics, then a branch from
// the middle of the memolet still open and one from the tip.
void burstOfExchanges(Engine& e, const std::string& project) {
  auto say = [&](const std::optional<std::string>& parent, Role role, const std::string& text, bool branch) {
    return appendTo(e, project, parent, role, text, branch);
  };
  std::optional<std::string> at;
  std::vector<std::string> answers;
  for (const auto* run : {kDocker, kToml})
    for (int i = 0; i < 3; ++i) {
      at = say(say(at, Role::User, run[i].question, false), Role::Assistant, run[i].answer, false);
      answers.push_back(*at);
    }
  // Below the first TOML answer (inside the memolet still open) and below the tip.
  say(say(answers[3], Role::User, kToml[2].question, true), Role::Assistant, kToml[2].answer, false);
  say(say(*at, Role::User, kDocker[1].question, true), Role::Assistant, kDocker[1].answer, false);
}
constexpr size_t kBurstUnits = 16;

// What segmentation made of a project, comparable across engines.
std::vector<std::string> shapeOf(const std::vector<Memolet>& ms) {
  std::vector<std::string> out;
  for (const auto& m : ms)
    out.push_back(m.title + " | " + m.summary + " | " + std::to_string(m.exchanges) +
                  (m.closed ? " closed | " : " open | ") + m.text);
  std::sort(out.begin(), out.end());
  return out;
}

class MemoletBurst : public MemoletEngine {
protected:
  /// The same burst in this test's engine (indexing each exchange as it
  /// lands) and in `deferred` (indexing left to indexMemolets); returns the
  /// deferred one's project.
  std::string burstInBoth(Engine& deferred) {
    deferred.setMemoletConfig(engine->memoletConfig());
    deferred.setDeferredMemoletIndexing(true);
    std::string dpid = deferred.createProject("test", std::nullopt).id;
    burstOfExchanges(*engine, pid);
    burstOfExchanges(deferred, dpid);
    return dpid;
  }
};

TEST_F(MemoletBurst, OnePassOverABurstMakesWhatIndexingEachExchangeAsItCameMakes) {
  // The server indexes a burst of appends in one pass that keeps the open
  // memolets in memory and writes them at its end; a bare engine indexes each
  // exchange inside its append. Both must segment alike, also where a branch
  // leaves from the middle of a memolet the pass has grown past.
  Engine deferred(makeTestStore(), Engine::Options{&clock});
  std::string dpid = burstInBoth(deferred);
  EXPECT_FALSE(deferred.indexMemolets(SIZE_MAX)) << "one pass indexes the whole burst";
  auto inline_ = shapeOf(engine->memolets(pid));
  EXPECT_GE(inline_.size(), 4u);
  EXPECT_EQ(shapeOf(deferred.memolets(dpid)), inline_);
}

TEST_F(MemoletBurst, ABatchThatMakesWayForRequestsStopsEarlyAndTheRestIndexesAlike) {
  // The Session's job stops a batch when a request waits for the engine
  // (after two units, so indexing always progresses): the burst then takes
  // many commits, each resuming where the last stopped, to the same memolets.
  Engine deferred(makeTestStore(), Engine::Options{&clock});
  std::string dpid = burstInBoth(deferred);
  size_t batches = 0;
  while (deferred.indexMemolets(SIZE_MAX, [] { return true; })) ASSERT_LT(++batches, 100u) << "indexing must end";
  EXPECT_GE(batches, kBurstUnits / 2) << "each batch made way after two units";
  EXPECT_FALSE(deferred.indexMemolets(SIZE_MAX, [] { return true; })) << "nothing is left";
  EXPECT_EQ(shapeOf(deferred.memolets(dpid)), shapeOf(engine->memolets(pid)));
}

TEST_F(MemoletEngine, OnlyAnswersToQuestionsAreIndexedAndStreamedAnswersWhenTheyLand) {
  std::string root = user(std::nullopt, "Notes for the docker migration");
  EXPECT_TRUE(engine->memolets(pid).empty()) << "a question alone is not an exchange";
  Unit streaming = engine->beginStream(pid, root, Role::Assistant);
  EXPECT_TRUE(engine->memolets(pid).empty()) << "a streaming answer is not indexed yet";
  engine->endStream(streaming.id, "Start with the docker volumes.", Status::Complete, true);
  ASSERT_EQ(engine->memolets(pid).size(), 1u);
  EXPECT_EQ(engine->memolets(pid)[0].sourceUnitIds, (Ids{root, streaming.id}));
}

// ---- Re-indexing -----------------------------------------------------------------

TEST_F(MemoletEngine, EditingAUnitRebuildsTheMemoletsCitingIt) {
  auto [q, a] = ask(std::nullopt, kDocker[0]);
  std::string id = citing(a).id;
  ASSERT_EQ(searchIds("tarball"), Ids{});
  engine->edit(a, "Use a bind mount instead, or copy the files out with docker cp into a tarball.");
  Memolet m = engine->memolet(id);
  EXPECT_TRUE(contains(m.text, "tarball"));
  EXPECT_FALSE(contains(m.text, "named volume"));
  EXPECT_EQ(searchIds("tarball"), Ids{id});
  EXPECT_EQ(searchIds("named volume restarts"), Ids{id}) << "the question still matches";
  engine->edit(q, "How do I export files from a container?");
  EXPECT_EQ(engine->memolet(id).title, "How do I export files from a container?");
}

TEST_F(MemoletEngine, ADeletedUnitsTextLeavesTheIndexAndUndoBringsItBack) {
  auto [q, a] = ask(std::nullopt, kDocker[0]);
  std::string id = citing(a).id;
  ASSERT_EQ(searchIds("var lib data"), Ids{id});
  engine->deleteUnits({a}, false, false);
  EXPECT_EQ(searchIds("var lib data"), Ids{}) << "the answer's words are gone";
  EXPECT_FALSE(contains(engine->memolet(id).text, "/var/lib/data"));
  EXPECT_EQ(searchIds("keep files"), Ids{id}) << "the question is still remembered";
  engine->deleteUnits({q}, false, false);
  EXPECT_TRUE(engine->memolets(pid).empty()) << "nothing left: the memolet is hidden";
  EXPECT_EQ(searchIds("keep files"), Ids{});
  engine->undo(pid);
  engine->undo(pid);
  EXPECT_EQ(searchIds("var lib data"), Ids{id});
  EXPECT_EQ(engine->memolet(id).sourceUnitIds, (Ids{q, a}));
}

TEST_F(MemoletEngine, ARolledBackBatchLeavesNoMemoletBehind) {
  engine->beginBatch();
  ask(std::nullopt, kDocker[0]);
  engine->abortBatch();
  EXPECT_TRUE(engine->memolets(pid).empty());
  EXPECT_EQ(searchIds("docker volume"), Ids{}) << "the in-memory index forgot it too";
}

// ---- Search --------------------------------------------------------------------

TEST_F(MemoletEngine, SearchFusesBm25AndVectorsWithReciprocalRanks) {
  std::string docker = citing(converse(pid, {kDocker[0]})).id;
  std::string other = newProject("toml");
  std::string toml = citing(converse(other, {kToml[0], kToml[2]}), other).id;

  // The fusion of whole-memolet rankings alone (the rankings of single
  // messages are the next test's).
  MemoletConfig whole = MemoletConfig::wholeMemolets();
  whole.segmentPercentile = engine->memoletConfig().segmentPercentile;  // the fixture's segmentation
  engine->setMemoletConfig(whole);
  MemoletQuery q;
  q.query = "docker volume files";
  auto hits = engine->searchMemolets(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].memolet.id, docker);
  EXPECT_TRUE(hits[0].focusUnitIds.empty());
  // First in the BM25 ranking of the query, in that of the query with its
  // thesaurus synonyms ("docker" and "volume" have some), and in the vector
  // ranking: 1/(60+1) three times.
  EXPECT_NEAR(hits[0].score, 3.0 / 61.0, 1e-9);
  ASSERT_FALSE(hits[0].sentences.empty());
  EXPECT_TRUE(contains(hits[0].sentences[0], "volume")) << hits[0].sentences[0];
  for (const auto& h : hits) EXPECT_NE(h.memolet.id, toml) << "no shared term, no match";

  MemoletConfig c = engine->memoletConfig();
  c.rrfK = 10;
  engine->setMemoletConfig(c);
  EXPECT_NEAR(engine->searchMemolets(q)[0].score, 3.0 / 11.0, 1e-9);
  // A query without thesaurus words or nouns WordNet has synonyms for is
  // ranked once by BM25.
  q.query = "named lib";
  EXPECT_NEAR(engine->searchMemolets(q)[0].score, 2.0 / 11.0, 1e-9);
  // The best results ranked once more by BM25 over what each holds, read
  // whole (MemoletConfig::rescoreDepth): first there too, at its weight.
  c.rescoreDepth = 10;
  c.rescoreWeight = 2;
  engine->setMemoletConfig(c);
  EXPECT_NEAR(engine->searchMemolets(q)[0].score, 2.0 / 11.0 + 2.0 / 11.0, 1e-9);
  c.rescoreDepth = 0;
  engine->setMemoletConfig(c);

  // Identifiers meet across spellings (code-aware tokens on both sides).
  EXPECT_EQ(searchIds("syntaxError lineNumbers"), Ids{toml});
  EXPECT_EQ(searchIds("toml", other), Ids{toml});
  EXPECT_EQ(searchIds("toml", pid), Ids{}) << "scoped to a project";
  EXPECT_EQ(errorOf([&] { searchIds("  "); }).field(), "query");
}

TEST_F(MemoletEngine, SearchFindsAnAnswerInTheWordsOfTheQuerysSynonyms) {
  // The answer says "docker", "volume" and "persist"; the question says
  // "container" and "losing files": no word in common, and a paraphrase is
  // how people ask (issue 13). The thesaurus's synonyms reach it, in the
  // BM25 ranking of whole memolets and in the rankings of single messages.
  std::string answer = converse(pid, {{"Where should Postgres store its tables?",
                                        "Mount a named docker volume at /var/lib/postgresql so the database persists."}});
  std::string other = newProject("toml");
  converse(other, {kToml[0], kToml[2]});
  MemoletQuery q;
  q.query = "my container is losing files";
  auto hits = engine->searchMemolets(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].memolet.id, citing(answer).id);
  for (const auto& h : hits) EXPECT_NE(h.memolet.projectId, other) << "the synonyms add no TOML";
}

TEST_F(MemoletEngine, SearchFindsAnAnswerThroughTheWordNetSynonymsOfTheQuerysNouns) {
  // No word in common and none the programming thesaurus knows: WordNet's
  // first sense of "children" is the synset of "kid".
  ASSERT_TRUE(WordNet::system().available()) << "wordnet-base is not installed (scripts/install-deps core)";
  std::string answer = converse(pid, {{"What is on the calendar for Friday?",
                                        "Take the kid to the dentist at nine on Friday."}});
  converse(newProject("toml"), {kToml[0], kToml[2]});
  EXPECT_EQ(searchIds("children"), Ids{citing(answer).id});
  MemoletConfig c = engine->memoletConfig();
  c.wordNetSenses = 0;
  engine->setMemoletConfig(c);
  EXPECT_EQ(searchIds("children"), Ids{}) << "without WordNet nothing matches";
}

TEST_F(MemoletEngine, SearchRanksSingleExchangesAndPointsAtTheOnesThatMatched) {
  // Six exchanges on one topic; the words of the query are in the fourth only.
  const Ids path = dockerPathAround(kDocker[2]);
  const std::string backupAnswer = path[7];
  MemoletConfig granular = MemoletConfig::granularSearch();
  granular.segmentPercentile = engine->memoletConfig().segmentPercentile;
  engine->setMemoletConfig(granular);
  MemoletQuery q;
  q.query = "tars a backup archive";
  auto hits = engine->searchMemolets(q);
  ASSERT_FALSE(hits.empty());
  const MemoletHit& top = hits[0];
  EXPECT_TRUE(std::count(top.memolet.sourceUnitIds.begin(), top.memolet.sourceUnitIds.end(), backupAnswer));
  // The first four exchanges make one memolet, the backup question its last:
  // the hit points at it and its neighbours on the path, the one after it in
  // the next memolet.
  ASSERT_EQ(top.memolet.sourceUnitIds, Ids(path.begin(), path.begin() + 8));
  EXPECT_EQ(top.focusUnitIds, Ids(path.begin() + 4, path.begin() + 10));
  // Ranked by whole memolets only, nothing is pointed at.
  MemoletConfig c = engine->memoletConfig();
  c.exchangeWeight = c.windowWeight = 0;
  engine->setMemoletConfig(c);
  for (const auto& h : engine->searchMemolets(q)) EXPECT_TRUE(h.focusUnitIds.empty());
}

TEST_F(MemoletEngine, AQueryMeetsItsWordsWrittenWithIesOrIed) {
  // The messages say "registries" and "copied"; the query says "registry"
  // and "copy", whose stems a plural "-ies" keeps but "-ied" cuts to "copi".
  // The store's message index holds words as written, where "registry" as
  // a prefix would not begin "registries" (text::otherSpelling).
  const Ids path = dockerPathAround({"Which registries did the image come from?",
                                     "We copied the image from two private registries into the cluster."});
  MemoletQuery q;
  q.query = "copy from a registry";
  auto hits = engine->searchMemolets(q);
  ASSERT_FALSE(hits.empty());
  const MemoletHit& top = hits[0];
  ASSERT_TRUE(std::count(top.memolet.sourceUnitIds.begin(), top.memolet.sourceUnitIds.end(), path[7]));
  // The window of three exchanges around the one that says both words: the
  // store's message index found it (without, nothing is pointed at).
  EXPECT_EQ(top.focusUnitIds, Ids(path.begin() + 4, path.begin() + 10));
  EXPECT_EQ(top.sentences.front(), "Assistant: We copied the image from two private registries into the cluster.");
}

TEST_F(MemoletEngine, TermsWeighByHowManyMemoletsHoldThemNotByHowManyDidWhenFirstSeen) {
  // The first memolet's indexing looks "kafka" up before any memolet holds
  // it. Forty more then hold it: by the time the last memolet is described,
  // "kafka" is in nearly all of them and "zookeeper" in none, so zookeeper is
  // the better keyword (equal counts in the text; ties go alphabetically).
  converse(pid, {{"How do I read a kafka topic?", "Use a kafka consumer on the topic."}});
  const char* words[] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"};
  for (int i = 0; i < 40; ++i) {
    const std::string w = std::string(words[i % 8]) + std::to_string(i);
    converse(newProject(w), {{"Where is the kafka " + w + " setting?", "The kafka " + w + " setting is in server.properties."}});
  }
  const std::string last = newProject("last");
  const std::string answer = converse(last, {{"Which zookeeper does kafka need?", "kafka needs a zookeeper ensemble."}});
  const Memolet m = citing(answer, last);
  auto rank = [&](const std::string& term) { return std::find(m.keywords.begin(), m.keywords.end(), term) - m.keywords.begin(); };
  ASSERT_LT(rank("zookeeper"), static_cast<long>(m.keywords.size()));
  EXPECT_LT(rank("zookeeper"), rank("kafka"));
}

TEST_F(MemoletEngine, AProjectScopedSearchRanksThatProjectsMatchesHoweverManyAreElsewhere) {
  // Sixty other conversations match the query far better than this one; the
  // scoped search still finds this project's memolet (the store's ranking is
  // tested beyond any fixed depth in StoreTests).
  const Exchange strong{"Which TOML parser parses TOML best?",
                        "For TOML, toml11 parses TOML; toml++ parses TOML too; any TOML parser parses TOML."};
  for (int i = 0; i < 60; ++i) converse(newProject("crowd " + std::to_string(i)), {strong});
  std::string mine = newProject("mine");
  std::string id = citing(converse(mine, {{"What about the build?", "The build reads one toml file; "
                                           "the rest is cmake and ninja configuration."}}),
                          mine)
                       .id;
  MemoletQuery q;
  q.query = "toml parser";
  q.projectId = mine;
  auto hits = engine->searchMemolets(q);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].memolet.id, id);
  for (const auto& h : hits) EXPECT_EQ(h.memolet.projectId, mine);
}

// ---- References and retrieval -------------------------------------------------------

TEST_F(MemoletEngine, AReferencedMemoletAlwaysReachesThePromptInFull) {
  std::string other = newProject("docker");
  Memolet docker = citing(converse(other, {kDocker[0], kDocker[1]}), other);
  RetrievalRequest r;
  r.projectId = pid;
  r.message = "Summarise @[Docker](memolet:" + docker.id + ") for a poem about sailing boats.";
  r.queries = {"sailing boats poem"};  // retrieval alone would never find it
  MemoletContext ctx = engine->memoletContext(r);
  ASSERT_EQ(ctx.referenced.size(), 1u);
  EXPECT_TRUE(ctx.retrieved.empty());
  EXPECT_TRUE(contains(ctx.section, "[MEMOLET: " + docker.title + " | memolet:" + docker.id + " | chat | MENTION]\n" +
                                        engine->memolet(docker.id).text));
  EXPECT_TRUE(contains(ctx.section, "[citation:ID]"));

  r.budgetTokens = 5;  // far too small: the reference stays whole anyway
  EXPECT_TRUE(contains(engine->memoletContext(r).section, engine->memolet(docker.id).text));

  r.message = "see @[Gone](memolet:m_nothing_here)";
  Error e = errorOf([&] { engine->memoletContext(r); });
  EXPECT_EQ(e.kind(), ErrorKind::NotFound);
  EXPECT_EQ(e.reason(), "memoletNotFound");
  EXPECT_EQ(e.id(), "m_nothing_here");
}

TEST_F(MemoletEngine, RetrievalDrawsFromOtherConversationsOrOnlyFromTheSandbox) {
  std::string a = newProject("a"), b = newProject("b");
  Memolet dockerA = citing(converse(a, {kDocker[0]}), a);
  Memolet dockerB = citing(converse(b, {kDocker[1]}), b);
  // This project's own exchange on the same topic is never retrieved (its
  // units follow the scope rules).
  Memolet own = citing(converse(pid, {kDocker[2]}));

  RetrievalRequest r;
  r.projectId = pid;
  r.message = "How do docker volumes keep container files?";
  auto ids = engine->memoletContext(r).ids();
  EXPECT_TRUE(std::count(ids.begin(), ids.end(), dockerA.id)) << "empty sandbox: other conversations";
  EXPECT_TRUE(std::count(ids.begin(), ids.end(), dockerB.id));
  EXPECT_FALSE(std::count(ids.begin(), ids.end(), own.id));

  engine->sandboxAdd(pid, dockerB.id);
  EXPECT_EQ(engine->memoletContext(r).ids(), Ids{dockerB.id}) << "a sandbox is the whole scope";
  engine->sandboxAdd(pid, own.id);
  ids = engine->memoletContext(r).ids();
  EXPECT_TRUE(std::count(ids.begin(), ids.end(), own.id)) << "what the user curated, including this project's";
  EXPECT_FALSE(std::count(ids.begin(), ids.end(), dockerA.id));

  r.message = "a haiku about autumn leaves";
  engine->sandboxRemove(pid, own.id);
  EXPECT_TRUE(engine->memoletContext(r).retrieved.empty()) << "nothing relevant, nothing retrieved";
  EXPECT_TRUE(engine->memoletContext(r).section.empty());
}

TEST_F(MemoletEngine, ARefinedPromptNeverShowsARemovedMemolet) {
  std::string p1 = newProject("1"), p2 = newProject("2"), p3 = newProject("3");
  Memolet docker = citing(converse(p1, {kDocker[0]}), p1);
  Memolet backup = citing(converse(p2, {kToml[0]}), p2);
  Memolet toml = citing(converse(p3, {kToml[1]}), p3);
  RetrievalRequest r;
  r.projectId = pid;
  r.message = "Compare @[Docker](memolet:" + docker.id + ") with the TOML notes [citation:" + docker.id + "].";
  RefineRequest f;
  f.remove = {docker.id};
  f.highlight = {toml.id};
  f.group = {{toml.id, backup.id, 0.7}};
  MemoletContext ctx = engine->refineContext(r, f);
  const std::string removedText = engine->memolet(docker.id).text;
  EXPECT_FALSE(contains(ctx.section, docker.id));
  EXPECT_FALSE(contains(ctx.section, removedText));
  EXPECT_FALSE(contains(ctx.section, "/var/lib/data"));
  EXPECT_TRUE(contains(ctx.section, "REMOVE_CONTEXT: 1 context removed by the user"));
  EXPECT_TRUE(contains(ctx.section, "GROUP_CONTEXT: " + toml.id + " (weight 0.70), " + backup.id + " (weight 0.30)"));
  auto ids = ctx.ids();
  EXPECT_FALSE(std::count(ids.begin(), ids.end(), docker.id));
  EXPECT_EQ(errorOf([&] { f.group = {{toml.id, backup.id, 1.5}}; engine->refineContext(r, f); }).field(), "group");
  f.group.clear();
  f.add = {"m_unknown"};
  EXPECT_EQ(errorOf([&] { engine->refineContext(r, f); }).reason(), "memoletNotFound");
}

// ---- Manual memolets ------------------------------------------------------------------

TEST_F(MemoletEngine, ManualMemoletsFromUnitsOrASpanWithAParentLink) {
  auto [q, a] = ask(std::nullopt, kDocker[0]);
  std::string parent = citing(a).id;
  MemoletCreateRequest r;
  r.projectId = pid;
  r.span = MemoletSpan{a, 0, 20};
  r.parentId = parent;
  Memolet span = engine->createMemolet(r);
  EXPECT_TRUE(span.manual);
  EXPECT_EQ(span.parentId, parent);
  EXPECT_EQ(engine->memolet(span.id).text, kDocker[0].answer.substr(0, 20));
  EXPECT_EQ(span.sourceUnitIds, Ids{a});

  MemoletCreateRequest units;
  units.projectId = pid;
  units.unitIds = {a, q};  // put back in conversation order
  units.title = "Volumes [keep] files";
  Memolet both = engine->createMemolet(units);
  EXPECT_EQ(both.sourceUnitIds, (Ids{q, a}));
  EXPECT_EQ(both.title, "Volumes (keep) files");

  r.span = MemoletSpan{a, 10, 5};
  EXPECT_EQ(errorOf([&] { engine->createMemolet(r); }).field(), "span");
  r.span = MemoletSpan{a, 0, 100000};
  EXPECT_EQ(errorOf([&] { engine->createMemolet(r); }).field(), "span");
  r.span = MemoletSpan{a, 0, 4};
  r.parentId = "m_nope";
  EXPECT_EQ(errorOf([&] { engine->createMemolet(r); }).reason(), "memoletNotFound");
  units.unitIds = {};
  EXPECT_EQ(errorOf([&] { engine->createMemolet(units); }).field(), "unitIds");
}

// ---- Map, completion, sandbox -------------------------------------------------------------

TEST_F(MemoletEngine, TheMapIsDeterministicAndClustersByTopic) {
  for (const auto& e : kDocker) converse(newProject("d"), {e});
  for (const auto& e : kToml) converse(newProject("t"), {e});
  MemoletMap first = engine->memoletMap(std::nullopt, 2);
  ASSERT_EQ(first.points.size(), 6u);
  ASSERT_EQ(first.clusters.size(), 2u);
  engine->dropCaches();
  MemoletMap again = engine->memoletMap(std::nullopt, 2);
  for (size_t i = 0; i < first.points.size(); ++i) {
    EXPECT_EQ(again.points[i].id, first.points[i].id);
    EXPECT_EQ(again.points[i].x, first.points[i].x);
    EXPECT_EQ(again.points[i].y, first.points[i].y);
    EXPECT_EQ(again.points[i].cluster, first.points[i].cluster);
    EXPECT_GE(first.points[i].x, 0.0);
    EXPECT_LE(first.points[i].x, 1.0);
  }
  // The three docker memolets share a cluster, the three TOML ones the other.
  EXPECT_EQ(first.points[0].cluster, first.points[1].cluster);
  EXPECT_EQ(first.points[1].cluster, first.points[2].cluster);
  EXPECT_EQ(first.points[3].cluster, first.points[4].cluster);
  EXPECT_NE(first.points[0].cluster, first.points[3].cluster);
  const auto& dockerCluster = first.clusters[first.points[0].cluster];
  EXPECT_EQ(dockerCluster.size, 3u);
  EXPECT_TRUE(std::count(dockerCluster.keywords.begin(), dockerCluster.keywords.end(), "docker"));
  // The placement is stored with the memolets.
  Memolet m = engine->memolet(first.points[4].id);
  EXPECT_EQ(m.cluster, first.points[4].cluster);
  EXPECT_EQ(m.x, first.points[4].x);
  EXPECT_EQ(errorOf([&] { engine->memoletMap(std::nullopt, 0); }).field(), "k");
}

TEST_F(MemoletEngine, CompletionPutsTheSandboxFirstAndInsertsAReference) {
  std::string other = newProject("other");
  Memolet inOther = citing(converse(other, {kDocker[1]}), other);
  Memolet here = citing(converse(pid, {kDocker[0]}));
  converse(pid, {kToml[0]});
  auto items = engine->completeMemolets("dock", pid, 10);
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].id, here.id) << "this project's before other conversations'";
  EXPECT_EQ(items[0].insertText, "@[" + here.title + "](memolet:" + here.id + ")");
  EXPECT_EQ(items[0].label, here.title);
  EXPECT_EQ(items[0].detail, here.summary);
  engine->sandboxAdd(pid, inOther.id);
  EXPECT_EQ(engine->completeMemolets("dock", pid, 10)[0].id, inOther.id) << "the sandbox first";
  EXPECT_EQ(engine->completeMemolets("", pid, 10)[0].id, inOther.id);
  EXPECT_EQ(engine->completeMemolets("tom", pid, 10).size(), 1u);
  EXPECT_TRUE(engine->completeMemolets("zebra", pid, 10).empty());
}

TEST_F(MemoletEngine, GroupsRewriteTheirSummaryWhenMembershipChanges) {
  std::string p1 = newProject("1"), p2 = newProject("2"), p3 = newProject("3");
  Memolet a = citing(converse(p1, {kDocker[0]}), p1);
  Memolet b = citing(converse(p2, {kDocker[1]}), p2);
  Memolet c = citing(converse(p3, {kToml[0]}), p3);
  Sandbox s = engine->sandboxGroup(pid, {a.id, b.id, c.id}, std::nullopt);
  ASSERT_EQ(s.groups.size(), 1u);
  EXPECT_EQ(s.memolets.size(), 3u) << "grouping adds to the sandbox";
  std::string before = s.groups[0].summary;
  EXPECT_EQ(before.rfind("These memories are related to the following topics: docker", 0), 0u) << before;
  EXPECT_TRUE(contains(before, c.title));
  s = engine->sandboxRemove(pid, c.id);
  ASSERT_EQ(s.groups.size(), 1u);
  EXPECT_EQ(s.groups[0].memoletIds, (Ids{a.id, b.id}));
  EXPECT_NE(s.groups[0].summary, before);
  EXPECT_FALSE(contains(s.groups[0].summary, c.title));
  s = engine->sandboxRemove(pid, b.id);
  EXPECT_TRUE(s.groups.empty()) << "one member is no group";
  s = engine->sandboxGroup(pid, {a.id, c.id}, std::string("Ops"));
  EXPECT_EQ(s.groups[0].title, "Ops");
  s = engine->sandboxUngroup(pid, s.groups[0].id);
  EXPECT_TRUE(s.groups.empty());
  EXPECT_EQ(s.memolets.size(), 2u);
  EXPECT_EQ(errorOf([&] { engine->sandboxUngroup(pid, "g_none"); }).reason(), "groupNotFound");
  EXPECT_EQ(errorOf([&] { engine->sandboxGroup(pid, {a.id, a.id}, std::nullopt); }).field(), "memoletIds");
  EXPECT_EQ(errorOf([&] { engine->sandboxAdd(pid, "m_none"); }).reason(), "memoletNotFound");
}

TEST_F(MemoletEngine, ChangesAreAnnouncedOnlyOnceDurable) {
  std::vector<MemoletEvent> seen;
  engine->setMemoletListener([&](const MemoletEvent& e) { seen.push_back(e); });
  engine->beginBatch();
  auto [q, a] = ask(std::nullopt, kDocker[0]);
  EXPECT_TRUE(seen.empty());
  engine->commitBatch();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].projectId, pid);
  EXPECT_EQ(seen[0].memoletIds, Ids{citing(a).id});
}

}  // namespace
}  // namespace grove::test
