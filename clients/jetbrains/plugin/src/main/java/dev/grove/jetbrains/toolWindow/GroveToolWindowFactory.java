package dev.grove.jetbrains.toolWindow;

import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.project.DumbAware;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.util.Disposer;
import com.intellij.openapi.util.Key;
import com.intellij.openapi.wm.ToolWindow;
import com.intellij.openapi.wm.ToolWindowFactory;
import com.intellij.ui.components.JBLabel;
import com.intellij.ui.content.Content;
import com.intellij.ui.content.ContentFactory;
import com.intellij.ui.jcef.JBCefApp;
import dev.grove.jetbrains.GroveBundle;
import dev.grove.jetbrains.services.GroveProjectService;
import java.awt.BorderLayout;
import javax.swing.JPanel;
import javax.swing.SwingConstants;
import org.jetbrains.annotations.NotNull;

/**
 * The Grove tool window: two tabs hosting the shared web UI, the conversation (chat beside the
 * map) and the context map alone. Each tab is filled once the server is up.
 */
public final class GroveToolWindowFactory implements ToolWindowFactory, DumbAware {
  public static final String ID = "Grove";
  public static final String MAP_TAB = "map";
  /** Which web UI view a tab shows ("conversation" or "map"). */
  public static final Key<String> VIEW_KEY = Key.create("grove.webui.view");

  @Override
  public void createToolWindowContent(@NotNull Project project, @NotNull ToolWindow toolWindow) {
    addTab(project, toolWindow, GroveBundle.message("toolwindow.conversation"), "conversation");
    addTab(project, toolWindow, GroveBundle.message("toolwindow.map"), MAP_TAB);
  }

  private static void addTab(Project project, ToolWindow toolWindow, String title, String view) {
    JPanel holder = new JPanel(new BorderLayout());
    Content content = ContentFactory.getInstance().createContent(holder, title, false);
    content.putUserData(VIEW_KEY, view);
    toolWindow.getContentManager().addContent(content);
    if (!JBCefApp.isSupported()) {
      holder.add(new JBLabel(GroveBundle.message("toolwindow.noJcef"), SwingConstants.CENTER), BorderLayout.CENTER);
      return;
    }
    GroveProjectService service = GroveProjectService.getInstance(project);
    service.connect().whenComplete((client, error) -> ApplicationManager.getApplication().invokeLater(() -> {
      if (project.isDisposed()) return;
      if (error != null) {
        holder.add(new JBLabel(GroveBundle.message("server.startFailed", error.getMessage()), SwingConstants.CENTER),
            BorderLayout.CENTER);
        return;
      }
      WebUiPanel panel = new WebUiPanel(project, service, client, view);
      Disposer.register(content, panel);
      holder.add(panel.component(), BorderLayout.CENTER);
      holder.revalidate();
    }));
  }
}
