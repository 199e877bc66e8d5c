package dev.grove.client.view;

/**
 * One entry of the chat view: a unit on the current path, with the text to show (stored content,
 * or what has streamed so far while the answer is being written) and whether the model sees it.
 */
public record ChatMessage(String unitId, String role, String kind, String text, String status, ScopeState scopeState) {

  public boolean isStreaming() {
    return "streaming".equals(status);
  }
}
