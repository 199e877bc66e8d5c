package dev.grove.jetbrains.actions;

import com.intellij.notification.NotificationType;
import com.intellij.openapi.actionSystem.ActionUpdateThread;
import com.intellij.openapi.actionSystem.AnAction;
import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.project.DumbAware;
import com.intellij.openapi.project.Project;
import dev.grove.client.GroveClient;
import dev.grove.jetbrains.services.GroveProjectService;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.jetbrains.annotations.NotNull;

/** Shared plumbing: run against the connected client off the EDT, report failures as balloons. */
abstract class GroveAction extends AnAction implements DumbAware {
  @Override
  public @NotNull ActionUpdateThread getActionUpdateThread() {
    return ActionUpdateThread.BGT;
  }

  @Override
  public void update(@NotNull AnActionEvent e) {
    e.getPresentation().setEnabled(e.getProject() != null);
  }

  /** Connects if needed, then runs {@code body} on the connection's thread (never blocks the EDT). */
  static void withClient(Project project, Consumer<GroveClient> body) {
    GroveProjectService service = GroveProjectService.getInstance(project);
    service.connect().thenAccept(body).exceptionally(err -> {
      report(project, err);
      return null;
    });
  }

  static void report(Project project, Throwable err) {
    Throwable cause = err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
    GroveProjectService.getInstance(project).showNotification(NotificationType.ERROR, String.valueOf(cause.getMessage()));
  }

  static void onEdt(Runnable r) {
    ApplicationManager.getApplication().invokeLater(r);
  }
}
