package dev.grove.jetbrains.actions;

import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.ui.Messages;
import dev.grove.client.server.HealthCheck;
import dev.grove.client.server.ProcessServerLauncher;
import dev.grove.jetbrains.GroveBundle;
import dev.grove.jetbrains.settings.GroveSettings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jetbrains.annotations.NotNull;

/** Tools | Grove | Check Health: the core library's health check, shown in a dialog. */
public final class CheckHealthAction extends GroveAction {
  @Override
  public void actionPerformed(@NotNull AnActionEvent e) {
    Project project = e.getProject();
    if (project == null) return;
    ApplicationManager.getApplication().executeOnPooledThread(() -> {
      GroveSettings settings = GroveSettings.getInstance();
      GroveSettings.StateData s = settings.getState();
      Map<String, String> env = new HashMap<>(System.getenv());
      env.putAll(settings.serverEnvironment());
      Path db = s.databasePath == null || s.databasePath.isBlank() ? null : Path.of(s.databasePath);
      List<HealthCheck.Item> items = HealthCheck.run(ProcessServerLauncher.locateServer(s.serverPath, null), db, env);
      StringBuilder text = new StringBuilder();
      for (HealthCheck.Item item : items) {
        text.append(item.ok() ? "OK    " : "FAIL  ").append(item.name()).append(": ").append(item.detail()).append('\n');
      }
      boolean ok = items.stream().allMatch(HealthCheck.Item::ok);
      onEdt(() -> {
        if (ok) Messages.showInfoMessage(project, text.toString(), GroveBundle.message("health.title"));
        else Messages.showErrorDialog(project, text.toString(), GroveBundle.message("health.title"));
      });
    });
  }
}
