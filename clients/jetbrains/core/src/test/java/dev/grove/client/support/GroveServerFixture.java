package dev.grove.client.support;

import static org.junit.jupiter.api.Assertions.fail;

import dev.grove.client.ClientEvent;
import dev.grove.client.ClientOptions;
import dev.grove.client.GroveClient;
import dev.grove.client.server.ProcessServerLauncher;
import dev.grove.client.server.ServerConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A real grove-server on a fresh temporary database, with a client attached. Records state
 * events and the server's stderr (shown when a test fails) and gives tests the running process so
 * they can kill it.
 */
public final class GroveServerFixture implements AutoCloseable {
  public final Path dir;
  public final Path db;
  public final GroveClient client;
  /** Copy-on-write: tests stream over it while the supervisor thread adds to it. */
  public final List<ClientEvent> events = new CopyOnWriteArrayList<>();
  public final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
  private final AtomicReference<ServerConnection> current = new AtomicReference<>();

  private GroveServerFixture(Map<String, String> env, ClientOptions options) throws IOException {
    Path server = serverBinary();
    dir = Files.createTempDirectory("grove-jb-test");
    db = dir.resolve("grove.db");
    Map<String, String> fullEnv = new java.util.HashMap<>(env);
    // Keep the server's own config and logs inside the temp dir, away from the user's.
    fullEnv.putIfAbsent("XDG_CONFIG_HOME", dir.resolve("config").toString());
    fullEnv.putIfAbsent("XDG_STATE_HOME", dir.resolve("state").toString());
    fullEnv.putIfAbsent("XDG_DATA_HOME", dir.resolve("data").toString());
    ProcessServerLauncher launcher = ProcessServerLauncher.forDatabase(server, db, fullEnv, stderr::add);
    client = new GroveClient(() -> {
      ServerConnection c = launcher.launch();
      current.set(c);
      return c;
    }, options);
    client.addStateListener(events::add);
  }

  public static GroveServerFixture start() throws IOException {
    return start(Map.of(), testOptions());
  }

  public static GroveServerFixture start(Map<String, String> env, ClientOptions options) throws IOException {
    GroveServerFixture f = new GroveServerFixture(env, options);
    try {
      f.client.start();
    } catch (RuntimeException e) {
      f.close();
      throw new AssertionError("grove-server did not start: " + e.getMessage() + "\nstderr:\n" + f.stderrText(), e);
    }
    return f;
  }

  /** Short restart delays so crash tests finish quickly. */
  public static ClientOptions testOptions() {
    return ClientOptions.defaults("grove-jetbrains-tests", "0")
        .withRequestTimeout(Duration.ofSeconds(15))
        .withRestart(Duration.ofMillis(50), Duration.ofMillis(400), 5);
  }

  /**
   * $GROVE_SERVER when set (and then nothing else, so a wrong path is not hidden by another
   * binary), else the repository's build output; a missing server fails the test.
   */
  public static Path serverBinary() {
    String env = System.getenv(ProcessServerLauncher.SERVER_ENV);
    Path p = env != null && !env.isBlank() ? Path.of(env) : Repo.root().resolve("build/lsp-server/grove-server");
    if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
      fail("grove-server not found at " + p + ": set GROVE_SERVER or build it "
          + "(cmake -S . -B build -G Ninja && ninja -C build)");
    }
    return p.toAbsolutePath();
  }

  /** The server process of the current session. */
  public ServerConnection process() {
    return current.get();
  }

  public String stderrText() {
    synchronized (stderr) {
      return String.join("\n", stderr);
    }
  }

  @Override
  public void close() throws IOException {
    client.close();
    TempDirs.delete(dir);
  }
}
