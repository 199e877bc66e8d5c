package dev.grove.jetbrains.actions;

import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.ui.Messages;
import dev.grove.jetbrains.GroveBundle;
import dev.grove.jetbrains.services.GroveProjectService;
import org.jetbrains.annotations.NotNull;

/** Creates a Grove conversation (a Grove "project") for this workspace and makes it current. */
public final class NewConversationAction extends GroveAction {
  @Override
  public void actionPerformed(@NotNull AnActionEvent e) {
    Project project = e.getProject();
    if (project == null) return;
    String title = Messages.showInputDialog(project, GroveBundle.message("newConversation.prompt"),
        GroveBundle.message("newConversation.title"), null);
    if (title == null || title.isBlank()) return;
    GroveProjectService service = GroveProjectService.getInstance(project);
    withClient(project, client -> client.api().projectCreate(title.trim(), service.workspaceUri())
        .thenAccept(created -> service.selectProject(created.id()))
        .exceptionally(err -> {
          report(project, err);
          return null;
        }));
  }
}
