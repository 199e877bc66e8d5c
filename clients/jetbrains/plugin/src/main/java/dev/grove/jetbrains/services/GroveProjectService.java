package dev.grove.jetbrains.services;

import com.intellij.notification.NotificationGroupManager;
import com.intellij.notification.NotificationType;
import com.intellij.openapi.Disposable;
import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.components.Service;
import com.intellij.openapi.diagnostic.Logger;
import com.intellij.openapi.project.Project;
import dev.grove.client.ClientEvent;
import dev.grove.client.ClientOptions;
import dev.grove.client.ClientState;
import dev.grove.client.GroveClient;
import dev.grove.client.api.WorkspaceUri;
import dev.grove.client.server.ProcessServerLauncher;
import dev.grove.client.server.ServerConnection;
import dev.grove.client.view.GroveViewModels;
import dev.grove.jetbrains.GroveBundle;
import dev.grove.jetbrains.settings.GroveSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.jetbrains.annotations.NotNull;

/**
 * Owns this IDE project's connection to grove-server (the core library's GroveClient, which
 * restarts a dying server by itself) and the view models bound to it. Started lazily, off the
 * EDT, by the first tool window or action that needs it; closed with the project.
 */
@Service(Service.Level.PROJECT)
public final class GroveProjectService implements Disposable {
  private static final Logger LOG = Logger.getInstance(GroveProjectService.class);

  private final Project project;
  private final List<Consumer<String>> projectSelectionListeners = new CopyOnWriteArrayList<>();
  private final List<Consumer<String>> revealListeners = new CopyOnWriteArrayList<>();
  private CompletableFuture<GroveClient> connecting; // guarded by this
  private volatile GroveClient client;
  private volatile GroveViewModels models;
  private volatile String currentProjectId;

  public GroveProjectService(@NotNull Project project) {
    this.project = project;
  }

  public static GroveProjectService getInstance(@NotNull Project project) {
    return project.getService(GroveProjectService.class);
  }

  /** The running client; starts the server on a pooled thread on first use. */
  public synchronized CompletableFuture<GroveClient> connect() {
    if (connecting != null && !connecting.isCompletedExceptionally()) return connecting;
    CompletableFuture<GroveClient> f = new CompletableFuture<>();
    connecting = f;
    ApplicationManager.getApplication().executeOnPooledThread(() -> {
      try {
        f.complete(startClient());
      } catch (RuntimeException e) {
        showNotification(NotificationType.ERROR, GroveBundle.message("server.startFailed", e.getMessage()));
        f.completeExceptionally(e);
      }
    });
    return f;
  }

  /**
   * Starts a new server with the current settings. The same GroveClient stays in place (the
   * launcher reads the settings at every launch), so open tool windows keep working.
   */
  public void restart() {
    GroveClient c = client;
    if (c != null) c.restart();
    else connect();
  }

  /** View models bound to the client; null before {@link #connect()} has completed. */
  public GroveViewModels models() {
    return models;
  }

  /** The conversation the actions and the tool window work on, or null. */
  public String currentProjectId() {
    return currentProjectId;
  }

  public void selectProject(String projectId) {
    currentProjectId = projectId;
    GroveViewModels m = models;
    if (m != null) m.selectProject(projectId);
    for (Consumer<String> l : projectSelectionListeners) l.accept(projectId);
  }

  public void addProjectSelectionListener(Consumer<String> l, Disposable parent) {
    projectSelectionListeners.add(l);
    com.intellij.openapi.util.Disposer.register(parent, () -> projectSelectionListeners.remove(l));
  }

  /** Shows a unit in every open Grove view (a click in the map-only tab reveals it in chat). */
  public void reveal(String unitId) {
    for (Consumer<String> l : revealListeners) l.accept(unitId);
  }

  public void addRevealListener(Consumer<String> l, Disposable parent) {
    revealListeners.add(l);
    com.intellij.openapi.util.Disposer.register(parent, () -> revealListeners.remove(l));
  }

  /** The IDE project's folder as a URI: Grove groups conversations by workspace. */
  public String workspaceUri() {
    Path base = baseDir();
    return base == null ? null : WorkspaceUri.of(base);
  }

  /** The IDE project's folder (the workspace of its board and knowledge map), or null. */
  public Path baseDir() {
    String base = project.getBasePath();
    return base == null ? null : Path.of(base);
  }

  public void showNotification(NotificationType type, String message) {
    NotificationGroupManager.getInstance().getNotificationGroup("Grove").createNotification(message, type)
        .notify(project);
  }

  @Override
  public void dispose() {
    GroveViewModels m = models;
    if (m != null) m.close();
    GroveClient c = client;
    if (c != null) c.close(); // shutdown + exit, bounded; kills a server that does not leave
  }

  private GroveClient startClient() {
    GroveClient c = new GroveClient(this::launchServer, ClientOptions.defaults("Grove JetBrains", pluginVersion()));
    c.addStateListener(this::onStateChanged);
    c.start();
    client = c;
    models = new GroveViewModels(c, workspaceUri());
    models.projects().refresh().thenRun(() -> {
      // Open the first conversation of this workspace, so the tool window is not empty.
      if (currentProjectId == null && !models.projects().get().isEmpty()) {
        selectProject(models.projects().get().get(0).id());
      }
    });
    return c;
  }

  /** Called for the first start and every restart, so settings changes take effect on restart. */
  private ServerConnection launchServer() throws IOException {
    GroveSettings.StateData s = GroveSettings.getInstance().getState();
    Path server = ProcessServerLauncher.locateServer(s.serverPath, null);
    if (server == null) throw new IOException(GroveBundle.message("server.notFound"));
    Path db = s.databasePath == null || s.databasePath.isBlank() ? null : Path.of(s.databasePath);
    return ProcessServerLauncher.forServer(server, db, GroveSettings.getInstance().serverEnvironment(),
        line -> LOG.info("grove-server: " + line)).launch();
  }

  private void onStateChanged(ClientEvent e) {
    if (e.state() == ClientState.READY && e.init() != null) showCoreStatus(e.init().coreStatusLine());
    if (e.state() == ClientState.RESTARTING && e.cause() != null) {
      showNotification(NotificationType.WARNING, GroveBundle.message("server.restarting", e.cause().getMessage()));
    } else if (e.state() == ClientState.FAILED && e.cause() != null) {
      showNotification(NotificationType.ERROR, GroveBundle.message("server.failed", e.cause().getMessage()));
    }
  }

  /** The status line: whether this IDE runs the core or joined one another editor runs. */
  private void showCoreStatus(String line) {
    com.intellij.openapi.application.ApplicationManager.getApplication().invokeLater(() -> {
      if (project.isDisposed()) return;
      var window = com.intellij.openapi.wm.ToolWindowManager.getInstance(project)
          .getToolWindow(dev.grove.jetbrains.toolWindow.GroveToolWindowFactory.ID);
      if (window != null) window.setTitle(line);
    });
  }

  private static String pluginVersion() {
    var plugin = com.intellij.ide.plugins.PluginManagerCore.getPlugin(
        com.intellij.openapi.extensions.PluginId.getId("dev.grove.jetbrains"));
    return plugin == null ? "dev" : plugin.getVersion();
  }
}
