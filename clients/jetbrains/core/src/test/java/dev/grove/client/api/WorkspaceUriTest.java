package dev.grove.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
