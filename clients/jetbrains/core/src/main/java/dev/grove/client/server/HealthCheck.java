package dev.grove.client.server;

import dev.grove.client.ClientOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a user checks when Grove does not start: is the server there, does it speak our protocol
 * version, can the database be written, is a key present for the chosen provider. Key values
 * are never shown, only whether one is set.
 */
public final class HealthCheck {
  public record Item(String name, boolean ok, String detail) {}

  private static final Pattern PROTOCOL = Pattern.compile("\\(protocol (\\d+)\\)");

  private HealthCheck() {}

  /**
   * @param server the binary found by {@link ProcessServerLauncher#locateServer}, or null
   * @param database the configured database, or null for the server's default
   * @param env the environment the server will get (settings merged over the IDE's)
   */
  public static List<Item> run(Path server, Path database, Map<String, String> env) {
    List<Item> items = new ArrayList<>();
    if (server == null) {
      items.add(new Item("grove-server", false, "not found: set its path, GROVE_SERVER, or put it on PATH"));
      return items;
    }
    items.add(new Item("grove-server", true, server.toString()));
    items.add(version(server));
    if (database == null) {
      items.add(new Item("database", true, "the server's default (shared by every editor)"));
    } else {
      Path dir = database.toAbsolutePath().getParent();
      boolean ok = dir != null && (Files.isDirectory(dir) ? Files.isWritable(dir) : canCreate(dir));
      items.add(new Item("database", ok, ok ? database.toString() : "cannot write to " + dir));
    }
    String provider = env.getOrDefault("GROVE_PROVIDER", "").trim();
    String keyVar = switch (provider) {
      case "openai" -> "OPENAI_API_KEY";
      case "anthropic" -> "ANTHROPIC_API_KEY";
      default -> null;
    };
    if (keyVar == null) {
      items.add(new Item("provider", true, provider.isEmpty() ? "server configuration (offline unless configured)"
          : provider));
    } else {
      boolean set = !env.getOrDefault(keyVar, "").isEmpty() || env.containsKey("GROVE_BASE_URL");
      items.add(new Item("provider", set, provider + (set ? ": " + keyVar + " is set or a base URL is given"
          : ": " + keyVar + " is not set")));
    }
    return items;
  }

  private static Item version(Path server) {
    try {
      Process p = new ProcessBuilder(server.toString(), "--version").redirectErrorStream(true).start();
      if (!p.waitFor(5, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new Item("protocol", false, "--version did not answer within 5 s");
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      Matcher m = PROTOCOL.matcher(out);
      if (!m.find()) return new Item("protocol", false, "unexpected --version output: " + out);
      int version = Integer.parseInt(m.group(1));
      boolean ok = version == ClientOptions.PROTOCOL_VERSION;
      return new Item("protocol", ok, ok ? out : out + "; this client speaks protocol " + ClientOptions.PROTOCOL_VERSION);
    } catch (IOException e) {
      return new Item("protocol", false, "cannot run --version: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Item("protocol", false, "interrupted");
    }
  }

  private static boolean canCreate(Path dir) {
    for (Path p = dir; p != null; p = p.getParent()) {
      if (Files.exists(p)) return Files.isDirectory(p) && Files.isWritable(p);
    }
    return false;
  }
}
