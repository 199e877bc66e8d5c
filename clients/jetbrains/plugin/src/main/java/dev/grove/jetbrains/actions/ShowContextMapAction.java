package dev.grove.jetbrains.actions;

import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.wm.ToolWindow;
import com.intellij.openapi.wm.ToolWindowManager;
import com.intellij.ui.content.Content;
import dev.grove.jetbrains.toolWindow.GroveToolWindowFactory;
import org.jetbrains.annotations.NotNull;

/** Opens the Grove tool window on its Context Map tab. */
public final class ShowContextMapAction extends GroveAction {
  @Override
  public void actionPerformed(@NotNull AnActionEvent e) {
    Project project = e.getProject();
    if (project == null) return;
    ToolWindow tw = ToolWindowManager.getInstance(project).getToolWindow(GroveToolWindowFactory.ID);
    if (tw == null) return;
    tw.activate(() -> {
      for (Content c : tw.getContentManager().getContents()) {
        if (GroveToolWindowFactory.MAP_TAB.equals(c.getUserData(GroveToolWindowFactory.VIEW_KEY))) {
          tw.getContentManager().setSelectedContent(c);
        }
      }
    });
  }
}
