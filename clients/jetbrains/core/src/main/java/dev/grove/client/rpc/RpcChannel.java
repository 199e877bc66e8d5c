package dev.grove.client.rpc;

import java.lang.reflect.Type;
import java.time.Duration;

/** Something requests can be sent through: one connection, or a client that survives restarts. */
public interface RpcChannel {
  <T> PendingRequest<T> request(String method, Object params, Type resultType, Duration timeout);

  void notify(String method, Object params);
}
