package dev.grove.client.api;

import dev.grove.client.model.ChatStreamed;
import dev.grove.client.model.ProjectChanged;
import dev.grove.client.model.SuggestionNotice;

/** Typed server notifications; implement what you need. Called on the notification thread. */
public interface GroveEventListener {
  default void onProjectChanged(ProjectChanged event) {}

  default void onChatStreamed(ChatStreamed event) {}

  /** A new suggestion card for a project ({@code grove/suggestion/didCreate}). */
  default void onSuggestionCreated(SuggestionNotice notice) {}

  /** A suggestion changed state: resolved here or elsewhere, or ignored ({@code grove/suggestion/didChange}). */
  default void onSuggestionChanged(SuggestionNotice notice) {}
}
