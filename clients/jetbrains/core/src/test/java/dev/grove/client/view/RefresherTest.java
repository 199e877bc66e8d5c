package dev.grove.client.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class RefresherTest {
  @Test
  void requestsDuringAReloadCoalesceIntoOneFollowUp() {
    List<CompletableFuture<Void>> runs = new ArrayList<>();
    List<Throwable> errors = new ArrayList<>();
    Refresher r = new Refresher(() -> {
      CompletableFuture<Void> f = new CompletableFuture<>();
      runs.add(f);
      return f;
    }, errors::add);

    CompletableFuture<Void> first = r.request();
    CompletableFuture<Void> second = r.request();
    CompletableFuture<Void> third = r.request();
    assertEquals(1, runs.size(), "one reload at a time");
    assertSame(first, second);
    assertSame(first, third);

    runs.get(0).complete(null);
    assertEquals(2, runs.size(), "exactly one follow-up for the requests that came in meanwhile");
    assertFalse(first.isDone(), "not caught up until the follow-up finishes");
    runs.get(1).completeExceptionally(new IllegalStateException("boom"));
    assertTrue(first.isDone());
    assertEquals(1, errors.size(), "a failed reload is reported, not thrown at the caller");

    r.request();
    assertEquals(3, runs.size(), "idle again: a new request starts a reload at once");
  }
}
