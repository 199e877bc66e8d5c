package dev.grove.client.rpc;

/** Base of every failure the client reports; unchecked so futures can carry it as is. */
public class GroveException extends RuntimeException {
  public GroveException(String message) {
    super(message);
  }

  public GroveException(String message, Throwable cause) {
    super(message, cause);
  }
}
