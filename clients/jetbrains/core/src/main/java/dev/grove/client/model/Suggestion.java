package dev.grove.client.model;

import java.util.List;

/**
 * A structure suggestion (issue 7): branch here, return to the parent path, extract a capsule,
 * exclude units. Nothing happens until the user resolves it with accept. Field values are the wire
 * strings: kind branch/return/extract/exclude, source native/model, state
 * pending/accepted/rejected/deferred/ignored. {@code anchorIds} are, per kind: branch {the unit the
 * branch hangs from}; return {branch head, parent path's tip}; extract the workflow's units;
 * exclude the units to exclude. {@code title}, {@code triggerUnitId}, {@code delegated} and (for
 * extract: reasoning/task_sop/context_case) {@code capsuleType} may be absent (null). Suggestions
 * from {@code analyze} are not stored and have the id "".
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
    String createdAt,
    String title,
    String triggerUnitId,
    Boolean delegated,
    String capsuleType) {

  public boolean isPending() {
    return "pending".equals(state);
  }

  /** The user asked for this action in words ("branch this off") rather than a detector noticing it. */
  public boolean isDelegated() {
    return Boolean.TRUE.equals(delegated);
  }

  public List<String> anchors() {
    return anchorIds == null ? List.of() : anchorIds;
  }
}
