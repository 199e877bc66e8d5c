package dev.grove.client.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.grove.client.api.GroveApi;
import dev.grove.client.model.ChatResult;
import dev.grove.client.model.Unit;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The conversation the suggestion tests share: three chat turns about one PostgreSQL problem
 * through grove/chat/send (offline provider), then a message on another subject entirely, which
 * the server's topic-drift detector should answer with a branch suggestion.
 */
public final class DriftConversation {
  public static final List<String> ON_TOPIC = List.of(
      "My PostgreSQL query on the orders table does a sequential scan although there is an index on "
          + "orders.customer_id. Why would the planner skip the index?",
      "EXPLAIN ANALYZE shows the row estimate for customer_id on orders is off by a factor of 100. "
          + "Can stale planner statistics cause the sequential scan?",
      "After running ANALYZE orders the planner uses an index scan on customer_id. How should I tune "
          + "autovacuum so the statistics of the orders table stay fresh?");
  public static final String UNRELATED = "Unrelated: what is a good recipe for sourdough bread with rye flour?";

  private DriftConversation() {}

  /** Sends the on-topic turns into an empty project; returns the last answer. */
  public static Unit onTopic(GroveApi api, String projectId) throws Exception {
    String parent = null;
    Unit last = null;
    for (String message : ON_TOPIC) {
      ChatResult r = api.chatSend(projectId, parent, message, null).future().get(60, TimeUnit.SECONDS);
      assertEquals("stop", r.finishReason(), "the offline provider answers every turn");
      last = r.assistantUnit();
      parent = last.id();
    }
    return last;
  }

  /** Sends the off-topic message after {@code after}; returns the turn (its user unit is the trigger). */
  public static ChatResult drift(GroveApi api, String projectId, Unit after) throws Exception {
    return api.chatSend(projectId, after.id(), UNRELATED, null).future().get(60, TimeUnit.SECONDS);
  }
}
