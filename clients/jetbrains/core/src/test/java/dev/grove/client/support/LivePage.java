package dev.grove.client.support;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.grove.client.GroveClient;
import dev.grove.client.NotificationListener;
import dev.grove.client.webui.WebUiPage;
import dev.grove.client.webui.WebUiRelay;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The JetBrains tool window without the IDE: the real page ({@link WebUiPage} with the web UI
 * bundle) in headless Chromium, wired through the real {@link WebUiRelay} to a real client, so
 * what the page asks for reaches grove-server and server notifications reach the page, exactly
 * as in WebUiPanel. Only the transport differs: JCEF's JBCefJSQuery and executeJavaScript become
 * HTTP on loopback (page posts to /post, long-polls /next), which is why the page's CSP gains
 * {@code connect-src 'self'} here; JBCefJSQuery itself is not subject to the page's CSP.
 *
 * <p>The test side can read the page: every 50 ms the page reports the suggestion cards it shows
 * (id and text) to /probe, and a {@code click} posted through {@link #click} presses a button.
 */
public final class LivePage implements AutoCloseable {
  /** One suggestion card as the page renders it. */
  public record Card(String id, String text) {}

  private final HttpServer http;
  private final ExecutorService pool = Executors.newFixedThreadPool(6);
  private final BlockingQueue<String> toPage = new LinkedBlockingQueue<>();
  private final WebUiRelay relay;
  private final GroveClient client;
  private final NotificationListener forward;
  private final Path profile;
  private final Process browser;
  private final List<JsonObject> posted = new CopyOnWriteArrayList<>();
  private volatile List<Card> cards = List.of();
  private volatile boolean probed;

  /** Opens the page on {@code projectId} in the conversation view. */
  public LivePage(Path chromium, Path dist, GroveClient client, String projectId) throws IOException {
    this.client = client;
    String page = WebUiPage.html("Grove", Files.readString(dist.resolve("grove-web-ui.css")),
        Files.readString(dist.resolve("grove-web-ui.js")), WebUiPage.bridgeScript(
            "fetch('/post', {method: 'POST', body: json})") + PROBE_SCRIPT)
        .replace("default-src 'none';", "default-src 'none'; connect-src 'self';");
    relay = new WebUiRelay(client, toPage::add, WebUiRelay.WEB_UI_REQUESTS, new WebUiRelay.Callbacks() {
      @Override
      public void onReady() {
        client.api().serverMethods().whenComplete((methods, err) ->
            relay().init(projectId, "conversation", err == null ? methods : List.of()));
      }
    }, Duration.ofSeconds(15), Duration.ofSeconds(60));
    forward = relay::notification;
    client.addNotificationListener(forward);

    http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    http.setExecutor(pool);
    http.createContext("/", ex -> reply(ex, "text/html", page));
    http.createContext("/post", ex -> {
      String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      try {
        posted.add(JsonParser.parseString(body).getAsJsonObject());
      } catch (RuntimeException e) {
        // Recorded only when it is an object; the relay gets it either way and drops bad input.
      }
      relay.handle(body);
      reply(ex, "text/plain", "");
    });
    http.createContext("/next", ex -> {
      String next;
      try {
        next = toPage.poll(5, TimeUnit.SECONDS); // long poll: the page asks again at once
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        next = null;
      }
      reply(ex, "application/json", next == null ? "" : next);
    });
    http.createContext("/probe", ex -> {
      List<Card> seen = new ArrayList<>();
      JsonArray a = JsonParser.parseString(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8))
          .getAsJsonArray();
      for (JsonElement e : a) {
        JsonObject o = e.getAsJsonObject();
        seen.add(new Card(o.get("id").getAsString(), o.get("text").getAsString()));
      }
      cards = List.copyOf(seen);
      probed = true;
      reply(ex, "text/plain", "");
    });
    http.start();

    profile = Files.createTempDirectory("grove-jb-livepage");
    String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/";
    browser = new ProcessBuilder(chromium.toString(), "--headless=new", "--no-sandbox", "--disable-gpu",
        "--disable-background-networking", "--no-first-run", "--disable-extensions",
        "--user-data-dir=" + profile.resolve("profile"), url)
        .redirectOutput(profile.resolve("out.txt").toFile())
        .redirectError(profile.resolve("log.txt").toFile())
        .start();
  }

  private WebUiRelay relay() {
    return relay;
  }

  /** Suggestion cards the page showed at its latest report. */
  public List<Card> cards() {
    return cards;
  }

  /** True once the page has reported at least once (it is loaded and running). */
  public boolean probed() {
    return probed;
  }

  /** Messages the page sent to the host, in arrival order. */
  public List<JsonObject> posted() {
    return posted;
  }

  /** Presses the first element matching a CSS selector in the page. */
  public void click(String selector) {
    JsonObject m = new JsonObject();
    m.addProperty("type", "test.click");
    m.addProperty("selector", selector);
    toPage.add(m.toString());
  }

  /** Chromium's log, for failure messages. */
  public String browserLog() {
    try {
      String log = Files.readString(profile.resolve("log.txt"));
      return log.length() > 3000 ? log.substring(log.length() - 3000) : log;
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Override
  public void close() throws IOException {
    client.removeNotificationListener(forward);
    relay.close();
    TempDirs.stopTree(browser);
    http.stop(0);
    pool.shutdownNow();
    TempDirs.delete(profile);
  }

  private static void reply(HttpExchange ex, String type, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", type + "; charset=utf-8");
    ex.getResponseHeaders().add("Cache-Control", "no-store");
    ex.sendResponseHeaders(200, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  /**
   * The test side of the transport: delivers host messages from /next (or performs a click),
   * and reports the rendered suggestion cards to /probe every 50 ms.
   */
  private static final String PROBE_SCRIPT = "\n(function () {\n"
      + "  function next() {\n"
      + "    fetch('/next').then(function (r) { return r.text(); }).then(function (t) {\n"
      + "      if (t) {\n"
      + "        var m = JSON.parse(t);\n"
      + "        if (m.type === 'test.click') { var el = document.querySelector(m.selector); if (el) el.click(); }\n"
      + "        else window.postMessage(m, '*');\n"
      + "      }\n"
      + "      next();\n"
      + "    }, function () { setTimeout(next, 100); });\n"
      + "  }\n"
      + "  next();\n"
      + "  setInterval(function () {\n"
      + "    var cards = Array.prototype.map.call(document.querySelectorAll('[data-suggestion-id]'), function (e) {\n"
      + "      return {id: e.getAttribute('data-suggestion-id'), text: e.textContent || ''};\n"
      + "    });\n"
      + "    fetch('/probe', {method: 'POST', body: JSON.stringify(cards)});\n"
      + "  }, 50);\n"
      + "})();\n";
}
