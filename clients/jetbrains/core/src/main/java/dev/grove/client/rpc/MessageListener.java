package dev.grove.client.rpc;

import com.google.gson.JsonElement;

/** Receives what the server sends on its own: notifications, and the end of the connection. */
public interface MessageListener {
  /** A server notification, delivered in arrival order on the connection's dispatch thread. */
  void onNotification(String method, JsonElement params);

  /**
   * The connection is gone. {@code cause} is a {@link ProtocolException} for a malformed frame, a
   * {@link ServerUnavailableException} when the stream ended, or null after {@code close()}.
   */
  default void onClosed(GroveException cause) {}
}
