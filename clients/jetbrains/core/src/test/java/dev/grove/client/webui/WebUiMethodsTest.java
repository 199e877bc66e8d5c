package dev.grove.client.webui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.api.Methods;
import dev.grove.client.support.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The tool window's relay must let through every request the shared web UI makes
 * (clients/web-ui/src/channel/methods.ts), or a feature the UI gains (say, resolving a suggestion
 * card) would fail only inside the IDE. Notifications in that file travel the other way and
 * need the mirror only.
 */
class WebUiMethodsTest {
  private static final Pattern NAME = Pattern.compile("'((?:grove|\\$)/[^']+)'");

  @Test
  void everyRequestOfTheWebUiIsAllowedAndEveryNameIsInTheMirror() throws IOException {
    Path file = Repo.root().resolve("clients/web-ui/src/channel/methods.ts");
    Matcher m = NAME.matcher(Files.readString(file));
    Set<String> notAllowed = new TreeSet<>();
    Set<String> unknown = new TreeSet<>();
    int seen = 0;
    while (m.find()) {
      String name = m.group(1);
      seen++;
      Methods.Spec spec = Methods.spec(name);
      if (spec == null) unknown.add(name);
      else if (spec.kind() == Methods.Kind.REQUEST && !WebUiRelay.WEB_UI_REQUESTS.contains(name)) notAllowed.add(name);
    }
    assertFalse(seen == 0, "no method names found in " + file);
    assertTrue(unknown.isEmpty(), "the web UI uses names Methods does not know: " + unknown);
    assertTrue(notAllowed.isEmpty(), "add these to WebUiRelay.WEB_UI_REQUESTS: " + notAllowed);
  }
}
