package dev.grove.client.support;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;

/**
 * Removing a test's temporary directory. A browser's helper processes can still be writing into
 * their profile while the directory goes away, so files that vanish during the walk are not an
 * error: the goal is only that nothing is left behind.
 */
public final class TempDirs {
  private TempDirs() {}

  /** Deletes a directory tree, ignoring entries that disappear while it is walked. */
  public static void delete(Path root) throws IOException {
    if (!Files.exists(root)) return;
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.deleteIfExists(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
        if (e instanceof NoSuchFileException) return FileVisitResult.CONTINUE;
        throw e;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
        if (e != null && !(e instanceof NoSuchFileException)) throw e;
        try {
          Files.deleteIfExists(dir);
        } catch (java.nio.file.DirectoryNotEmptyException late) {
          // a straggler wrote a file after the walk passed: one more pass catches it
          delete(dir);
        }
        return FileVisitResult.CONTINUE;
      }
    });
  }

  /**
   * Stops a process and every process it started (Chromium's renderer, GPU and network helpers
   * outlive the browser process for a moment otherwise), waiting for each to exit.
   */
  public static void stopTree(Process process) {
    var children = process.descendants().toList();
    process.destroy();
    children.forEach(ProcessHandle::destroy);
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      for (ProcessHandle child : children) {
        try {
          child.onExit().get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
          child.destroyForcibly();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
