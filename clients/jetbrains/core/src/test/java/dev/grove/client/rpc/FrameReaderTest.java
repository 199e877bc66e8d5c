package dev.grove.client.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FrameReaderTest {
  private static FrameReader reader(String bytes) {
    return new FrameReader(new ByteArrayInputStream(bytes.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void readsConsecutiveFramesAndCountsBytesNotChars() throws IOException {
    String multiByte = "{\"t\":\"ü→𝄞\"}"; // 2-, 3- and 4-byte characters
    int bytes = multiByte.getBytes(StandardCharsets.UTF_8).length;
    FrameReader r = reader("Content-Length: " + bytes + "\r\n\r\n" + multiByte
        + "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}");
    assertEquals(multiByte, r.read());
    assertEquals("{}", r.read());
    assertNull(r.read(), "clean end of stream between frames");
  }

  @Test
  void writerAndReaderRoundTrip() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    FrameWriter w = new FrameWriter(out);
    w.write("{\"a\":\"é\"}");
    w.write("[]");
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Content-Length: 10\r\n\r\n"));
    FrameReader r = new FrameReader(new ByteArrayInputStream(out.toByteArray()));
    assertEquals("{\"a\":\"é\"}", r.read());
    assertEquals("[]", r.read());
  }

  @Test
  void missingContentLengthIsMalformed() {
    MalformedFrameException e = assertThrows(MalformedFrameException.class,
        () -> reader("Content-Type: x\r\n\r\n{}").read());
    assertTrue(e.getMessage().contains("without Content-Length"), e.getMessage());
  }

  @Test
  void nonNumericAndOutOfRangeLengthsAreMalformed() {
    assertThrows(MalformedFrameException.class, () -> reader("Content-Length: abc\r\n\r\n{}").read());
    assertThrows(MalformedFrameException.class, () -> reader("Content-Length: -5\r\n\r\n{}").read());
    assertThrows(MalformedFrameException.class, () -> reader("Content-Length: 999999999999\r\n\r\n").read());
  }

  @Test
  void garbageHeaderLineIsMalformed() {
    assertThrows(MalformedFrameException.class, () -> reader("hello world\r\n\r\n").read());
  }

  @Test
  void streamEndingInsideAFrameIsMalformed() {
    assertThrows(MalformedFrameException.class, () -> reader("Content-Length: 10\r\n\r\n{\"a\"").read());
    assertThrows(MalformedFrameException.class, () -> reader("Content-Length: 10\r\n").read());
  }
}
