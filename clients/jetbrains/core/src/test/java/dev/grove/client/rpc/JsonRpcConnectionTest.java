package dev.grove.client.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.grove.client.support.ScriptedPeer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The JSON-RPC layer against a scripted in-memory peer: every path that can strand a caller. */
@Timeout(20)
class JsonRpcConnectionTest {
  private static final Duration LONG = Duration.ofSeconds(30);

  private final ScriptedPeer peer = new ScriptedPeer();
  private final List<String> notifications = new CopyOnWriteArrayList<>();
  private final CompletableFuture<GroveException> closed = new CompletableFuture<>();
  private JsonRpcConnection conn;

  @BeforeEach
  void connect() {
    conn = peer.connect(new MessageListener() {
      @Override
      public void onNotification(String method, JsonElement params) {
        notifications.add(method + " " + params);
      }

      @Override
      public void onClosed(GroveException cause) {
        closed.complete(cause);
      }
    });
  }

  @AfterEach
  void close() {
    conn.close();
  }

  private static Throwable failure(CompletableFuture<?> f) throws Exception {
    ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(5, TimeUnit.SECONDS));
    return e.getCause();
  }

  @Test
  void correlatesResponsesArrivingOutOfOrder() throws Exception {
    PendingRequest<JsonObject> a = conn.request("a", new JsonObject(), JsonObject.class, LONG);
    PendingRequest<JsonObject> b = conn.request("b", new JsonObject(), JsonObject.class, LONG);
    JsonObject ra = peer.receive();
    JsonObject rb = peer.receive();
    assertEquals("2.0", ra.get("jsonrpc").getAsString());
    assertEquals("a", ra.get("method").getAsString());
    JsonObject second = new JsonObject();
    second.addProperty("who", "b");
    peer.result(rb.get("id"), second);
    JsonObject first = new JsonObject();
    first.addProperty("who", "a");
    peer.result(ra.get("id"), first);
    assertEquals("a", a.future().get(5, TimeUnit.SECONDS).get("who").getAsString());
    assertEquals("b", b.future().get(5, TimeUnit.SECONDS).get("who").getAsString());
    assertEquals(0, conn.pendingCount());
  }

  @Test
  void errorResponseBecomesExceptionNamingTheKind() throws Exception {
    PendingRequest<JsonObject> r = conn.request("grove/project/get", new JsonObject(), JsonObject.class, LONG);
    JsonObject req = peer.receive();
    JsonObject data = new JsonObject();
    data.addProperty("kind", "projectNotFound");
    data.addProperty("id", "p-404");
    peer.error(req.get("id"), 1001, "no such project", data);
    RpcErrorException e = assertInstanceOf(RpcErrorException.class, failure(r.future()));
    assertEquals(1001, e.code());
    assertEquals("projectNotFound", e.kind());
    assertEquals("p-404", e.id());
    assertEquals("grove/project/get", e.method());
    assertTrue(e.getMessage().contains("projectNotFound"), e.getMessage());
  }

  @Test
  void notificationsAreDeliveredInOrder() throws Exception {
    JsonObject p = new JsonObject();
    p.addProperty("n", 1);
    peer.notification("grove/project/didChange", p);
    peer.notification("grove/chat/didStream", new JsonObject());
    dev.grove.client.support.Wait.until("two notifications", () -> notifications.size() == 2);
    assertEquals("grove/project/didChange {\"n\":1}", notifications.get(0));
    assertTrue(notifications.get(1).startsWith("grove/chat/didStream"));
  }

  @Test
  void timeoutFailsTheRequestAndCancelsItOnTheServer() throws Exception {
    PendingRequest<JsonObject> r = conn.request("slow", new JsonObject(), JsonObject.class, Duration.ofMillis(100));
    JsonObject req = peer.receive();
    RequestTimeoutException e = assertInstanceOf(RequestTimeoutException.class, failure(r.future()));
    assertEquals("slow", e.method());
    JsonObject cancel = peer.receive();
    assertEquals("$/cancelRequest", cancel.get("method").getAsString());
    assertEquals(req.get("id").getAsLong(), cancel.getAsJsonObject("params").get("id").getAsLong());
    assertNull(cancel.get("id"), "a cancel is a notification");
    // A late answer to the timed-out request is dropped without disturbing the connection.
    peer.result(req.get("id"), new JsonObject());
    PendingRequest<JsonObject> next = conn.request("next", new JsonObject(), JsonObject.class, LONG);
    peer.result(peer.receive().get("id"), new JsonObject());
    next.future().get(5, TimeUnit.SECONDS);
    assertTrue(conn.isOpen());
  }

  @Test
  void cancelSendsCancelRequestAndTheServerDecidesTheOutcome() throws Exception {
    PendingRequest<JsonObject> r = conn.request("grove/chat/send", new JsonObject(), JsonObject.class, LONG);
    JsonObject req = peer.receive();
    r.cancel();
    JsonObject cancel = peer.receive();
    assertEquals("$/cancelRequest", cancel.get("method").getAsString());
    assertEquals(r.id(), cancel.getAsJsonObject("params").get("id").getAsLong());
    peer.error(req.get("id"), -32800, "cancelled", null);
    RpcErrorException e = assertInstanceOf(RpcErrorException.class, failure(r.future()));
    assertEquals(RpcErrorException.REQUEST_CANCELLED, e.code());
  }

  @Test
  void malformedFrameFailsPendingRequestsAtOnceAndClosesTheConnection() throws Exception {
    PendingRequest<JsonObject> r = conn.request("x", new JsonObject(), JsonObject.class, LONG);
    peer.receive();
    peer.raw("Content-Length: twelve\r\n\r\n{}");
    // The request's own deadline is 30 s; failing within 5 s shows the frame error reached it.
    assertInstanceOf(MalformedFrameException.class, failure(r.future()));
    assertInstanceOf(MalformedFrameException.class, closed.get(5, TimeUnit.SECONDS));
    assertTrue(!conn.isOpen());
    PendingRequest<JsonObject> after = conn.request("y", new JsonObject(), JsonObject.class, LONG);
    assertInstanceOf(ServerUnavailableException.class, failure(after.future()));
  }

  @Test
  void bodyThatIsNotJsonIsReportedAsMalformed() throws Exception {
    PendingRequest<JsonObject> r = conn.request("x", new JsonObject(), JsonObject.class, LONG);
    peer.receive();
    peer.raw("Content-Length: 9\r\n\r\nnot json!");
    assertInstanceOf(MalformedFrameException.class, failure(r.future()));
  }

  @Test
  void resultOfTheWrongShapeFailsOnlyThatRequest() throws Exception {
    PendingRequest<Integer> r = conn.request("n", new JsonObject(), Integer.class, LONG);
    peer.result(peer.receive().get("id"), new JsonPrimitive("not a number"));
    assertInstanceOf(ProtocolException.class, failure(r.future()));
    assertTrue(conn.isOpen());
  }

  @Test
  void endOfStreamFailsPendingRequests() throws Exception {
    PendingRequest<JsonObject> r = conn.request("x", new JsonObject(), JsonObject.class, LONG);
    peer.receive();
    peer.hangUp();
    assertInstanceOf(ServerUnavailableException.class, failure(r.future()));
    assertInstanceOf(ServerUnavailableException.class, closed.get(5, TimeUnit.SECONDS));
  }

  @Test
  void serverToClientRequestsAreRefusedSoTheServerDoesNotWait() throws Exception {
    peer.request(77, "window/workDoneProgress/create");
    JsonObject answer = peer.receive();
    assertEquals(77, answer.get("id").getAsInt());
    assertEquals(RpcErrorException.METHOD_NOT_FOUND, answer.getAsJsonObject("error").get("code").getAsInt());
  }

  @Test
  void explicitNullsReachTheWire() throws Exception {
    JsonObject params = new JsonObject();
    params.add("parentId", com.google.gson.JsonNull.INSTANCE);
    conn.request("grove/unit/append", params, JsonObject.class, LONG);
    JsonObject sent = peer.receive();
    assertTrue(sent.getAsJsonObject("params").has("parentId"), "null must be sent, not dropped: " + sent);
    assertTrue(sent.getAsJsonObject("params").get("parentId").isJsonNull());
  }
}
