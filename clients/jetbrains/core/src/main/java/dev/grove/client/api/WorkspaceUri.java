package dev.grove.client.api;

import java.nio.file.Path;

/**
 * The workspace URI Grove groups conversations by. It must be the same string in every editor
 * so one folder's conversations show up everywhere: VS Code sends {@code Uri.toString()} of the
 * folder, which has no trailing slash, while Java's {@code Path.toUri()} adds one for a directory.
 */
public final class WorkspaceUri {
  private WorkspaceUri() {}

  public static String of(Path folder) {
    String uri = folder.toAbsolutePath().normalize().toUri().toString();
    return uri.endsWith("/") && !uri.endsWith(":///") ? uri.substring(0, uri.length() - 1) : uri;
  }
}
