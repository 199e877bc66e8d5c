package dev.grove.client.rpc;

/** The server is not there to answer: it exited, was killed, or is being restarted. */
public final class ServerUnavailableException extends GroveException {
  public ServerUnavailableException(String message) {
    super(message);
  }

  public ServerUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
