package dev.grove.client.model;

/**
 * The answer to {@code grove/chat/send}: the stored user unit, the assistant unit (status
 * interrupted when cancelled or broken off), token usage as the provider reported it, and why it
 * stopped ("stop", "length", "interrupted", "cancelled", ...).
 */
public record ChatResult(Unit userUnit, Unit assistantUnit, Usage usage, String finishReason) {

  /** Tokens as the provider counted them (null where it did not say). */
  public record Usage(Integer promptTokens, Integer completionTokens) {}

  public boolean wasCancelled() {
    return "cancelled".equals(finishReason);
  }
}
