package dev.grove.client.rpc;

/** A frame whose header or body cannot be read; the byte stream is out of step from here on. */
public final class MalformedFrameException extends ProtocolException {
  public MalformedFrameException(String message) {
    super(message);
  }

  public MalformedFrameException(String message, Throwable cause) {
    super(message, cause);
  }
}
