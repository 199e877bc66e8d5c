package dev.grove.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.support.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Methods must mirror lsp-server/PROTOCOL.md exactly: its {@code **Method:**} lines (requests),
 * its {@code **Notification:**} lines (server notifications), and the lifecycle messages.
 */
class ProtocolMirrorTest {
  private static final Pattern TICKED = Pattern.compile("`([^`]+)`");
  private static List<String> doc;

  @BeforeAll
  static void read() throws IOException {
    Path p = Repo.protocolDoc();
    doc = Files.exists(p) ? Files.readAllLines(p) : null;
  }

  private static void requireDoc() {
    Assumptions.assumeTrue(doc != null, () -> {
      System.out.println("note: lsp-server/PROTOCOL.md does not exist yet; mirror check skipped");
      return "PROTOCOL.md not written yet";
    });
  }

  /** Names on the document's {@code label} lines ({@code **Method:**}), up to the next field. */
  static Set<String> namesOn(List<String> lines, String label) {
    Set<String> names = new LinkedHashSet<>();
    for (String line : lines) {
      int at = line.indexOf(label);
      if (at < 0) continue;
      String rest = line.substring(at + label.length());
      int end = rest.indexOf("**");
      int dot = rest.indexOf('·');
      if (dot >= 0 && (end < 0 || dot < end)) end = dot;
      Matcher m = TICKED.matcher(end < 0 ? rest : rest.substring(0, end));
      while (m.find()) names.add(m.group(1).trim());
    }
    return names;
  }

  @Test
  void parserReadsTheDocumentsLines() {
    List<String> sample = List.of(
        "**Method:** `grove/unit/append`",
        "**Method:** `grove/search`  ·  **Direction:** client → server",
        "**Notification:** `grove/project/didChange` · server → every connected client",
        "Not a method line: `grove/nothing`");
    assertEquals(Set.of("grove/unit/append", "grove/search"), namesOn(sample, "**Method:**"));
    assertEquals(Set.of("grove/project/didChange"), namesOn(sample, "**Notification:**"));
  }

  @Test
  void requestsMatchTheMethodLines() {
    requireDoc();
    compare(namesOn(doc, "**Method:**"), Methods.Kind.REQUEST, Methods.Direction.CLIENT_TO_SERVER);
  }

  @Test
  void serverNotificationsMatchTheNotificationLines() {
    requireDoc();
    compare(namesOn(doc, "**Notification:**"), Methods.Kind.NOTIFICATION, Methods.Direction.SERVER_TO_CLIENT);
  }

  @Test
  void lifecycleMessagesAreTheDocumentsLifecycle() {
    requireDoc();
    String text = String.join("\n", doc);
    for (Methods.Spec s : Methods.ALL) {
      if (s.name().startsWith("grove/")) continue;
      assertTrue(text.contains("`" + s.name() + "`"), s.name() + " is not in PROTOCOL.md's lifecycle");
    }
  }

  /** Both directions, with AWAITING entries allowed to be absent until the document has them. */
  private static void compare(Set<String> documented, Methods.Kind kind, Methods.Direction direction) {
    assertFalse(documented.isEmpty(), "no such lines found in PROTOCOL.md");
    Set<String> missingFromMirror = new TreeSet<>();
    for (String m : documented) {
      Methods.Spec s = Methods.spec(m);
      if (s == null || s.kind() != kind || s.direction() != direction) missingFromMirror.add(m);
    }
    Set<String> notDocumented = new TreeSet<>();
    Set<String> nowDocumented = new TreeSet<>();
    for (Methods.Spec s : Methods.ALL) {
      if (s.kind() != kind || s.direction() != direction || !s.name().startsWith("grove/")) continue;
      boolean inDoc = documented.contains(s.name());
      if (s.doc() == Methods.Doc.DOCUMENTED && !inDoc) notDocumented.add(s.name());
      if (s.doc() == Methods.Doc.AWAITING && inDoc) nowDocumented.add(s.name());
    }
    assertTrue(missingFromMirror.isEmpty(), "in PROTOCOL.md but not mirrored in Methods: " + missingFromMirror);
    assertTrue(notDocumented.isEmpty(), "DOCUMENTED in Methods but not in PROTOCOL.md: " + notDocumented);
    assertTrue(nowDocumented.isEmpty(), "PROTOCOL.md now documents these; mark them DOCUMENTED: " + nowDocumented);
  }
}
