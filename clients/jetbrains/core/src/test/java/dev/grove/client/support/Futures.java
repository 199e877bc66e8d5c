package dev.grove.client.support;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.grove.client.rpc.RpcErrorException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** Bounded waits on futures, unwrapping the exception a request failed with. */
public final class Futures {
  private Futures() {}

  public static <T> T await(CompletableFuture<T> f) {
    try {
      return f.get(20, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) throw r;
      throw new AssertionError(e.getCause());
    } catch (Exception e) {
      throw new AssertionError("no answer within 20 s", e);
    }
  }

  /** Asserts the request failed with a server error and returns it. */
  public static RpcErrorException rpcError(CompletableFuture<?> f) {
    ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(20, TimeUnit.SECONDS));
    return assertInstanceOf(RpcErrorException.class, e.getCause());
  }
}
