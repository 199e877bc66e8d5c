package dev.grove.client.webui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.grove.client.rpc.PendingRequest;
import dev.grove.client.rpc.RpcChannel;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a tab's init says for each view, and which notifications a workspace tab lets through. */
class WebUiViewTest {
  private final List<JsonObject> posted = new ArrayList<>();
  private final RpcChannel unused = new RpcChannel() {
    @Override
    public <T> PendingRequest<T> request(String method, Object params, Type type, Duration timeout) {
      throw new AssertionError("no request expected: " + method);
    }

    @Override
    public void notify(String method, Object params) {
      throw new AssertionError("no notification expected: " + method);
    }
  };
  private final WebUiRelay relay = new WebUiRelay(unused, s -> posted.add(JsonParser.parseString(s).getAsJsonObject()),
      WebUiRelay.WEB_UI_REQUESTS, () -> {}, Duration.ofSeconds(1), Duration.ofSeconds(1));

  @Test
  void theBoardAndTheMapNameTheProjectsFolderWithoutATrailingSlashAndNoProject() {
    Path folder = Path.of("/home/ana/my app/");
    WebUiView board = WebUiView.of(WebUiView.BOARD, folder);
    assertEquals("file:///home/ana/my%20app", board.workspaceUri());
    assertTrue(board.isWorkspaceView());
    board.init(relay, "p1", List.of("grove/board/get"));
    JsonObject init = posted.get(0);
    assertEquals("init", init.get("type").getAsString());
    assertEquals("board", init.get("view").getAsString());
    assertTrue(init.get("projectId").isJsonNull(), "a workspace view shows no conversation");
    assertEquals("file:///home/ana/my%20app", init.get("workspaceUri").getAsString());
    assertEquals("grove/board/get", init.getAsJsonArray("methods").get(0).getAsString());

    WebUiView.of(WebUiView.KNOWLEDGE, Path.of("/w")).init(relay, null, List.of());
    assertEquals("knowledge", posted.get(1).get("view").getAsString());
    assertEquals("file:///w", posted.get(1).get("workspaceUri").getAsString());
  }

  @Test
  void projectViewsShowTheCurrentConversationAndCarryNoFolder() {
    WebUiView map = WebUiView.of(WebUiView.MAP, Path.of("/w"));
    assertNull(map.workspaceUri());
    assertFalse(map.isWorkspaceView());
    map.init(relay, "p7", List.of());
    assertEquals("p7", posted.get(0).get("projectId").getAsString());
    assertEquals("map", posted.get(0).get("view").getAsString());
    assertFalse(posted.get(0).has("workspaceUri"));
  }

  @Test
  void aProjectWithoutAFolderGetsAWorkspaceViewWithoutOneAndUnknownViewsAreRefused() {
    WebUiView board = WebUiView.of(WebUiView.BOARD, null);
    assertNull(board.workspaceUri());
    board.init(relay, "p1", List.of());
    assertFalse(posted.get(0).has("workspaceUri"), "the page then asks for a folder");
    assertThrows(IllegalArgumentException.class, () -> WebUiView.of("chat-and-board", Path.of("/w")));
  }

  @Test
  void aWorkspaceTabTakesItsFoldersNotificationsAndThoseNamingNone() {
    WebUiView board = WebUiView.of(WebUiView.BOARD, Path.of("/home/ana/my app"));
    assertTrue(board.concerns(JsonParser.parseString("{\"workspaceUri\":\"file:///home/ana/my%20app\",\"revision\":2}")));
    assertTrue(board.concerns(JsonParser.parseString("{\"workspaceUri\":\"file:///home/ana/my app/\"}")), "another spelling");
    assertFalse(board.concerns(JsonParser.parseString("{\"workspaceUri\":\"file:///home/ana/other\"}")));
    assertFalse(board.concerns(JsonParser.parseString("{\"workspaceUri\":\"file:///home/ana/my%20app2\"}")));
    assertTrue(board.concerns(JsonParser.parseString("{\"token\":\"t1\",\"value\":{\"kind\":\"report\"}}")), "$/progress");
    assertTrue(board.concerns(null));
    assertFalse(WebUiView.of(WebUiView.BOARD, null).concerns(JsonParser.parseString("{\"workspaceUri\":\"file:///w\"}")));
    assertTrue(WebUiView.of(WebUiView.CONVERSATION, null).concerns(JsonParser.parseString("{\"workspaceUri\":\"file:///w\"}")));

    board.forwarder(relay).onNotification("grove/board/didChange", JsonParser.parseString("{\"workspaceUri\":\"file:///elsewhere\"}"));
    assertTrue(posted.isEmpty());
    board.forwarder(relay).onNotification("grove/board/didChange", JsonParser.parseString("{\"workspaceUri\":\"file:///home/ana/my%20app\"}"));
    assertEquals("grove/board/didChange", posted.get(0).get("method").getAsString());
  }
}
