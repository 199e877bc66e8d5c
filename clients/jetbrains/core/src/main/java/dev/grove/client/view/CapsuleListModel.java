package dev.grove.client.view;

import dev.grove.client.api.GroveApi;
import dev.grove.client.model.Capsule;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The capsule list an IDE renders: each capsule's type, name, review state and whether it is
 * enabled in the open project, with review, enable/disable here, edit and delete. The core refuses
 * to enable a capsule that still needs review; {@link Row#canEnable()} says so before the user tries.
 */
public final class CapsuleListModel extends Observable<List<CapsuleListModel.Row>> {
  /** One capsule as shown. {@code reviewState} is "reviewed", "review pending" or "not reviewed". */
  public record Row(Capsule capsule, String reviewState, boolean enabledHere) {
    public boolean canEnable() {
      return enabledHere || !capsule.reviewPending();
    }
  }

  private final GroveApi api;
  private volatile String projectId;

  public CapsuleListModel(GroveApi api) {
    super(List.of());
    this.api = api;
  }

  /** The project whose "enabled here" the rows show (null: none open). */
  public CompletableFuture<Void> showProject(String projectId) {
    this.projectId = projectId;
    return refresh();
  }

  public CompletableFuture<Void> refresh() {
    String here = projectId;
    return api.capsuleList(null).thenAccept(list -> set(list.stream().map(c -> row(c, here)).toList()));
  }

  static Row row(Capsule c, String projectId) {
    String state = c.reviewed() ? "reviewed" : c.requiresReview() ? "review pending" : "not reviewed";
    return new Row(c, state, projectId != null && c.isEnabledIn(projectId));
  }

  public CompletableFuture<Void> review(String capsuleId) {
    return api.capsuleUpdate(capsuleId, null, null, null, true).thenCompose(c -> refresh());
  }

  /** Enables in the open project (refused by the core with reviewPending before review). */
  public CompletableFuture<Void> setEnabledHere(String capsuleId, boolean enabled) {
    if (projectId == null) return CompletableFuture.failedFuture(new IllegalStateException("no project open"));
    return api.capsuleSetEnabled(capsuleId, projectId, enabled).thenCompose(c -> refresh());
  }

  public CompletableFuture<Void> edit(String capsuleId, String name, String instruction, String example) {
    return api.capsuleUpdate(capsuleId, name, instruction, example, null).thenCompose(c -> refresh());
  }

  public CompletableFuture<Void> delete(String capsuleId) {
    return api.capsuleDelete(capsuleId).thenCompose(v -> refresh());
  }

  public Row find(String capsuleId) {
    for (Row r : get()) if (r.capsule().id().equals(capsuleId)) return r;
    return null;
  }
}
