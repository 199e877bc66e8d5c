package dev.grove.jetbrains.toolWindow;

import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.project.DumbAware;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.util.Disposer;
import com.intellij.openapi.util.Key;
import com.intellij.openapi.wm.ToolWindow;
import com.intellij.openapi.wm.ToolWindowFactory;
import com.intellij.openapi.wm.ToolWindowManager;
import com.intellij.ui.components.JBLabel;
import com.intellij.ui.content.Content;
import com.intellij.ui.content.ContentFactory;
import com.intellij.ui.jcef.JBCefApp;
import dev.grove.client.webui.WebUiView;
import dev.grove.jetbrains.GroveBundle;
import dev.grove.jetbrains.services.GroveProjectService;
import java.awt.BorderLayout;
import javax.swing.JPanel;
import javax.swing.SwingConstants;
import org.jetbrains.annotations.NotNull;

/**
 * The Grove tool window: tabs hosting the shared web UI, the conversation (chat beside the map)
 * and the context map alone, and on demand the memory board and the knowledge map of the IDE
 * project's folder (Show Memory Board, Show Knowledge Map). Each tab is filled once the server
 * is up.
 */
public final class GroveToolWindowFactory implements ToolWindowFactory, DumbAware {
  public static final String ID = "Grove";
  public static final String MAP_TAB = WebUiView.MAP;
  /** Which web UI view a tab shows (a {@link WebUiView} name). */
  public static final Key<String> VIEW_KEY = Key.create("grove.webui.view");

  @Override
  public void createToolWindowContent(@NotNull Project project, @NotNull ToolWindow toolWindow) {
    addTab(project, toolWindow, WebUiView.CONVERSATION);
    addTab(project, toolWindow, MAP_TAB);
  }

  /**
   * Activates the tool window on the tab of {@code view}, adding it first when it is not there
   * (the board and the map are added when first asked for: a large board is read only then).
   */
  public static void showTab(Project project, String view) {
    ToolWindow tw = ToolWindowManager.getInstance(project).getToolWindow(ID);
    if (tw == null) return;
    tw.activate(() -> {
      Content tab = null;
      for (Content c : tw.getContentManager().getContents()) {
        if (view.equals(c.getUserData(VIEW_KEY))) tab = c;
      }
      if (tab == null) tab = addTab(project, tw, view);
      tw.getContentManager().setSelectedContent(tab);
    });
  }

  private static String title(String view) {
    return GroveBundle.message(switch (view) {
      case WebUiView.MAP -> "toolwindow.map";
      case WebUiView.BOARD -> "toolwindow.board";
      case WebUiView.KNOWLEDGE -> "toolwindow.knowledge";
      default -> "toolwindow.conversation";
    });
  }

  private static Content addTab(Project project, ToolWindow toolWindow, String view) {
    JPanel holder = new JPanel(new BorderLayout());
    Content content = ContentFactory.getInstance().createContent(holder, title(view), false);
    content.putUserData(VIEW_KEY, view);
    toolWindow.getContentManager().addContent(content);
    if (!JBCefApp.isSupported()) {
      holder.add(new JBLabel(GroveBundle.message("toolwindow.noJcef"), SwingConstants.CENTER), BorderLayout.CENTER);
      return content;
    }
    GroveProjectService service = GroveProjectService.getInstance(project);
    service.connect().whenComplete((client, error) -> ApplicationManager.getApplication().invokeLater(() -> {
      if (project.isDisposed()) return;
      if (error != null) {
        holder.add(new JBLabel(GroveBundle.message("server.startFailed", error.getMessage()), SwingConstants.CENTER),
            BorderLayout.CENTER);
        return;
      }
      WebUiPanel panel = new WebUiPanel(project, service, client, WebUiView.of(view, service.baseDir()));
      Disposer.register(content, panel);
      holder.add(panel.component(), BorderLayout.CENTER);
      holder.revalidate();
    }));
    return content;
  }
}
