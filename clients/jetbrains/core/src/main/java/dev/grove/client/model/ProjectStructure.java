package dev.grove.client.model;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code grove/project/structure} returns: the project, its branches and every live unit
 * without its text, as parallel columns (index i of each is the i-th unit in seq order). A
 * 100,000-unit conversation is about 20 MB this way instead of the 80 of
 * {@code grove/project/get}.
 */
public record ProjectStructure(Project project, List<Branch> branches, Columns units) {

  /** The unit columns; {@code parent} holds the parent's index, -1 for the root. */
  public record Columns(
      List<String> id,
      List<Integer> parent,
      List<String> role,
      List<String> kind,
      List<String> status,
      List<String> scope,
      List<Long> seq,
      List<Boolean> startsBranch,
      List<String> head,
      List<CodeSource> source) {}

  /**
   * The units as records whose {@code content} is only their head (the first non-blank line of
   * the text's first characters); their timestamps are not part of the structure and are null.
   */
  public List<Unit> headUnits() {
    if (units == null || units.id() == null) return List.of();
    Columns c = units;
    String projectId = project == null ? null : project.id();
    int n = c.id().size();
    List<Unit> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int parent = c.parent().get(i);
      out.add(new Unit(c.id().get(i), projectId, parent < 0 ? null : c.id().get(parent), c.role().get(i),
          c.kind().get(i), c.head().get(i), c.status().get(i), c.scope().get(i), c.seq().get(i),
          c.startsBranch().get(i), null, null, c.source() == null ? null : c.source().get(i)));
    }
    return out;
  }
}
