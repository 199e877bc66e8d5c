package dev.grove.client.view;

import static dev.grove.client.support.Futures.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.grove.client.api.GroveApi;
import dev.grove.client.model.ChatStreamed;
import dev.grove.client.rpc.JsonRpcConnection;
import dev.grove.client.rpc.MessageListener;
import dev.grove.client.support.ProjectAnswers;
import dev.grove.client.support.ScriptedPeer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The chat view's handling of streamed text against a scripted server whose stored state the
 * test controls: deltas show before the unit is stored, stay while the stored text lags, and
 * give way to the stored text once the unit is complete.
 */
@Timeout(20)
class ChatModelStreamingTest {
  private final ScriptedPeer peer = new ScriptedPeer();
  private final JsonRpcConnection conn = peer.connect((MessageListener) (m, p) -> {});
  private final AtomicReference<String> projectGet = new AtomicReference<>();
  private final Thread server = new Thread(this::serve, "scripted-grove");

  @AfterEach
  void stop() {
    conn.close();
    server.interrupt();
  }

  /**
   * Answers the tree's reads from {@link #projectGet} (see {@link ProjectAnswers}) and
   * scope/preview with "everything on the path".
   */
  private void serve() {
    try {
      while (true) {
        JsonObject req = peer.receive();
        String method = req.get("method").getAsString();
        JsonElement result = ProjectAnswers.answer(method, req.getAsJsonObject("params"), projectGet.get());
        if (result == null) {
          result = JsonParser.parseString("{\"system\":\"\",\"messages\":[],\"tokens\":0,\"excluded\":[],"
              + "\"included\":[],\"truncated\":[]}");
        }
        peer.result(req.get("id"), result);
      }
    } catch (Exception e) {
      // The connection closed at the end of the test.
    }
  }

  private static String unit(String id, String parent, String role, String content, String status, int seq) {
    return "{\"id\":\"" + id + "\",\"projectId\":\"p\",\"parentId\":" + (parent == null ? "null" : "\"" + parent + "\"")
        + ",\"role\":\"" + role + "\",\"kind\":\"message\",\"content\":\"" + content + "\",\"status\":\"" + status
        + "\",\"scope\":\"auto\",\"seq\":" + seq + ",\"startsBranch\":false,\"createdAt\":\"t\",\"editedAt\":null}";
  }

  private static String project(String cursor, long revision, String... units) {
    return "{\"project\":{\"id\":\"p\",\"title\":\"P\",\"cursorId\":\"" + cursor + "\",\"mainlineEndId\":\"" + cursor
        + "\",\"revision\":" + revision + "},\"units\":[" + String.join(",", units) + "],\"branches\":[]}";
  }

  private static List<String> texts(ChatModel chat) {
    return chat.get().stream().map(m -> m.role() + ":" + m.text() + (m.isStreaming() ? "…" : "")).toList();
  }

  @Test
  void streamedTextIsShownUntilTheStoredAnswerCatchesUp() {
    server.setDaemon(true);
    server.start();
    GroveApi api = new GroveApi(conn, Duration.ofSeconds(10));
    ContextTreeModel tree = new ContextTreeModel(api);
    ChatModel chat = new ChatModel(tree);
    String question = unit("u1", null, "user", "hi", "complete", 1);

    projectGet.set(project("u1", 1, question));
    await(tree.select("p"));
    assertEquals(List.of("user:hi"), texts(chat));

    // Deltas for a unit the tree has not loaded yet: shown after the path, as streaming.
    chat.onChatStreamed(new ChatStreamed("p", "a1", "Hel"));
    chat.onChatStreamed(new ChatStreamed("p", "a1", "lo"));
    chat.onChatStreamed(new ChatStreamed("other-project", "x", "ignored"));
    assertEquals(List.of("user:hi", "assistant:Hello…"), texts(chat));
    assertEquals("Hello", chat.streamedText("a1"));

    // The unit is stored while streaming, its stored text behind the stream: the stream wins.
    projectGet.set(project("a1", 2, question, unit("a1", "u1", "assistant", "He", "streaming", 2)));
    await(tree.refresh());
    assertEquals(List.of("user:hi", "assistant:Hello…"), texts(chat));

    // Complete: the stored text is final and the stream buffer is dropped.
    projectGet.set(project("a1", 3, question, unit("a1", "u1", "assistant", "Hello there", "complete", 2)));
    await(tree.refresh());
    assertEquals(List.of("user:hi", "assistant:Hello there"), texts(chat));
    assertEquals(null, chat.streamedText("a1"));
  }
}
