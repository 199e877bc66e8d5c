package dev.grove.jetbrains.actions;

import com.intellij.notification.NotificationType;
import com.intellij.openapi.actionSystem.AnActionEvent;
import com.intellij.openapi.actionSystem.CommonDataKeys;
import com.intellij.openapi.editor.Document;
import com.intellij.openapi.editor.Editor;
import com.intellij.openapi.editor.SelectionModel;
import com.intellij.openapi.fileTypes.LanguageFileType;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.ui.Messages;
import com.intellij.openapi.vfs.VirtualFile;
import dev.grove.client.api.UnitDraft;
import dev.grove.client.model.CodeSource;
import dev.grove.jetbrains.GroveBundle;
import dev.grove.jetbrains.services.GroveProjectService;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.jetbrains.annotations.NotNull;

/**
 * Editor popup: the selection becomes a code unit (file, range, language, the user's memo)
 * appended at the current conversation's cursor. Starts a conversation named after the file
 * when there is none yet.
 */
public final class CaptureSelectionAction extends GroveAction {
  @Override
  public void update(@NotNull AnActionEvent e) {
    Editor editor = e.getData(CommonDataKeys.EDITOR);
    e.getPresentation().setEnabledAndVisible(e.getProject() != null && editor != null
        && editor.getSelectionModel().hasSelection());
  }

  @Override
  public void actionPerformed(@NotNull AnActionEvent e) {
    Project project = e.getProject();
    Editor editor = e.getData(CommonDataKeys.EDITOR);
    VirtualFile file = e.getData(CommonDataKeys.VIRTUAL_FILE);
    if (project == null || editor == null || file == null) return;
    SelectionModel sel = editor.getSelectionModel();
    String text = sel.getSelectedText();
    if (text == null || text.isEmpty()) return;
    Document doc = editor.getDocument();
    CodeSource.Range range = new CodeSource.Range(position(doc, sel.getSelectionStart()),
        position(doc, sel.getSelectionEnd()));
    String memo = Messages.showInputDialog(project, GroveBundle.message("capture.memo.prompt"),
        GroveBundle.message("capture.memo.title"), null);
    if (memo == null) return; // cancelled
    // Local files get a proper file:// URI; others (jars, remote) keep the IDE's own URL.
    String uri = file.isInLocalFileSystem() ? file.toNioPath().toUri().toString() : file.getUrl();
    String languageId = file.getFileType() instanceof LanguageFileType lft
        ? lft.getLanguage().getID().toLowerCase(Locale.ROOT) : "plaintext";
    // The server fills contentHash; symbol and gitCommit are optional.
    CodeSource source = new CodeSource(uri, range, languageId, memo, null, null, null);
    GroveProjectService service = GroveProjectService.getInstance(project);
    int lines = range.end().line() - range.start().line() + 1;
    withClient(project, client -> {
      String current = service.currentProjectId();
      var projectId = current != null
          ? CompletableFuture.completedFuture(current)
          : client.api().projectCreate(file.getName(), service.workspaceUri()).thenApply(p -> {
            service.selectProject(p.id());
            return p.id();
          });
      projectId.thenCompose(id -> client.api().projectOnly(id).thenCompose(p ->
              client.api().unitAppend(UnitDraft.code(id, p.cursorId(), text, source))))
          .thenAccept(unit -> service.showNotification(NotificationType.INFORMATION,
              GroveBundle.message("capture.done", lines, file.getName())))
          .exceptionally(err -> {
            report(project, err);
            return null;
          });
    });
  }

  /** Line and UTF-16 column, which is what both IntelliJ offsets and LSP positions count. */
  private static CodeSource.Position position(Document doc, int offset) {
    int line = doc.getLineNumber(offset);
    return new CodeSource.Position(line, offset - doc.getLineStartOffset(line));
  }
}
