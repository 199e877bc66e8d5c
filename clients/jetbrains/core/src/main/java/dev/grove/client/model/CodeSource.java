package dev.grove.client.model;

/**
 * Where a code unit came from. Lines are 0-based and characters count UTF-16 code units, as in
 * LSP, which is also what Java strings and IntelliJ document offsets use, so no conversion is
 * needed on this side.
 */
public record CodeSource(
    String uri,
    Range range,
    String languageId,
    String memo,
    String symbol,
    String gitCommit,
    String contentHash) {

  public record Position(int line, int character) {}

  public record Range(Position start, Position end) {}
}
