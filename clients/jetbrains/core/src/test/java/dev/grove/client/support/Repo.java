package dev.grove.client.support;

import java.nio.file.Files;
import java.nio.file.Path;

/** Paths inside the repository, found from the working directory or -Dgrove.repo. */
public final class Repo {
  private Repo() {}

  public static Path root() {
    String prop = System.getProperty("grove.repo");
    if (prop != null && !prop.isBlank()) return Path.of(prop).toAbsolutePath().normalize();
    // Walk up from the working directory to the checkout that holds clients/jetbrains.
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("clients/jetbrains")) && Files.isDirectory(p.resolve("lsp-server"))) return p;
    }
    throw new IllegalStateException("cannot find the repository root; pass -Dgrove.repo");
  }

  public static Path protocolDoc() {
    return root().resolve("lsp-server/PROTOCOL.md");
  }
}
