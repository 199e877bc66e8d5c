package dev.grove.client.support;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.grove.client.rpc.FrameReader;
import dev.grove.client.rpc.FrameWriter;
import dev.grove.client.rpc.JsonRpcConnection;
import dev.grove.client.rpc.MessageListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The server side of an in-memory connection, driven step by step by a test: read what the
 * client sent, answer with a result, an error, a notification, or raw (possibly broken) bytes.
 */
public final class ScriptedPeer {
  private final BytePipe toClient = new BytePipe();
  private final BytePipe toServer = new BytePipe();
  private final FrameReader reader = new FrameReader(toServer.in);
  private final FrameWriter writer = new FrameWriter(toClient.out);

  public JsonRpcConnection connect(MessageListener listener) {
    return new JsonRpcConnection("test", toClient.in, toServer.out, listener).start();
  }

  /** The next message the client sent (blocks; tests bound it with their own timeout). */
  public JsonObject receive() throws IOException {
    String body = reader.read();
    if (body == null) throw new IOException("client closed");
    return JsonParser.parseString(body).getAsJsonObject();
  }

  public void result(JsonElement id, JsonElement result) throws IOException {
    JsonObject m = envelope();
    m.add("id", id);
    m.add("result", result);
    writer.write(m.toString());
  }

  public void error(JsonElement id, int code, String message, JsonObject data) throws IOException {
    JsonObject e = new JsonObject();
    e.addProperty("code", code);
    e.addProperty("message", message);
    if (data != null) e.add("data", data);
    JsonObject m = envelope();
    m.add("id", id);
    m.add("error", e);
    writer.write(m.toString());
  }

  public void notification(String method, JsonElement params) throws IOException {
    JsonObject m = envelope();
    m.addProperty("method", method);
    m.add("params", params);
    writer.write(m.toString());
  }

  public void request(long id, String method) throws IOException {
    JsonObject m = envelope();
    m.addProperty("id", id);
    m.addProperty("method", method);
    m.add("params", new JsonObject());
    writer.write(m.toString());
  }

  /** Bytes exactly as given: for malformed frames. */
  public void raw(String bytes) throws IOException {
    toClient.out.write(bytes.getBytes(StandardCharsets.UTF_8));
    toClient.out.flush();
  }

  /** Ends the server's output, as a dying process does. */
  public void hangUp() throws IOException {
    toClient.out.close();
  }

  private static JsonObject envelope() {
    JsonObject m = new JsonObject();
    m.addProperty("jsonrpc", "2.0");
    return m;
  }
}
