package dev.grove.client.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.support.GroveServerFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HealthCheckTest {
  @Test
  void realServerPassesAndNoKeyValueIsEverShown() throws Exception {
    Path dir = Files.createTempDirectory("grove-jb-health");
    try {
      List<HealthCheck.Item> items = HealthCheck.run(GroveServerFixture.serverBinary(), dir.resolve("sub/grove.db"),
          Map.of("GROVE_PROVIDER", "openai", "OPENAI_API_KEY", "sk-secret-value"));
      assertEquals(List.of("grove-server", "protocol", "database", "provider"),
          items.stream().map(HealthCheck.Item::name).toList());
      assertTrue(items.stream().allMatch(HealthCheck.Item::ok), items.toString());
      assertTrue(items.get(1).detail().contains("protocol 1"), items.get(1).detail());
      assertFalse(items.toString().contains("sk-secret-value"), "a key value must never be shown");
    } finally {
      Files.deleteIfExists(dir);
    }
  }

  @Test
  void missingServerAndMissingKeyAreReported() {
    List<HealthCheck.Item> none = HealthCheck.run(null, null, Map.of());
    assertFalse(none.get(0).ok());
    List<HealthCheck.Item> noKey = HealthCheck.run(GroveServerFixture.serverBinary(), null,
        Map.of("GROVE_PROVIDER", "anthropic"));
    HealthCheck.Item provider = noKey.get(noKey.size() - 1);
    assertFalse(provider.ok());
    assertTrue(provider.detail().contains("ANTHROPIC_API_KEY is not set"), provider.detail());
  }

  @Test
  void aBinaryThatIsNotGroveServerFailsTheProtocolCheck() throws Exception {
    Path script = Files.createTempFile("not-grove", ".sh");
    try {
      Files.writeString(script, "#!/bin/sh\necho some other tool 2.0\n");
      script.toFile().setExecutable(true);
      List<HealthCheck.Item> items = HealthCheck.run(script, null, Map.of());
      assertFalse(items.get(1).ok(), items.toString());
      assertTrue(items.get(1).detail().contains("unexpected --version output"), items.get(1).detail());
    } finally {
      Files.deleteIfExists(script);
    }
  }
}
