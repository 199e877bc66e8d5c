package dev.grove.client.server;

import java.time.Duration;

/**
 * Restart delays: doubling from {@code initial} up to {@code max}. A server that keeps dying
 * right after starting is retried ever more slowly instead of spinning a core.
 */
public final class Backoff {
  private final Duration initial;
  private final Duration max;
  private int failures;

  public Backoff(Duration initial, Duration max) {
    this.initial = initial;
    this.max = max;
  }

  /** The delay before the next attempt; each call counts one more consecutive failure. */
  public synchronized Duration next() {
    long millis = initial.toMillis() << Math.min(failures, 20);
    failures++;
    return Duration.ofMillis(Math.min(millis, max.toMillis()));
  }

  /** Consecutive failures counted so far. */
  public synchronized int failures() {
    return failures;
  }

  /** The server proved stable: start again from the initial delay. */
  public synchronized void reset() {
    failures = 0;
  }
}
