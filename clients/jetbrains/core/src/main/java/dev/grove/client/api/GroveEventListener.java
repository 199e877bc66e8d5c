package dev.grove.client.api;

import dev.grove.client.model.ChatStreamed;
import dev.grove.client.model.ProjectChanged;
import dev.grove.client.model.Suggestion;

/** Typed server notifications; implement what you need. Called on the notification thread. */
public interface GroveEventListener {
  default void onProjectChanged(ProjectChanged event) {}

  default void onChatStreamed(ChatStreamed event) {}

  default void onSuggestionCreated(Suggestion suggestion) {}

  default void onSuggestionChanged(Suggestion suggestion) {}
}
