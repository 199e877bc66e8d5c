package dev.grove.client.webui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.support.Chromium;
import dev.grove.client.support.Repo;
import dev.grove.client.support.TempDirs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The page the JCEF tool window loads, with the real web UI bundle, in headless Chromium (the
 * engine JCEF embeds). The bridge stands in for JBCefJSQuery by logging what the page posts and,
 * on "ready", delivering an init message exactly as the tool window does; the bundle must then
 * ask for the project. Skipped with a note where Chromium or the built bundle is absent.
 */
@Timeout(90)
class WebUiPageBrowserTest {
  @Test
  void bundleFindsTheHostAndAnswersInitWithARequest() throws Exception {
    Path browser = Chromium.find();
    Path dist = Repo.root().resolve("clients/web-ui/dist");
    boolean ready = browser != null && Files.exists(dist.resolve("grove-web-ui.js"));
    Assumptions.assumeTrue(ready, () -> {
      System.out.println("note: JCEF page check skipped: needs chromium and clients/web-ui/dist");
      return "no chromium or web UI bundle";
    });
    Path dir = Files.createTempDirectory("grove-jb-page");
    try {
      String init = "{\"type\":\"init\",\"projectId\":\"p-page\",\"view\":\"conversation\","
          + "\"methods\":[\"grove/project/get\",\"grove/scope/preview\"]}";
      String bridge = WebUiPage.bridgeScript("console.log('GROVE-POST ' + json); if (message.type === 'ready') { "
          + WebUiPage.deliverScript(init) + " }");
      Path page = dir.resolve("page.html");
      Files.writeString(page, WebUiPage.html("Grove", Files.readString(dist.resolve("grove-web-ui.css")),
          Files.readString(dist.resolve("grove-web-ui.js")), bridge));
      Process p = new ProcessBuilder(browser.toString(), "--headless=new", "--no-sandbox", "--disable-gpu",
          "--disable-background-networking", "--no-first-run", "--user-data-dir=" + dir.resolve("profile"),
          "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", page.toUri().toString())
          .redirectOutput(dir.resolve("dom.html").toFile())
          .redirectError(dir.resolve("log.txt").toFile())
          .start();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        TempDirs.stopTree(p);
        throw new AssertionError("chromium did not finish within 60 s");
      }
      String log = Files.readString(dir.resolve("log.txt"), StandardCharsets.UTF_8);
      String dom = Files.readString(dir.resolve("dom.html"), StandardCharsets.UTF_8);
      assertTrue(log.contains("GROVE-POST {\"type\":\"ready\"}"), "the bundle did not find window.groveHost:\n" + tail(log));
      assertTrue(log.contains("\"method\":\"grove/project/get\",\"params\":{\"projectId\":\"p-page\"}"),
          "the delivered init did not reach the bundle:\n" + tail(log));
      assertTrue(!log.contains("Content Security Policy"), "CSP blocked something:\n" + tail(log));
      assertTrue(dom.contains("class=\"toolbar\""), "the UI did not render into #grove-root");
    } finally {
      TempDirs.delete(dir);
    }
  }

  private static String tail(String log) {
    return log.length() > 3000 ? log.substring(log.length() - 3000) : log;
  }
}
