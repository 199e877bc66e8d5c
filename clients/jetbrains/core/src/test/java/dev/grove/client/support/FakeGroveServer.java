package dev.grove.client.support;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.grove.client.rpc.FrameReader;
import dev.grove.client.rpc.FrameWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * A tiny stand-in server run as a real child process, for the failures the real grove-server
 * should never produce: a malformed frame, a foreign protocol version, dying at once. Modes:
 * {@code ok} answers initialize and grove/project/list; {@code malformed} answers initialize,
 * then replies to the next request with a broken frame and stays alive (so only the client's
 * own detection can notice); {@code version2} claims protocol version 2; {@code die} exits
 * before answering anything.
 */
public final class FakeGroveServer {
  public static void main(String[] args) throws IOException {
    String mode = args.length > 0 ? args[0] : "ok";
    if (mode.equals("die")) System.exit(3);
    FrameReader in = new FrameReader(System.in);
    OutputStream rawOut = System.out;
    FrameWriter out = new FrameWriter(rawOut);
    for (String body; (body = in.read()) != null; ) {
      JsonObject msg = JsonParser.parseString(body).getAsJsonObject();
      String method = msg.get("method").getAsString();
      if (!msg.has("id")) {
        if (method.equals("exit")) System.exit(0);
        continue;
      }
      JsonObject result = new JsonObject();
      switch (method) {
        case "initialize" -> {
          JsonObject grove = new JsonObject();
          grove.addProperty("protocolVersion", mode.equals("version2") ? 2 : 1);
          JsonObject caps = new JsonObject();
          caps.add("grove", grove);
          JsonObject info = new JsonObject();
          info.addProperty("name", "fake-grove-server");
          result.add("serverInfo", info);
          result.add("capabilities", caps);
        }
        case "grove/project/list" -> {
          if (mode.equals("malformed")) {
            rawOut.write("Content-Length: 12\r\nContent-Length: oops\r\n\r\n{\"id\":1}".getBytes(StandardCharsets.US_ASCII));
            rawOut.flush();
            continue;
          }
          result.add("projects", new JsonArray());
        }
        default -> { }
      }
      JsonObject reply = new JsonObject();
      reply.addProperty("jsonrpc", "2.0");
      reply.add("id", msg.get("id"));
      reply.add("result", result);
      out.write(reply.toString());
    }
  }

  /**
   * The command line that runs this class in a fresh JVM. Under the JUnit console launcher
   * java.class.path is only the launcher's jar, so the runner passes the real one in
   * -Dgrove.test.classpath.
   */
  public static List<String> command(String mode) {
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String cp = System.getProperty("grove.test.classpath", System.getProperty("java.class.path"));
    return List.of(javaBin, "-cp", cp, FakeGroveServer.class.getName(), mode);
  }
}
