package dev.grove.client.api;

import com.google.gson.JsonElement;
import dev.grove.client.model.ChatStreamed;
import dev.grove.client.model.ProjectChanged;
import dev.grove.client.model.SuggestionNotice;
import dev.grove.client.rpc.Json;

/** Turns raw notifications into calls on a {@link GroveEventListener}. */
public final class GroveEvents {
  private GroveEvents() {}

  /** Returns false for a notification this client does not know (ignored, as LSP allows). */
  public static boolean dispatch(String method, JsonElement params, GroveEventListener l) {
    switch (method) {
      case Methods.PROJECT_DID_CHANGE:
        l.onProjectChanged(Json.GSON.fromJson(params, ProjectChanged.class));
        return true;
      case Methods.CHAT_DID_STREAM:
        l.onChatStreamed(Json.GSON.fromJson(params, ChatStreamed.class));
        return true;
      case Methods.SUGGESTION_DID_CREATE:
        l.onSuggestionCreated(Json.GSON.fromJson(params, SuggestionNotice.class));
        return true;
      case Methods.SUGGESTION_DID_CHANGE:
        l.onSuggestionChanged(Json.GSON.fromJson(params, SuggestionNotice.class));
        return true;
      default:
        return false;
    }
  }
}
