package dev.grove.client.rpc;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Writes LSP base-protocol frames; synchronized so concurrent senders never interleave bytes. */
public final class FrameWriter {
  private final OutputStream out;

  public FrameWriter(OutputStream out) {
    this.out = out;
  }

  public synchronized void write(String json) throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    // Content-Length counts bytes, not chars: a multi-byte character must not shorten the frame.
    byte[] header = ("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    out.write(header);
    out.write(body);
    out.flush();
  }

  public void close() throws IOException {
    out.close();
  }
}
