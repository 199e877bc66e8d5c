package dev.grove.client.model;

import java.util.List;

/**
 * A structure suggestion (issue 7): branch here, return there, extract, exclude. It only takes
 * effect when the user resolves it with accept.
 */
public record Suggestion(
    String id,
    String projectId,
    String kind,
    List<String> anchorIds,
    String reason,
    double confidence,
    String source,
    String state,
    String createdAt) {

  public boolean isPending() {
    return "pending".equals(state);
  }
}
