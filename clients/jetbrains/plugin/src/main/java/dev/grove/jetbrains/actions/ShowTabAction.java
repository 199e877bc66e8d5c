package dev.grove.jetbrains.actions;

import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.project.Project;
import dev.grove.jetbrains.toolWindow.GroveToolWindowFactory;
import org.jetbrains.annotations.NotNull;

/** Opens the Grove tool window on the tab of one web UI view (adding the tab when needed). */
abstract class ShowTabAction extends GroveAction {
  private final String view;

  ShowTabAction(String view) {
    this.view = view;
  }

  @Override
  public void actionPerformed(@NotNull AnActionEvent e) {
    Project project = e.getProject();
    if (project != null) GroveToolWindowFactory.showTab(project, view);
  }
}
