// Log: a tiny process-wide logger. Lines go to the --log-file when one is
// set, else to stderr (never stdout: that is the protocol channel).
//
// Nothing that could be a secret is ever passed here; redact() is a second
// line of defence that masks anything shaped like an API key.
#pragma once

#include <string>

namespace grove::log {

enum class Level { Debug, Info, Warn, Error };

/// Opens (appends to) a log file; returns false with `error` set on failure.
bool toFile(const std::string& path, std::string& error);
void setLevel(Level level);

void write(Level level, const std::string& message);
inline void debug(const std::string& m) { write(Level::Debug, m); }
inline void info(const std::string& m) { write(Level::Info, m); }
inline void warn(const std::string& m) { write(Level::Warn, m); }
inline void error(const std::string& m) { write(Level::Error, m); }

/// Masks tokens that look like API keys (sk-..., long opaque strings after
/// "key"/"token"/"Bearer").
std::string redact(const std::string& text);

}  // namespace grove::log
