package dev.grove.client.rpc;

import java.time.Duration;

/** No answer within the request's deadline; the client has sent $/cancelRequest for it. */
public final class RequestTimeoutException extends GroveException {
  private final String method;
  private final Duration timeout;

  public RequestTimeoutException(String method, Duration timeout) {
    super(method + " got no answer within " + timeout.toMillis() + " ms");
    this.method = method;
    this.timeout = timeout;
  }

  public String method() {
    return method;
  }

  public Duration timeout() {
    return timeout;
  }
}
