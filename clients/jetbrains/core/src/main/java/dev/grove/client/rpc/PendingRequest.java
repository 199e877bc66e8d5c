package dev.grove.client.rpc;

import java.util.concurrent.CompletableFuture;

/**
 * A request in flight. {@link #cancel()} asks the server to stop ($/cancelRequest); the server
 * still answers, either with its normal result (a chat turn returns finishReason "cancelled") or
 * with error -32800, so the future completes the way the server decides.
 */
public final class PendingRequest<T> {
  private final long id;
  private final String method;
  private final CompletableFuture<T> future;
  private final Runnable canceller;

  PendingRequest(long id, String method, CompletableFuture<T> future, Runnable canceller) {
    this.id = id;
    this.method = method;
    this.future = future;
    this.canceller = canceller;
  }

  /** A request that never reached a server (none running); its future has already failed. */
  public static <T> PendingRequest<T> failed(String method, GroveException cause) {
    CompletableFuture<T> f = new CompletableFuture<>();
    f.completeExceptionally(cause);
    return new PendingRequest<>(-1, method, f, () -> {});
  }

  public long id() {
    return id;
  }

  public String method() {
    return method;
  }

  public CompletableFuture<T> future() {
    return future;
  }

  /** Sends $/cancelRequest unless the answer is already in. */
  public void cancel() {
    if (!future.isDone()) canceller.run();
  }
}
