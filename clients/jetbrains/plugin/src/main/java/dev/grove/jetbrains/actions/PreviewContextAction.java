package dev.grove.jetbrains.actions;

import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.ui.DialogWrapper;
import com.intellij.openapi.ui.Messages;
import com.intellij.ui.components.JBScrollPane;
import com.intellij.ui.components.JBTextArea;
import com.intellij.util.ui.JBUI;
import dev.grove.client.view.PreviewText;
import dev.grove.jetbrains.GroveBundle;
import dev.grove.jetbrains.services.GroveProjectService;
import javax.swing.JComponent;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

/** Shows exactly what the model would receive for a message at the current cursor. */
public final class PreviewContextAction extends GroveAction {
  @Override
  public void actionPerformed(@NotNull AnActionEvent e) {
    Project project = e.getProject();
    if (project == null) return;
    GroveProjectService service = GroveProjectService.getInstance(project);
    withClient(project, client -> {
      String projectId = service.currentProjectId();
      if (projectId == null) {
        onEdt(() -> Messages.showInfoMessage(project, GroveBundle.message("preview.noConversation"),
            GroveBundle.message("preview.title")));
        return;
      }
      // The cursor without the tree: reading a big conversation whole costs seconds for one field.
      client.api().projectOnly(projectId)
          .thenCompose(p -> client.api().scopePreview(projectId, p.cursorId(), null, null))
          .thenAccept(preview -> onEdt(() -> new PreviewDialog(project, PreviewText.render(preview)).show()))
          .exceptionally(err -> {
            report(project, err);
            return null;
          });
    });
  }

  private static final class PreviewDialog extends DialogWrapper {
    private final String text;

    PreviewDialog(Project project, String text) {
      super(project, false);
      this.text = text;
      setTitle(GroveBundle.message("preview.title"));
      init();
    }

    @Override
    protected @Nullable JComponent createCenterPanel() {
      JBTextArea area = new JBTextArea(text);
      area.setEditable(false);
      area.setLineWrap(true);
      area.setWrapStyleWord(true);
      JBScrollPane scroll = new JBScrollPane(area);
      scroll.setPreferredSize(JBUI.size(720, 480));
      return scroll;
    }
  }
}
