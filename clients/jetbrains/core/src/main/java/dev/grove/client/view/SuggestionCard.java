package dev.grove.client.view;

import dev.grove.client.model.Suggestion;
import java.util.Locale;

/**
 * What one suggestion card shows, worked out once so every IDE surface (the tool window list, a
 * balloon with actions) words it alike: a headline naming the action, the core's reason with its
 * confidence, and the label of the accept button. The card only proposes: accepting goes through
 * {@link SuggestionCards#resolve}.
 */
public record SuggestionCard(Suggestion suggestion, String headline, String detail, String acceptLabel) {

  public static SuggestionCard of(Suggestion s) {
    return new SuggestionCard(s, headline(s), detail(s), acceptLabel(s.kind()));
  }

  public String id() {
    return suggestion.id();
  }

  public String kind() {
    return suggestion.kind();
  }

  private static String headline(Suggestion s) {
    String title = s.title() == null || s.title().isBlank() ? null : s.title().strip();
    int n = s.anchors().size();
    return switch (s.kind() == null ? "" : s.kind()) {
      case "branch" -> title == null ? "Start a branch here?" : "Start a branch: " + title + "?";
      case "return" -> "Return to the main thread?";
      case "extract" -> (title == null ? "Save this as a reusable " : "Save as a ") + capsuleNoun(s.capsuleType())
          + (title == null ? "?" : ": " + title + "?");
      case "exclude" -> "Hide " + n + (n == 1 ? " unit" : " units") + " from the model?";
      default -> "Suggestion: " + s.kind();
    };
  }

  private static String capsuleNoun(String type) {
    return switch (type == null ? "" : type) {
      case "task_sop" -> "procedure";
      case "reasoning" -> "reasoning pattern";
      case "context_case" -> "worked case";
      default -> "capsule";
    };
  }

  private static String detail(Suggestion s) {
    StringBuilder sb = new StringBuilder();
    if (s.reason() != null && !s.reason().isBlank()) sb.append(s.reason().strip()).append(' ');
    sb.append('(').append(String.format(Locale.ROOT, "%d%%", Math.round(s.confidence() * 100)));
    if (s.isDelegated()) sb.append(", you asked for it");
    else if ("model".equals(s.source())) sb.append(", the model agrees");
    return sb.append(')').toString();
  }

  private static String acceptLabel(String kind) {
    return switch (kind == null ? "" : kind) {
      case "branch" -> "Branch off";
      case "return" -> "Return";
      case "extract" -> "Extract";
      case "exclude" -> "Exclude";
      default -> "Accept";
    };
  }
}
