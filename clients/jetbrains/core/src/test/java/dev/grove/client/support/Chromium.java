package dev.grove.client.support;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The system Chromium (the engine JCEF embeds), for checking the tool window's page; null when absent. */
public final class Chromium {
  private Chromium() {}

  public static Path find() {
    String path = System.getenv("PATH");
    if (path == null) return null;
    for (String dir : path.split(File.pathSeparator)) {
      for (String name : List.of("chromium", "chromium-browser")) {
        Path p = Path.of(dir, name);
        if (Files.isExecutable(p)) return p;
      }
    }
    return null;
  }
}
