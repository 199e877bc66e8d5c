package dev.grove.client.view;

import dev.grove.client.api.GroveApi;
import dev.grove.client.model.ProjectChanged;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The selected project's context tree with each unit's scope state at the cursor. Reloads (the
 * structure and the path's text, see {@link TreeLoad}, then scope/preview) whenever the server
 * reports a newer revision of that project.
 */
public final class ContextTreeModel extends Observable<ContextTree> {
  private final GroveApi api;
  private final Refresher refresher;
  private volatile String projectId;
  private volatile Throwable lastError;

  public ContextTreeModel(GroveApi api) {
    super(ContextTree.EMPTY);
    this.api = api;
    this.refresher = new Refresher(this::reload, e -> lastError = e);
  }

  /** Shows another project (null: none); returns when its tree is loaded. */
  public CompletableFuture<Void> select(String projectId) {
    this.projectId = projectId;
    return refresh();
  }

  public String projectId() {
    return projectId;
  }

  public CompletableFuture<Void> refresh() {
    return refresher.request();
  }

  public Throwable lastError() {
    return lastError;
  }

  /** Reloads when the change concerns this project and is newer than what is shown. */
  void onProjectChanged(ProjectChanged e) {
    String id = projectId;
    if (id == null || !id.equals(e.projectId())) return;
    if (e.revision() > 0 && e.revision() < get().revision()) return; // older than what is shown
    refresh();
  }

  private CompletableFuture<?> reload() {
    String id = projectId;
    if (id == null) {
      set(ContextTree.EMPTY);
      return CompletableFuture.completedFuture(null);
    }
    return TreeLoad.of(api, id).thenCompose((TreeLoad d) ->
        api.scopeMarks(id, ContextTree.cursorOf(d.project())).handle((preview, err) -> {
          if (!id.equals(projectId)) return null; // the user selected another project meanwhile
          // Without a preview the units are still worth showing; scope marks become UNKNOWN.
          set(ContextTree.build(d.project(), orEmpty(d.units()), orEmpty(d.branches()), preview));
          lastError = err;
          return null;
        }));
  }

  private static <T> List<T> orEmpty(List<T> l) {
    return l == null ? List.of() : l;
  }
}
