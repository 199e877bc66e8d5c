package dev.grove.client.support;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Polls a condition until it holds or a deadline passes: how tests wait without sleeping blindly. */
public final class Wait {
  public static final Duration DEFAULT = Duration.ofSeconds(10);

  private Wait() {}

  public static void until(String what, BooleanSupplier condition) {
    until(what, DEFAULT, condition);
  }

  public static void until(String what, Duration timeout, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) fail("timed out after " + timeout.toMillis() + " ms waiting for " + what);
      try {
        Thread.sleep(5); // polling interval, not a guess at how long something takes
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        fail("interrupted waiting for " + what);
      }
    }
  }
}
