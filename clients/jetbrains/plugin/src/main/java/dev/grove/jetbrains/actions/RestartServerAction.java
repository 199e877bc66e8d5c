package dev.grove.jetbrains.actions;

import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.project.Project;
import dev.grove.jetbrains.services.GroveProjectService;
import org.jetbrains.annotations.NotNull;

/** Starts grove-server again with the current settings (after a path change or repeated crashes). */
public final class RestartServerAction extends GroveAction {
  @Override
  public void actionPerformed(@NotNull AnActionEvent e) {
    Project project = e.getProject();
    if (project != null) GroveProjectService.getInstance(project).restart();
  }
}
