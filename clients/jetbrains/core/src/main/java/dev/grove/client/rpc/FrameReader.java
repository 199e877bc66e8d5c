package dev.grove.client.rpc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads LSP base-protocol frames: ASCII headers ending in an empty line, then exactly
 * Content-Length bytes of UTF-8 JSON. Not thread-safe; one reader thread owns it.
 */
public final class FrameReader {
  /** Larger than any sane message; guards against a garbage length allocating gigabytes. */
  public static final int MAX_CONTENT_LENGTH = 64 * 1024 * 1024;
  /** A header line longer than this is garbage, not a header. */
  private static final int MAX_HEADER_LINE = 8 * 1024;

  private final InputStream in;

  public FrameReader(InputStream in) {
    this.in = in;
  }

  /**
   * Returns the next frame's body, or null when the stream ends cleanly between frames.
   *
   * @throws MalformedFrameException on a bad header, a missing or invalid Content-Length, or a
   *     stream that ends inside a frame.
   */
  public String read() throws IOException {
    int contentLength = -1;
    boolean sawHeader = false;
    while (true) {
      String line = readHeaderLine(!sawHeader);
      if (line == null) return null; // clean end of stream before a new frame
      if (line.isEmpty()) {
        if (!sawHeader) continue; // tolerate stray blank lines between frames
        break;
      }
      sawHeader = true;
      int colon = line.indexOf(':');
      if (colon <= 0) throw new MalformedFrameException("header without a name: " + printable(line));
      String name = line.substring(0, colon).trim();
      String value = line.substring(colon + 1).trim();
      if (name.equalsIgnoreCase("Content-Length")) {
        try {
          contentLength = Integer.parseInt(value);
        } catch (NumberFormatException e) {
          throw new MalformedFrameException("Content-Length is not a number: " + printable(value));
        }
        if (contentLength < 0 || contentLength > MAX_CONTENT_LENGTH) {
          throw new MalformedFrameException("Content-Length out of range: " + contentLength);
        }
      }
      // Content-Type and unknown headers are allowed and ignored, as LSP says.
    }
    if (contentLength < 0) throw new MalformedFrameException("frame without Content-Length");
    byte[] body = in.readNBytes(contentLength);
    if (body.length != contentLength) {
      throw new MalformedFrameException(
          "stream ended inside a frame body (" + body.length + " of " + contentLength + " bytes)");
    }
    return new String(body, StandardCharsets.UTF_8);
  }

  /** Reads one CRLF-terminated line; null on end of stream at the start of a frame. */
  private String readHeaderLine(boolean atFrameStart) throws IOException {
    ByteArrayOutputStream buf = new ByteArrayOutputStream(64);
    while (true) {
      int b = in.read();
      if (b < 0) {
        if (atFrameStart && buf.size() == 0) return null;
        throw new MalformedFrameException("stream ended inside a frame header");
      }
      if (b == '\n') break;
      buf.write(b);
      if (buf.size() > MAX_HEADER_LINE) {
        throw new MalformedFrameException("header line longer than " + MAX_HEADER_LINE + " bytes");
      }
    }
    String line = buf.toString(StandardCharsets.US_ASCII);
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }

  private static String printable(String s) {
    String cut = s.length() > 80 ? s.substring(0, 80) + "…" : s;
    return '"' + cut.replaceAll("\\p{Cntrl}", "?") + '"';
  }
}
