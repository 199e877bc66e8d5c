package dev.grove.jetbrains.toolWindow;

import com.google.gson.JsonObject;
import com.intellij.notification.NotificationType;
import com.intellij.openapi.Disposable;
import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.fileEditor.OpenFileDescriptor;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.util.Disposer;
import com.intellij.openapi.vfs.LocalFileSystem;
import com.intellij.openapi.vfs.VirtualFile;
import com.intellij.ui.jcef.JBCefBrowser;
import com.intellij.ui.jcef.JBCefBrowserBase;
import com.intellij.ui.jcef.JBCefJSQuery;
import dev.grove.client.ClientEvent;
import dev.grove.client.GroveClient;
import dev.grove.client.NotificationListener;
import dev.grove.client.webui.WebUiPage;
import dev.grove.client.webui.WebUiRelay;
import dev.grove.client.webui.WebUiView;
import dev.grove.jetbrains.services.GroveProjectService;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import javax.swing.JComponent;

/**
 * Hosts the shared web UI bundle in JCEF. Deliberately small: the channel logic (validation,
 * allowlist, cancel, notifications) is the core library's WebUiRelay; this class only moves
 * strings between the page and the relay and performs the few IDE actions the page asks for.
 */
final class WebUiPanel implements Disposable {
  private final Project project;
  private final GroveProjectService service;
  private final GroveClient client;
  private final WebUiView view;
  private final JBCefBrowser browser;
  private final JBCefJSQuery fromPage;
  private final WebUiRelay relay;
  private final NotificationListener forward;
  private final Consumer<ClientEvent> onRestart;

  WebUiPanel(Project project, GroveProjectService service, GroveClient client, WebUiView view) {
    this.project = project;
    this.service = service;
    this.client = client;
    this.view = view;
    this.browser = JBCefBrowser.createBuilder().build();
    this.fromPage = JBCefJSQuery.create((JBCefBrowserBase) browser);
    this.relay = new WebUiRelay(client, this::post, WebUiRelay.WEB_UI_REQUESTS, new Callbacks(),
        Duration.ofSeconds(30), Duration.ofMinutes(10));
    fromPage.addHandler(message -> {
      relay.handle(message);
      return null; // no reply through cefQuery: answers travel as posted messages
    });
    // A board or map tab gets its folder's notifications only (WebUiView.concerns).
    forward = view.forwarder(relay);
    client.addNotificationListener(forward);
    // A restarted server may have changed while we were away: make the page reload its project.
    onRestart = e -> {
      String current = service.currentProjectId();
      if (e.isRestart() && current != null && !view.isWorkspaceView()) relay.setProject(current);
    };
    client.addStateListener(onRestart);
    if (!view.isWorkspaceView()) {
      // The board and the map belong to the folder, not to the conversation the IDE has open.
      service.addProjectSelectionListener(relay::setProject, this);
      service.addRevealListener(relay::locate, this);
    }
    Disposer.register(this, browser);
    Disposer.register(this, fromPage);
    browser.loadHTML(WebUiPage.html("Grove", resource("/webui/grove-web-ui.css"), resource("/webui/grove-web-ui.js"),
        WebUiPage.bridgeScript(fromPage.inject("json"))));
  }

  JComponent component() {
    return browser.getComponent();
  }

  @Override
  public void dispose() {
    client.removeNotificationListener(forward);
    client.removeStateListener(onRestart);
    relay.close();
  }

  /** Host → page: JCEF may be called from any thread. */
  private void post(String json) {
    browser.getCefBrowser().executeJavaScript(WebUiPage.deliverScript(json), browser.getCefBrowser().getURL(), 0);
  }

  private static String resource(String path) {
    try (InputStream in = WebUiPanel.class.getResourceAsStream(path)) {
      if (in == null) throw new IllegalStateException("missing " + path + ": the plugin was built without the web UI");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + path, e);
    }
  }

  private final class Callbacks implements WebUiRelay.Callbacks {
    @Override
    public void onReady() {
      client.api().serverMethods().whenComplete((methods, err) ->
          view.init(relay, service.currentProjectId(), err == null ? methods : List.of()));
    }

    @Override
    public void onOpenLocation(String uri, JsonObject range) {
      ApplicationManager.getApplication().invokeLater(() -> {
        VirtualFile file;
        try {
          file = LocalFileSystem.getInstance().refreshAndFindFileByNioFile(Path.of(URI.create(uri)));
        } catch (RuntimeException e) {
          file = null; // not a local file URI
        }
        if (file == null) return;
        JsonObject start = range.getAsJsonObject("start");
        // Both LSP and IntelliJ count characters in UTF-16 code units, so no conversion.
        new OpenFileDescriptor(project, file, start.get("line").getAsInt(), start.get("character").getAsInt())
            .navigate(true);
      });
    }

    @Override
    public void onNotify(String level, String message) {
      NotificationType type = switch (level) {
        case "error" -> NotificationType.ERROR;
        case "warning" -> NotificationType.WARNING;
        default -> NotificationType.INFORMATION;
      };
      service.showNotification(type, message);
    }

    @Override
    public void onReveal(String unitId) {
      service.reveal(unitId);
    }
  }
}
