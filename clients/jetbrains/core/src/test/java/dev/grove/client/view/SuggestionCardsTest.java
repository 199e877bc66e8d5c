package dev.grove.client.view;

import static dev.grove.client.support.Futures.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.grove.client.api.GroveApi;
import dev.grove.client.api.GroveEventListener;
import dev.grove.client.api.GroveEvents;
import dev.grove.client.api.Methods;
import dev.grove.client.model.SuggestionNotice;
import dev.grove.client.model.SuggestionResolution;
import dev.grove.client.rpc.JsonRpcConnection;
import dev.grove.client.support.ScriptedPeer;
import dev.grove.client.support.Wait;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The card model against a scripted server, for the orderings a real server produces only by
 * chance: a list answer that is older than a didChange, notifications for projects nobody
 * watches, and a reload after a restart that finds a card resolved while the client was away.
 * The live flow is SuggestionFlowTest.
 */
@Timeout(20)
class SuggestionCardsTest {
  private final ScriptedPeer peer = new ScriptedPeer();
  private final AtomicInteger notices = new AtomicInteger();
  private JsonRpcConnection conn;
  private SuggestionCards cards;

  @BeforeEach
  void connect() {
    conn = peer.connect((method, params) -> GroveEvents.dispatch(method, params, new GroveEventListener() {
      @Override
      public void onSuggestionCreated(SuggestionNotice n) {
        cards.onCreated(n);
        notices.incrementAndGet();
      }

      @Override
      public void onSuggestionChanged(SuggestionNotice n) {
        cards.onChanged(n);
        notices.incrementAndGet();
      }
    }));
    cards = new SuggestionCards(new GroveApi(conn, Duration.ofSeconds(10)));
  }

  @AfterEach
  void close() {
    conn.close();
  }

  private static JsonObject suggestion(String id, String projectId, String state) {
    return JsonParser.parseString("{\"id\":\"" + id + "\",\"projectId\":\"" + projectId + "\",\"kind\":\"branch\","
        + "\"anchorIds\":[\"u_2\"],\"reason\":\"The new message is about bread, the path about SQL.\","
        + "\"confidence\":0.82,\"source\":\"native\",\"state\":\"" + state + "\","
        + "\"createdAt\":\"2026-11-22T01:00:00Z\",\"title\":\"Sourdough with rye\",\"triggerUnitId\":\"u_3\"}")
        .getAsJsonObject();
  }

  private static JsonObject notice(String projectId, JsonObject suggestion) {
    JsonObject n = new JsonObject();
    n.addProperty("projectId", projectId);
    n.add("suggestion", suggestion);
    return n;
  }

  private static JsonObject listOf(JsonObject... suggestions) {
    JsonArray a = new JsonArray();
    for (JsonObject s : suggestions) a.add(s);
    JsonObject r = new JsonObject();
    r.add("suggestions", a);
    return r;
  }

  private JsonObject expect(String method) throws Exception {
    JsonObject m = peer.receive();
    assertEquals(method, m.get("method").getAsString(), "request " + m);
    return m;
  }

  private List<String> ids(String projectId) {
    return cards.cards(projectId).stream().map(SuggestionCard::id).toList();
  }

  @Test
  void aListOlderThanADidChangeDoesNotBringTheCardBack() throws Exception {
    CompletableFuture<Void> loaded = cards.watch("p_1");
    JsonObject list = expect(Methods.SUGGESTION_LIST);
    assertEquals("p_1", list.getAsJsonObject("params").get("projectId").getAsString());
    assertEquals("pending", list.getAsJsonObject("params").get("state").getAsString());

    // s_1 is rejected in another window while our list request is on its way back.
    peer.notification(Methods.SUGGESTION_DID_CHANGE, notice("p_1", suggestion("s_1", "p_1", "rejected")));
    Wait.until("the didChange handled", () -> notices.get() == 1);
    peer.result(list.get("id"), listOf(suggestion("s_1", "p_1", "pending"), suggestion("s_2", "p_1", "pending")));
    await(loaded);
    assertEquals(List.of("s_2"), ids("p_1"), "the stale list must not resurrect the rejected card");

    peer.notification(Methods.SUGGESTION_DID_CREATE, notice("p_9", suggestion("s_9", "p_9", "pending")));
    peer.notification(Methods.SUGGESTION_DID_CREATE, notice("p_1", suggestion("s_3", "p_1", "pending")));
    Wait.until("both didCreates handled", () -> notices.get() == 3);
    assertEquals(List.of("s_2", "s_3"), ids("p_1"));
    assertTrue(cards.cards("p_9").isEmpty(), "a project nobody watches gets no cards");
    assertFalse(cards.get().containsKey("p_9"));
  }

  @Test
  void resolvingSendsTheDecisionAndDropsTheCardFromTheAnswer() throws Exception {
    CompletableFuture<Void> loaded = cards.watch("p_1");
    JsonObject list = expect(Methods.SUGGESTION_LIST);
    peer.result(list.get("id"), listOf(suggestion("s_1", "p_1", "pending")));
    await(loaded);
    SuggestionCard card = cards.find("s_1");
    assertEquals("Start a branch: Sourdough with rye?", card.headline());
    assertEquals("The new message is about bread, the path about SQL. (82%)", card.detail());
    assertEquals("Branch off", card.acceptLabel());

    CompletableFuture<SuggestionResolution> resolved = cards.resolve("s_1", GroveApi.Decision.ACCEPT);
    JsonObject req = expect(Methods.SUGGESTION_RESOLVE);
    JsonObject params = req.getAsJsonObject("params");
    assertEquals("s_1", params.get("suggestionId").getAsString());
    assertEquals("accept", params.get("decision").getAsString());
    JsonObject answer = new JsonObject();
    answer.add("suggestion", suggestion("s_1", "p_1", "accepted"));
    answer.add("changed", JsonParser.parseString("{\"unitIds\":[\"u_3\",\"u_4\"]}"));
    peer.result(req.get("id"), answer);
    SuggestionResolution r = await(resolved);
    assertEquals("accepted", r.suggestion().state());
    assertEquals(List.of("u_3", "u_4"), r.changes().units());
    assertNull(r.changes().capsule());
    assertTrue(ids("p_1").isEmpty(), "the card leaves with the answer, before any didChange");
    assertEquals(0, notices.get());
  }

  @Test
  void aReloadDropsCardsResolvedWhileTheClientWasAway() throws Exception {
    CompletableFuture<Void> loaded = cards.watch("p_1");
    JsonObject list = expect(Methods.SUGGESTION_LIST);
    peer.result(list.get("id"), listOf(suggestion("s_1", "p_1", "pending"), suggestion("s_2", "p_1", "pending")));
    await(loaded);
    assertEquals(List.of("s_1", "s_2"), ids("p_1"));

    // As after a server restart: the didChange for s_1 was missed; only the list can tell.
    CompletableFuture<Void> again = cards.refreshAll();
    JsonObject second = expect(Methods.SUGGESTION_LIST);
    peer.result(second.get("id"), listOf(suggestion("s_2", "p_1", "pending")));
    await(again);
    assertEquals(List.of("s_2"), ids("p_1"));

    peer.notification(Methods.SUGGESTION_DID_CHANGE, notice("p_1", suggestion("s_2", "p_1", "ignored")));
    Wait.until("the ignored card gone", () -> ids("p_1").isEmpty());
    cards.unwatch("p_1");
    assertFalse(cards.get().containsKey("p_1"));
  }

  @Test
  void aServerWithoutSuggestionsLeavesTheModelEmptyAndSaysSo() throws Exception {
    CompletableFuture<Void> loaded = cards.watch("p_1");
    JsonObject list = expect(Methods.SUGGESTION_LIST);
    peer.error(list.get("id"), -32601, "method not found", null);
    await(loaded);
    assertFalse(cards.supported());
    assertTrue(cards.cards("p_1").isEmpty());
  }
}
