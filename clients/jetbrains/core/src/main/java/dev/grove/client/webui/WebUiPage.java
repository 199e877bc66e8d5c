package dev.grove.client.webui;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * The HTML page that hosts the web UI bundle in an embedded browser. The bundle and stylesheet
 * are inlined (JCEF then needs no resource handler), a strict Content-Security-Policy allows only
 * scripts carrying this page's nonce, and the bridge script defines {@code window.groveHost}
 * before the bundle runs, which is how the bundle finds a non-VS Code host.
 */
public final class WebUiPage {
  private WebUiPage() {}

  /**
   * @param bridgeScript JavaScript defining {@code window.groveHost = { post(msg) {...} }}
   */
  public static String html(String title, String css, String bundleJs, String bridgeScript) {
    String nonce = nonce();
    String csp = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'nonce-" + nonce + "'";
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"UTF-8\">\n"
        + "<meta http-equiv=\"Content-Security-Policy\" content=\"" + csp + "\">\n"
        + "<title>" + escapeHtml(title) + "</title>\n"
        + "<style>" + inlineSafe(css, "style") + "</style>\n"
        + "</head>\n<body>\n<div id=\"grove-root\"></div>\n"
        + "<script nonce=\"" + nonce + "\">" + inlineSafe(bridgeScript, "script") + "</script>\n"
        + "<script nonce=\"" + nonce + "\">" + inlineSafe(bundleJs, "script") + "</script>\n"
        + "</body>\n</html>\n";
  }

  /**
   * The bridge for JCEF: {@code postExpression} is the host's JavaScript call taking a string
   * variable named {@code json} (JBCefJSQuery.inject("json") produces one).
   */
  public static String bridgeScript(String postExpression) {
    return "window.groveHost = { post: function (message) { var json = JSON.stringify(message); "
        + postExpression + "; } };";
  }

  /** JavaScript that delivers one host message to the page, as the bundle expects. */
  public static String deliverScript(String messageJson) {
    // JSON is a JavaScript expression; U+2028/9 are escaped for older engines.
    String safe = messageJson.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    return "window.postMessage(" + safe + ", '*');";
  }

  /** An inlined bundle must not close its own element early ("</script" inside a string). */
  static String inlineSafe(String text, String tag) {
    return text.replaceAll("(?i)</(" + tag + ")", "<\\\\/$1");
  }

  private static String escapeHtml(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String nonce() {
    byte[] b = new byte[18];
    new SecureRandom().nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }
}
