// ReaderSupport: what every history reader shares: reading a JSON-lines file
// line by line (a line that does not parse is skipped and reported, a
// truncated last line too), times in the sources' shapes, file URIs, and the
// short blocks tool calls and results are folded into an assistant unit as.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "interchange/ImportedSession.h"

namespace grove::interchange {

using nlohmann::json;

/// Calls `line` with each parsed line (1-based number); lines that are not
/// JSON go to `skipped`. Returns false when the file cannot be read.
bool forEachJsonLine(const std::string& path, std::vector<std::string>& skipped,
                     const std::function<void(const json&, int)>& line);
/// The whole file parsed as one JSON document; nullopt with `error` set.
std::optional<json> readJsonFile(const std::string& path, std::string& error);
/// The file's bytes; nullopt when it cannot be read.
std::optional<std::string> readTextFile(const std::string& path);

/// ISO-8601 / RFC 3339 ("2026-05-02T09:00:00.000Z", offsets allowed) to ms
/// since the epoch; 0 when it does not parse.
int64_t isoToMs(const std::string& text);
/// "YYYY-MM-DD HH:MM:SS[.ffffff]" taken as UTC (Aider writes local time
/// without a zone; see docs/decisions.md).
int64_t localToMs(const std::string& text);

/// A field as a string, "" when absent or not a string.
std::string str(const json& j, const char* key);
/// A path or URI as a file:// URI (a URI is kept as it is).
std::string fileUri(const std::string& pathOrUri);
/// A language id from a file name's extension ("" when unknown).
std::string languageFor(const std::string& path);

/// The text of a message content that is a string or an array of blocks
/// ({type: "text"|"input_text"|"output_text", text}); other blocks ignored.
std::string blockText(const json& content);

/// One short line for a tool call: "> tool Read: /src/pager.ts".
std::string toolCallBlock(const std::string& name, const json& input);
/// One short line for a tool result: "> result: first line … (N lines)".
std::string toolResultBlock(const std::string& text, bool isError);
/// Appends `block` to `text` as a paragraph of its own.
void appendBlock(std::string& text, const std::string& block);

/// The first line of a user message, shortened: a title when the source has none.
std::string titleFrom(const std::string& text);

/// Refuses a file: `read.refused = path + ": " + reason`.
void refuse(FileRead& read, const std::string& reason);
/// The file of `read` parsed as one JSON document, or nullopt with the file
/// refused (cannot be read, or damaged).
std::optional<json> readJsonOrRefuse(FileRead& read);
/// Adds `session` with `messages` to `read`, or refuses the file when there
/// are none (nothing was said in it).
void addSession(FileRead& read, ImportedSession session, std::vector<ImportedMessage> messages);
/// `version` ("2.1.40") has a major number above `newest`.
bool majorAbove(const std::string& version, int newest);

}  // namespace grove::interchange
