package dev.grove.client.api;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The workspace URI Grove groups conversations by. It must be the same string in every editor
 * so one folder's conversations show up everywhere: VS Code sends {@code Uri.toString()} of the
 * folder, which has no trailing slash, while Java's {@code Path.toUri()} adds one for a directory.
 */
public final class WorkspaceUri {
  private WorkspaceUri() {}

  public static String of(Path folder) {
    String uri = folder.toAbsolutePath().normalize().toUri().toString();
    return uri.endsWith("/") && !uri.endsWith(":///") ? uri.substring(0, uri.length() - 1) : uri;
  }

  /**
   * Whether two spellings name the same folder as the core normalises them: escapes decoded and
   * trailing slashes dropped (the web UI's {@code sameWorkspace} does the same), so a
   * notification spelled {@code file:///w/} or {@code file:///a%20b} still reaches the panel of
   * {@code file:///w} or {@code file:///a b}.
   */
  public static boolean same(String a, String b) {
    return normalise(a).equals(normalise(b));
  }

  private static String normalise(String uri) {
    return decode(uri).replaceAll("/+$", "");
  }

  /** Percent-decoding as UTF-8 ({@code +} stays: this is a URI, not a form); malformed: as is. */
  private static String decode(String s) {
    if (s.indexOf('%') < 0) return s;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%') {
        int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
        int lo = hi >= 0 ? Character.digit(s.charAt(i + 2), 16) : -1;
        if (lo < 0) return s;
        bytes.write(hi * 16 + lo);
        i += 2;
      } else {
        byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (Character.isHighSurrogate(c) && i + 1 < s.length()) b = s.substring(i, ++i + 1).getBytes(StandardCharsets.UTF_8);
        bytes.write(b, 0, b.length);
      }
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
    } catch (CharacterCodingException e) {
      return s;
    }
  }
}
