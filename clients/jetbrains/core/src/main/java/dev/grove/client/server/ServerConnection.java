package dev.grove.client.server;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;

/**
 * One running server as the client sees it: two streams and a way to watch and end it. Modelled on
 * lsp4ij's StreamConnectionProvider, so the IDE layer could supply its own (e.g. an
 * OSProcessHandler that routes stderr to a console) without touching the protocol code.
 */
public interface ServerConnection {
  /** The server's stdout: frames from the server. */
  InputStream input();

  /** The server's stdin: frames to the server. */
  OutputStream output();

  /** Completes when the server has gone, with its exit code when there is one. */
  CompletableFuture<Integer> onExit();

  boolean isAlive();

  /** Ends the server at once (used after a protocol failure and when shutdown is not answered). */
  void kill();

  /** Short description for logs and error messages (never containing secrets). */
  String describe();
}
