package dev.grove.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WorkspaceUriTest {
  @Test
  void existingFolderHasNoTrailingSlashAndSpacesAreEncodedLikeVsCode() throws Exception {
    Path dir = Files.createTempDirectory("grove ws");
    try {
      String uri = WorkspaceUri.of(dir);
      assertEquals("file://" + dir.toAbsolutePath().toString().replace(" ", "%20"), uri);
    } finally {
      Files.delete(dir);
    }
  }

  @Test
  void spellingsOfOneFolderAreTheSameWorkspace() {
    assertTrue(WorkspaceUri.same("file:///w", "file:///w/"));
    assertTrue(WorkspaceUri.same("file:///a%20b", "file:///a b"));
    assertTrue(WorkspaceUri.same("file:///caf%C3%A9", "file:///café"));
    assertFalse(WorkspaceUri.same("file:///w", "file:///w2"));
    assertFalse(WorkspaceUri.same("file:///a+b", "file:///a b"), "+ is not a space in a URI");
    assertTrue(WorkspaceUri.same("file:///100%", "file:///100%/"), "a malformed escape is compared as written");
  }
}
