package dev.grove.client.rpc;

/**
 * The peer broke the wire protocol: a malformed frame, a body that is not JSON-RPC, a result that
 * does not have the documented shape. The connection cannot be trusted after a framing error.
 */
public class ProtocolException extends GroveException {
  public ProtocolException(String message) {
    super(message);
  }

  public ProtocolException(String message, Throwable cause) {
    super(message, cause);
  }
}
