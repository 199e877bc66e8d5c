package dev.grove.client.webui;

import com.google.gson.JsonElement;
import com.google.gson.JsonPrimitive;
import dev.grove.client.NotificationListener;
import dev.grove.client.api.WorkspaceUri;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * What one tool-window tab of the web UI shows, so what its {@code init} says and which server
 * notifications reach it. The project views ({@code conversation}, {@code map}) follow the IDE's
 * current conversation; the workspace views ({@code board}, {@code knowledge}) show the IDE
 * project's folder (DESIGN.md §11 is per workspace), named by the same URI the other clients
 * send: Java's {@code Path.toUri()} with no trailing slash ({@link WorkspaceUri#of}).
 *
 * @param view the web UI's view name
 * @param workspaceUri the folder of a workspace view; null for a project view, and for a
 *     workspace view of an IDE project without a folder (the page then says to open one)
 */
public record WebUiView(String view, String workspaceUri) {
  public static final String CONVERSATION = "conversation";
  public static final String MAP = "map";
  public static final String BOARD = "board";
  public static final String KNOWLEDGE = "knowledge";

  private static final Set<String> PROJECT_VIEWS = Set.of(CONVERSATION, MAP);
  private static final Set<String> WORKSPACE_VIEWS = Set.of(BOARD, KNOWLEDGE);

  /**
   * The view of that name for an IDE project whose base folder is {@code folder} (null when the
   * project has none).
   *
   * @throws IllegalArgumentException for a name the web UI does not know
   */
  public static WebUiView of(String view, Path folder) {
    if (PROJECT_VIEWS.contains(view)) return new WebUiView(view, null);
    if (WORKSPACE_VIEWS.contains(view)) return new WebUiView(view, folder == null ? null : WorkspaceUri.of(folder));
    throw new IllegalArgumentException("not a web UI view: " + view);
  }

  public boolean isWorkspaceView() {
    return WORKSPACE_VIEWS.contains(view);
  }

  /**
   * Answers the page's {@code ready}: a project view shows the current conversation, a workspace
   * view no project but its folder.
   */
  public void init(WebUiRelay relay, String currentProjectId, List<String> methods) {
    relay.init(isWorkspaceView() ? null : currentProjectId, view, methods, workspaceUri);
  }

  /**
   * Whether a server notification belongs in this tab. A workspace view takes those of its
   * folder and those that name none ({@code $/progress} of its ingest, the suggestion
   * notifications); another folder's board or map changes stay out (VS Code's panels filter the
   * same way). A project view takes every notification: the page picks out its conversation's.
   */
  public boolean concerns(JsonElement params) {
    if (!isWorkspaceView()) return true;
    JsonElement uri = params != null && params.isJsonObject() ? params.getAsJsonObject().get("workspaceUri") : null;
    if (uri == null || !uri.isJsonPrimitive() || !((JsonPrimitive) uri).isString()) return true;
    return workspaceUri != null && WorkspaceUri.same(uri.getAsString(), workspaceUri);
  }

  /** A listener for the client that forwards to the page what {@link #concerns} this tab. */
  public NotificationListener forwarder(WebUiRelay relay) {
    return (method, params) -> {
      if (concerns(params)) relay.notification(method, params);
    };
  }
}
