package dev.grove.client.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** Launches a server as an OS process speaking the protocol on stdin/stdout. */
public final class ProcessServerLauncher implements ServerLauncher {
  /** Environment variable naming the grove-server binary, shared by every client and test. */
  public static final String SERVER_ENV = "GROVE_SERVER";

  private final List<String> command;
  private final Map<String, String> environment;
  private final Consumer<String> stderrSink;

  public ProcessServerLauncher(List<String> command, Map<String, String> environment, Consumer<String> stderrSink) {
    this.command = List.copyOf(command);
    this.environment = new LinkedHashMap<>(environment);
    this.stderrSink = stderrSink;
  }

  /** {@code grove-server [--db DB]}; without a database the server uses its shared default. */
  public static ProcessServerLauncher forServer(Path serverBinary, Path databaseOrNull, Map<String, String> env,
      Consumer<String> stderrSink) {
    List<String> cmd = new ArrayList<>(List.of(serverBinary.toString()));
    if (databaseOrNull != null) cmd.addAll(List.of("--db", databaseOrNull.toString()));
    return new ProcessServerLauncher(cmd, env, stderrSink);
  }

  /** {@code grove-server --db DB}: the usual way to run Grove for one store. */
  public static ProcessServerLauncher forDatabase(Path serverBinary, Path database, Map<String, String> env,
      Consumer<String> stderrSink) {
    return new ProcessServerLauncher(
        List.of(serverBinary.toString(), "--db", database.toString()), env, stderrSink);
  }

  /**
   * The server binary: an explicit setting wins, then $GROVE_SERVER, then the repository's build
   * output below {@code repoRoot} (null when unknown), then grove-server on the PATH. Returns
   * null when none exists.
   */
  public static Path locateServer(String configured, Path repoRoot) {
    List<Path> candidates = new ArrayList<>();
    if (configured != null && !configured.isBlank()) candidates.add(Path.of(configured));
    String env = System.getenv(SERVER_ENV);
    if (env != null && !env.isBlank()) candidates.add(Path.of(env));
    if (repoRoot != null) candidates.add(repoRoot.resolve("build/lsp-server/grove-server"));
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(java.io.File.pathSeparator)) {
        if (!dir.isEmpty()) candidates.add(Path.of(dir, "grove-server"));
      }
    }
    for (Path p : candidates) {
      if (Files.isRegularFile(p) && Files.isExecutable(p)) return p.toAbsolutePath();
    }
    return null;
  }

  @Override
  public ServerConnection launch() throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().putAll(environment);
    Process process = pb.start();
    drain(process.getErrorStream(), stderrSink, "grove-server-stderr-" + process.pid());
    return new ProcessConnection(process, command.get(0));
  }

  /** Stderr must be read or a chatty server blocks once the pipe buffer fills. */
  private static void drain(InputStream err, Consumer<String> sink, String threadName) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(err, StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          if (sink != null) sink.accept(line);
        }
      } catch (IOException ignored) {
        // The process is gone; its stderr ends with it.
      }
    }, threadName);
    t.setDaemon(true);
    t.start();
  }

  private static final class ProcessConnection implements ServerConnection {
    private final Process process;
    private final String program;
    private final CompletableFuture<Integer> exit;

    ProcessConnection(Process process, String program) {
      this.process = process;
      this.program = program;
      this.exit = process.onExit().thenApply(Process::exitValue);
    }

    @Override
    public InputStream input() {
      return process.getInputStream();
    }

    @Override
    public OutputStream output() {
      return process.getOutputStream();
    }

    @Override
    public CompletableFuture<Integer> onExit() {
      return exit;
    }

    @Override
    public boolean isAlive() {
      return process.isAlive();
    }

    @Override
    public void kill() {
      process.destroyForcibly();
    }

    @Override
    public String describe() {
      return Path.of(program).getFileName() + " (pid " + process.pid() + ")";
    }
  }
}
