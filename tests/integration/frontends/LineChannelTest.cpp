// LineChannel: newline-delimited JSON-RPC. Every kind of bad line gets one
// error answer with id null and the channel goes on reading; good lines come
// through whole, whatever the chunking.
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <thread>

#include "frontends/LineChannel.h"

namespace grove::frontends {
namespace {

using nlohmann::json;

struct Pipes {
  int toChannel[2];
  int fromChannel[2];
  Pipes() {
    EXPECT_EQ(::pipe(toChannel), 0);
    EXPECT_EQ(::pipe(fromChannel), 0);
  }
  ~Pipes() {
    for (int fd : {toChannel[0], toChannel[1], fromChannel[0], fromChannel[1]})
      if (fd >= 0) ::close(fd);
  }
  void write(const std::string& bytes) {
    ASSERT_EQ(::write(toChannel[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }
  void closeInput() {
    ::close(toChannel[1]);
    toChannel[1] = -1;
  }
  // Reads exactly `count` lines the channel wrote.
  std::vector<json> readLines(size_t count) {
    std::vector<json> lines;
    std::string buffer;
    char chunk[4096];
    while (lines.size() < count) {
      size_t nl = buffer.find('\n');
      if (nl != std::string::npos) {
        lines.push_back(json::parse(buffer.substr(0, nl)));
        buffer.erase(0, nl + 1);
        continue;
      }
      ssize_t n = ::read(fromChannel[0], chunk, sizeof chunk);
      if (n <= 0) break;
      buffer.append(chunk, static_cast<size_t>(n));
    }
    return lines;
  }
};

TEST(LineChannel, BadLinesAreAnsweredAndTheGoodOnesStillArrive) {
  Pipes p;
  LineChannel channel(p.toChannel[0], p.fromChannel[1], 1000);
  std::thread writer([&] {
    p.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\"}\n");
    p.write("not json\n");
    p.write(std::string(70000, 'x') + "\n");  // over the limit, across reads
    p.write(std::string(1500, 'y') + "\n");  // over the limit, in one read
    p.write("[1,2]\n");
    p.write(std::string(600, '[') + "\n");  // too deep
    p.write("\n   \n");
    p.write("{\"jsonrpc\":\"2.0\",\"method\":\"b\"}\r\n");
    p.write("{\"jsonrpc\":\"2.0\",\"id\":2,");  // one message in two writes
    p.write("\"method\":\"c\"}\n");
    p.write("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"last\"}");  // no final newline
    p.closeInput();
  });
  std::vector<std::string> methods;
  while (auto msg = channel.next()) methods.push_back((*msg)["method"]);
  writer.join();
  EXPECT_EQ(methods, (std::vector<std::string>{"a", "b", "c", "last"}));

  channel.flush();
  auto errors = p.readLines(5);
  ASSERT_EQ(errors.size(), 5u);
  std::vector<int> codes;
  for (const auto& e : errors) {
    EXPECT_TRUE(e["id"].is_null()) << e.dump();
    codes.push_back(e["error"]["code"]);
  }
  EXPECT_EQ(codes, (std::vector<int>{-32700, -32600, -32600, -32600, -32600}));
}

TEST(LineChannel, WritesOneMessagePerLineEvenWithNewlinesAndBadUtf8InStrings) {
  Pipes p;
  LineChannel channel(p.toChannel[0], p.fromChannel[1]);
  EXPECT_TRUE(channel.send(json{{"text", "two\nlines"}}));
  EXPECT_TRUE(channel.send(json{{"text", std::string("bad \xff byte")}}));
  EXPECT_TRUE(channel.sendError(7, -32602, "why", json{{"kind", "k"}}));
  channel.flush();
  auto lines = p.readLines(3);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0]["text"], "two\nlines");
  EXPECT_NE(lines[1]["text"].get<std::string>().find("bad "), std::string::npos);
  EXPECT_EQ(lines[2]["id"], 7);
  EXPECT_EQ(lines[2]["error"]["data"]["kind"], "k");
}

}  // namespace
}  // namespace grove::frontends
