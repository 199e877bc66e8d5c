package dev.grove.client.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An in-memory one-way byte stream for wiring a connection to a scripted peer. Unlike
 * PipedInputStream it does not care which threads write, and closing the writer ends the reader.
 */
public final class BytePipe {
  private static final int EOF = -1;
  private final LinkedBlockingQueue<Integer> bytes = new LinkedBlockingQueue<>();
  private volatile boolean closed;

  public final InputStream in = new InputStream() {
    private boolean ended;

    @Override
    public int read() throws IOException {
      if (ended) return EOF;
      try {
        int b = bytes.take();
        if (b == EOF) ended = true;
        return b;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted");
      }
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
      if (len == 0) return 0;
      int first = read();
      if (first == EOF) return EOF;
      buf[off] = (byte) first;
      int n = 1;
      // Hand over what is already there without blocking for more.
      while (n < len) {
        Integer next = bytes.peek();
        if (next == null || next == EOF) break;
        buf[off + n++] = (byte) (int) bytes.poll();
      }
      return n;
    }
  };

  public final OutputStream out = new OutputStream() {
    @Override
    public void write(int b) throws IOException {
      if (closed) throw new IOException("pipe closed");
      bytes.add(b & 0xff);
    }

    @Override
    public void close() {
      if (!closed) {
        closed = true;
        bytes.add(EOF);
      }
    }
  };
}
