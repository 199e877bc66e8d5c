package dev.grove.client.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The project's scripted LLM provider (tests/fake-provider, $GROVE_FAKE_PROVIDER) on a loopback
 * port, and the environment that points grove-server at it.
 */
public final class FakeProvider implements AutoCloseable {
  private final Process process;
  public final int port;

  private FakeProvider(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /** The binary, or null when it has not been built. */
  public static Path binary() {
    String env = System.getenv("GROVE_FAKE_PROVIDER");
    Path p = env != null && !env.isBlank() ? Path.of(env)
        : Repo.root().resolve("build/tests/fake-provider/grove-fake-provider");
    return Files.isExecutable(p) ? p : null;
  }

  /** Starts it with a script (a JSON array of scripted responses, see tests/fake-provider/Script.h). */
  public static FakeProvider start(Path dir, String scriptJson) throws Exception {
    Path script = dir.resolve("fake-provider-script.json");
    Files.writeString(script, scriptJson);
    Process p = new ProcessBuilder(binary().toString(), "--port", "0", "--script", script.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    // Its first stdout line is "listening PORT"; bounded so a broken binary cannot hang the test.
    String line = CompletableFuture.supplyAsync(() -> {
      try {
        return out.readLine();
      } catch (IOException e) {
        return null;
      }
    }).get(10, TimeUnit.SECONDS);
    if (line == null || !line.startsWith("listening ")) {
      p.destroyForcibly();
      throw new IllegalStateException("fake provider did not start: " + line);
    }
    return new FakeProvider(p, Integer.parseInt(line.substring("listening ".length()).trim()));
  }

  /** Environment for grove-server: the OpenAI-compatible provider at this fake. */
  public Map<String, String> serverEnv() {
    return Map.of(
        "GROVE_PROVIDER", "openai",
        "GROVE_BASE_URL", "http://127.0.0.1:" + port + "/v1",
        "GROVE_MODEL", "fake-model",
        "OPENAI_API_KEY", "test-key-not-secret");
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
