package dev.grove.client;

import dev.grove.client.rpc.GroveException;

/** The server speaks another protocol major version; restarting it would not help. */
public final class IncompatibleServerException extends GroveException {
  public IncompatibleServerException(String message) {
    super(message);
  }
}
