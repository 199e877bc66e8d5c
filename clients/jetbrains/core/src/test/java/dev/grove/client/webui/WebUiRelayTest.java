package dev.grove.client.webui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.grove.client.rpc.JsonRpcConnection;
import dev.grove.client.rpc.MessageListener;
import dev.grove.client.support.ScriptedPeer;
import dev.grove.client.support.Wait;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The web UI channel's host side against a scripted server: validation, allowlist, cancel. */
@Timeout(20)
class WebUiRelayTest {
  private final ScriptedPeer peer = new ScriptedPeer();
  private final JsonRpcConnection conn = peer.connect((MessageListener) (m, p) -> {});
  private final List<JsonObject> posted = new CopyOnWriteArrayList<>();
  private final List<String> ui = new CopyOnWriteArrayList<>();
  private final WebUiRelay relay = new WebUiRelay(conn, s -> posted.add(JsonParser.parseString(s).getAsJsonObject()),
      WebUiRelay.WEB_UI_REQUESTS, new WebUiRelay.Callbacks() {
        @Override
        public void onReady() {
          ui.add("ready");
        }

        @Override
        public void onOpenLocation(String uri, JsonObject range) {
          ui.add("open " + uri + " " + range.getAsJsonObject("start").get("line"));
        }

        @Override
        public void onNotify(String level, String message) {
          ui.add(level + ": " + message);
        }

        @Override
        public void onReveal(String unitId) {
          ui.add("reveal " + unitId);
        }
      }, Duration.ofSeconds(10), Duration.ofSeconds(10));

  @AfterEach
  void close() {
    relay.close();
    conn.close();
  }

  private JsonObject lastPosted() {
    return posted.get(posted.size() - 1);
  }

  @Test
  void allowedRequestIsForwardedAndAnsweredWithThePagesId() throws Exception {
    relay.handle("{\"type\":\"request\",\"id\":7,\"method\":\"grove/project/get\",\"params\":{\"projectId\":\"p1\"}}");
    JsonObject sent = peer.receive();
    assertEquals("grove/project/get", sent.get("method").getAsString());
    assertEquals("p1", sent.getAsJsonObject("params").get("projectId").getAsString());
    JsonObject result = new JsonObject();
    result.addProperty("ok", true);
    peer.result(sent.get("id"), result);
    Wait.until("the response posted", () -> !posted.isEmpty());
    JsonObject r = lastPosted();
    assertEquals("response", r.get("type").getAsString());
    assertEquals(7, r.get("id").getAsInt(), "the page's id, not the wire id");
    assertTrue(r.getAsJsonObject("result").get("ok").getAsBoolean());
  }

  @Test
  void serverErrorsReachThePageWithCodeAndData() throws Exception {
    relay.handle("{\"type\":\"request\",\"id\":1,\"method\":\"grove/unit/edit\",\"params\":{}}");
    JsonObject sent = peer.receive();
    JsonObject data = new JsonObject();
    data.addProperty("kind", "unitNotFound");
    peer.error(sent.get("id"), 1001, "no such unit", data);
    Wait.until("the error posted", () -> !posted.isEmpty());
    JsonObject err = lastPosted().getAsJsonObject("error");
    assertEquals(1001, err.get("code").getAsInt());
    assertEquals("no such unit", err.get("message").getAsString());
    assertEquals("unitNotFound", err.getAsJsonObject("data").get("kind").getAsString());
  }

  @Test
  void methodsOutsideTheAllowlistNeverReachTheServer() throws Exception {
    relay.handle("{\"type\":\"request\",\"id\":3,\"method\":\"grove/project/delete\",\"params\":{}}");
    Wait.until("the refusal posted", () -> !posted.isEmpty());
    assertEquals(WebUiRelay.METHOD_NOT_ALLOWED, lastPosted().getAsJsonObject("error").get("code").getAsInt());
    // The next thing the server sees is this probe, so the refused request was never sent.
    relay.handle("{\"type\":\"request\",\"id\":4,\"method\":\"grove/search\",\"params\":{\"query\":\"x\"}}");
    assertEquals("grove/search", peer.receive().get("method").getAsString());
  }

  @Test
  void cancelFromThePageBecomesCancelRequest() throws Exception {
    relay.handle("{\"type\":\"request\",\"id\":9,\"method\":\"grove/chat/send\",\"params\":{}}");
    JsonObject sent = peer.receive();
    relay.handle("{\"type\":\"cancel\",\"id\":9}");
    JsonObject cancel = peer.receive();
    assertEquals("$/cancelRequest", cancel.get("method").getAsString());
    assertEquals(sent.get("id").getAsLong(), cancel.getAsJsonObject("params").get("id").getAsLong());
  }

  @Test
  void invalidMessagesAreDroppedAndUiMessagesReachTheIde() {
    relay.handle("not json");
    relay.handle("[1,2]");
    relay.handle("{\"type\":\"request\",\"id\":\"x\",\"method\":\"grove/search\"}");
    relay.handle("{\"type\":\"notify\",\"level\":\"shout\",\"message\":\"m\"}");
    relay.handle("{\"type\":\"unknown\"}");
    assertTrue(posted.isEmpty());
    assertTrue(ui.isEmpty());
    relay.handle("{\"type\":\"ready\"}");
    relay.handle("{\"type\":\"notify\",\"level\":\"warning\",\"message\":\"careful\"}");
    relay.handle("{\"type\":\"reveal\",\"unitId\":\"u1\"}");
    relay.handle("{\"type\":\"openLocation\",\"uri\":\"file:///a.java\",\"range\":{\"start\":{\"line\":4,\"character\":0},"
        + "\"end\":{\"line\":5,\"character\":0}}}");
    assertEquals(List.of("ready", "warning: careful", "reveal u1", "open file:///a.java 4"), ui);
  }

  @Test
  void aWorkspaceViewIsInitialisedWithItsFolderAndMayCallTheBoardAndMap() {
    relay.init(null, "board", List.of("grove/board/get"), "file:///home/ana/app");
    assertEquals("board", posted.get(0).get("view").getAsString());
    assertEquals("file:///home/ana/app", posted.get(0).get("workspaceUri").getAsString());
    relay.init("p1", "conversation", List.of());
    assertFalse(posted.get(1).has("workspaceUri"), "project views carry no folder");
    for (String m : List.of("grove/board/get", "grove/board/edit", "grove/knowledge/get", "grove/knowledge/ask", "grove/knowledge/edit")) {
      assertTrue(WebUiRelay.WEB_UI_REQUESTS.contains(m), m);
    }
  }

  @Test
  void hostMessagesHaveTheShapesThePageValidates() {
    relay.init("p1", "conversation", List.of("grove/project/get"));
    relay.notification("grove/project/didChange", JsonParser.parseString("{\"projectId\":\"p1\"}"));
    relay.setProject("p2");
    relay.locate("u9");
    relay.insertText("@[Kafka offsets](memolet:m_1)");
    assertEquals("init", posted.get(0).get("type").getAsString());
    assertEquals("conversation", posted.get(0).get("view").getAsString());
    assertEquals("grove/project/get", posted.get(0).getAsJsonArray("methods").get(0).getAsString());
    assertEquals("grove/project/didChange", posted.get(1).get("method").getAsString());
    assertEquals("p2", posted.get(2).get("projectId").getAsString());
    assertEquals("u9", posted.get(3).get("unitId").getAsString());
    assertEquals("insertText", posted.get(4).get("type").getAsString());
    assertEquals("@[Kafka offsets](memolet:m_1)", posted.get(4).get("text").getAsString());
    assertFalse(WebUiRelay.WEB_UI_REQUESTS.contains("grove/project/delete"));
  }
}
