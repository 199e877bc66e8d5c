package dev.grove.client.view;

import dev.grove.client.api.GroveApi;
import dev.grove.client.model.Project;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** The projects of a workspace (all projects when the workspace is null), as the server lists them. */
public final class ProjectListModel extends Observable<List<Project>> {
  private final GroveApi api;
  private final String workspaceUri;
  private final Refresher refresher;
  private volatile Throwable lastError;

  public ProjectListModel(GroveApi api, String workspaceUri) {
    super(List.of());
    this.api = api;
    this.workspaceUri = workspaceUri;
    this.refresher = new Refresher(
        () -> api.projectList(workspaceUri).thenAccept(this::set),
        e -> lastError = e);
  }

  public CompletableFuture<Void> refresh() {
    return refresher.request();
  }

  /** The failure of the latest reload, or null; the IDE shows it instead of stale silence. */
  public Throwable lastError() {
    return lastError;
  }

  public Project find(String projectId) {
    for (Project p : get()) if (p.id().equals(projectId)) return p;
    return null;
  }

  String workspaceUri() {
    return workspaceUri;
  }

  GroveApi api() {
    return api;
  }
}
