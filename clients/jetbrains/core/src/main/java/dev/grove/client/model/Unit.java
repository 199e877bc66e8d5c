package dev.grove.client.model;

/**
 * One addressable piece of a conversation: a turn, a code selection, a note, or the placeholder a
 * delete leaves behind. Field values are the wire strings (role user/assistant/system, kind
 * message/code/note/placeholder, status complete/streaming/interrupted/error, scope
 * auto/included/excluded). {@code startsBranch} is true for a child that opens a branch rather
 * than continuing its parent's path.
 */
public record Unit(
    String id,
    String projectId,
    String parentId,
    String role,
    String kind,
    String content,
    String status,
    String scope,
    long seq,
    boolean startsBranch,
    String createdAt,
    String editedAt,
    CodeSource source) {

  public boolean isPlaceholder() {
    return "placeholder".equals(kind);
  }

  public boolean isStreaming() {
    return "streaming".equals(status);
  }
}
