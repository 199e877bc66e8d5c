package dev.grove.client.model;

import java.util.List;

/**
 * A reusable pattern (Contextify's pattern capsule): type reasoning/task_sop/context_case, with an
 * instruction and an example. While {@code requiresReview && !reviewed} it cannot be enabled: an
 * offline extraction is extractive and must be read by the user first. {@code enabledIn} lists the
 * projects whose turns carry its {@code [PATTERN: type | name]} block.
 */
public record Capsule(
    String id,
    String type,
    String name,
    String instruction,
    String example,
    boolean requiresReview,
    boolean reviewed,
    List<String> enabledIn,
    String source,
    List<String> sourceUnitIds,
    String createdAt) {

  public boolean reviewPending() {
    return requiresReview && !reviewed;
  }

  public boolean isEnabledIn(String projectId) {
    return enabledIn != null && enabledIn.contains(projectId);
  }
}
