package dev.grove.client.webui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.support.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class WebUiPageTest {
  @Test
  void bridgeRunsBeforeTheBundleAndEveryScriptCarriesTheNonce() {
    String html = WebUiPage.html("Grove", "body{}", "console.log('</script>')",
        WebUiPage.bridgeScript("window.cefQuery({request: json})"));
    Matcher csp = Pattern.compile("script-src 'nonce-([A-Za-z0-9_-]+)'").matcher(html);
    assertTrue(csp.find(), html);
    String nonce = csp.group(1);
    int bridge = html.indexOf("window.groveHost");
    int bundle = html.indexOf("console.log");
    assertTrue(bridge > 0 && bridge < bundle, "groveHost must exist before the bundle runs");
    assertEquals(2, html.split("<script nonce=\"" + nonce + "\">", -1).length - 1);
    assertFalse(html.contains("console.log('</script>')"), "an inlined </script> would end the element");
    assertTrue(html.contains("console.log('<\\/script>')"));
    assertTrue(html.contains("<div id=\"grove-root\"></div>"), "the bundle mounts here");
  }

  @Test
  void deliverScriptPostsTheMessageToTheWindow() {
    assertEquals("window.postMessage({\"type\":\"locate\",\"unitId\":\"u\\u2028\"}, '*');",
        WebUiPage.deliverScript("{\"type\":\"locate\",\"unitId\":\"u\u2028\"}"));
  }

  @Test
  void webUiBundleDeclaresTheChannelThisHostImplements() throws Exception {
    // The contract lives in the web UI's sources; fail here if it moves without this host.
    Path hostChannel = Repo.root().resolve("clients/web-ui/src/channel/hostChannel.ts");
    Path messages = Repo.root().resolve("clients/web-ui/src/channel/messages.ts");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(hostChannel), "web UI sources not present");
    assertTrue(Files.readString(hostChannel).contains("win.groveHost"));
    String m = Files.readString(messages);
    for (String type : new String[] {"'ready'", "'request'", "'cancel'", "'openLocation'", "'reveal'", "'notify'",
        "'init'", "'response'", "'notification'", "'setProject'", "'locate'"}) {
      assertTrue(m.contains(type), "messages.ts no longer has " + type);
    }
  }
}
