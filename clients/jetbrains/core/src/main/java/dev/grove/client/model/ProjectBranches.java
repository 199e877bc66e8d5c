package dev.grove.client.model;

import java.util.List;

/**
 * What {@code grove/project/branches} returns: the project and a summary of each branch, an
 * answer the size of the branches rather than of the units. With a unit asked about,
 * {@code unitBranch} is the head of the branch holding it.
 */
public record ProjectBranches(Project project, List<Summary> branches, String unitBranch) {

  /** A branch as in {@link Branch}, with its size, last unit and first unit's head instead of its ids. */
  public record Summary(
      String headId,
      String anchorId,
      String title,
      String intent,
      String status,
      String summary,
      boolean isMainline,
      int unitCount,
      String tipId,
      String head) {}
}
