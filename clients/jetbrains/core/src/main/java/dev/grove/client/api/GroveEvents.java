package dev.grove.client.api;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.grove.client.model.ChatStreamed;
import dev.grove.client.model.ProjectChanged;
import dev.grove.client.model.Suggestion;
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
        l.onSuggestionCreated(suggestionOf(params));
        return true;
      case Methods.SUGGESTION_DID_CHANGE:
        l.onSuggestionChanged(suggestionOf(params));
        return true;
      default:
        return false;
    }
  }

  /** Suggestion notifications carry {@code {suggestion}} or the suggestion itself; accept both. */
  private static Suggestion suggestionOf(JsonElement params) {
    if (params.isJsonObject()) {
      JsonObject o = params.getAsJsonObject();
      if (o.has("suggestion") && o.get("suggestion").isJsonObject()) {
        return Json.GSON.fromJson(o.get("suggestion"), Suggestion.class);
      }
    }
    return Json.GSON.fromJson(params, Suggestion.class);
  }
}
