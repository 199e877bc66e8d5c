package dev.grove.client.model;

/**
 * One conversation tree (DESIGN.md §4). Timestamps are ISO-8601 UTC strings as sent on the wire;
 * ids are opaque. {@code revision} grows with every change, which is how view models tell a stale
 * notification from a fresh one.
 */
public record Project(
    String id,
    String title,
    String workspaceUri,
    String mainlineStartId,
    String mainlineEndId,
    String cursorId,
    long revision,
    String createdAt,
    String updatedAt,
    String deletedAt) {

  public boolean isDeleted() {
    return deletedAt != null;
  }
}
