package dev.grove.client.model;

import java.util.List;

/**
 * Exactly what the model would receive for a turn at a cursor (DESIGN.md §5): the system prompt,
 * the merged messages with the units each came from, the token estimate, and the ids excluded on
 * the path, included from off the path, and dropped by the budget.
 */
public record ScopePreview(
    String system,
    List<Message> messages,
    int tokens,
    List<String> excluded,
    List<String> included,
    List<String> truncated) {

  public record Message(String role, String content, List<String> unitIds) {}
}
