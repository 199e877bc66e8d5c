package dev.grove.client.view;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs a reload, coalescing requests that arrive while one is in flight into a single follow-up
 * run: a burst of didChange notifications costs two round trips, not one per notification, and
 * the last run always starts after the last notification, so the model ends up current.
 */
final class Refresher {
  private final Supplier<CompletableFuture<?>> reload;
  private final Consumer<Throwable> onError;
  private boolean running;
  private boolean again;
  private CompletableFuture<Void> idle = CompletableFuture.completedFuture(null);

  Refresher(Supplier<CompletableFuture<?>> reload, Consumer<Throwable> onError) {
    this.reload = reload;
    this.onError = onError;
  }

  /** Requests a reload; the returned future completes when the model has caught up. */
  synchronized CompletableFuture<Void> request() {
    if (running) {
      again = true;
      return idle;
    }
    running = true;
    idle = new CompletableFuture<>();
    CompletableFuture<Void> result = idle;
    run();
    return result;
  }

  private void run() {
    CompletableFuture<?> f;
    try {
      f = reload.get();
    } catch (RuntimeException e) {
      f = CompletableFuture.failedFuture(e);
    }
    f.whenComplete((v, err) -> {
      if (err != null) onError.accept(err);
      CompletableFuture<Void> done = null;
      synchronized (this) {
        if (again) {
          again = false;
        } else {
          running = false;
          done = idle;
        }
      }
      if (done != null) done.complete(null);
      else run();
    });
  }
}
