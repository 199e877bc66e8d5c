package dev.grove.client.view;

import dev.grove.client.model.ScopePreview;
import java.util.List;

/**
 * Renders a scope preview as plain text for an IDE dialog: what the model will receive, in
 * order, and what was left out and why. Scope must always be inspectable (DESIGN.md §2.4).
 */
public final class PreviewText {
  private PreviewText() {}

  public static String render(ScopePreview p) {
    StringBuilder sb = new StringBuilder();
    sb.append("About ").append(p.tokens()).append(" tokens in ").append(p.messages().size())
        .append(p.messages().size() == 1 ? " message" : " messages").append('\n');
    line(sb, "Excluded on this path", p.excluded());
    line(sb, "Included from elsewhere", p.included());
    line(sb, "Dropped by the token budget", p.truncated());
    if (p.system() != null && !p.system().isEmpty()) {
      sb.append("\n=== system ===\n").append(p.system()).append('\n');
    }
    for (ScopePreview.Message m : p.messages()) {
      sb.append("\n=== ").append(m.role());
      if (m.unitIds() == null || m.unitIds().isEmpty()) sb.append(" (new message)");
      else sb.append(" (").append(String.join(", ", m.unitIds())).append(')');
      sb.append(" ===\n").append(m.content()).append('\n');
    }
    return sb.toString();
  }

  private static void line(StringBuilder sb, String label, List<String> ids) {
    if (ids == null || ids.isEmpty()) return;
    sb.append(label).append(": ").append(String.join(", ", ids)).append('\n');
  }
}
