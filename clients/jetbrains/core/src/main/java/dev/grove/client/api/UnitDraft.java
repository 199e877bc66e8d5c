package dev.grove.client.api;

import dev.grove.client.model.CodeSource;

/** The arguments of {@code grove/unit/append}: required fields in the factory, the rest chained. */
public final class UnitDraft {
  final String projectId;
  final String parentId;
  final String role;
  final String content;
  String kind;
  CodeSource source;
  BranchInfo branch;

  /** A branch to open with this unit: it then starts a branch instead of continuing the path. */
  public record BranchInfo(String title, String intent) {}

  private UnitDraft(String projectId, String parentId, String role, String content) {
    this.projectId = projectId;
    this.parentId = parentId;
    this.role = role;
    this.content = content;
  }

  /** A message unit; {@code parentId} null appends the root. */
  public static UnitDraft message(String projectId, String parentId, String role, String content) {
    return new UnitDraft(projectId, parentId, role, content);
  }

  /** A code selection captured from an editor, with where it came from and the user's memo. */
  public static UnitDraft code(String projectId, String parentId, String content, CodeSource source) {
    UnitDraft d = new UnitDraft(projectId, parentId, "user", content);
    d.kind = "code";
    d.source = source;
    return d;
  }

  public static UnitDraft note(String projectId, String parentId, String content) {
    UnitDraft d = new UnitDraft(projectId, parentId, "user", content);
    d.kind = "note";
    return d;
  }

  public UnitDraft kind(String kind) {
    this.kind = kind;
    return this;
  }

  public UnitDraft branch(String title, String intent) {
    this.branch = new BranchInfo(title, intent);
    return this;
  }
}
