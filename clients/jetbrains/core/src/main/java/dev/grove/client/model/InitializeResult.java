package dev.grove.client.model;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** What {@code initialize} returns; {@link #protocolVersion()} decides whether we can talk. */
public record InitializeResult(ServerInfo serverInfo, JsonObject capabilities) {

  public record ServerInfo(String name, String version) {}

  /** {@code capabilities.grove.protocolVersion}, or -1 when the server does not say. */
  public int protocolVersion() {
    if (capabilities == null || !capabilities.has("grove")) return -1;
    JsonElement grove = capabilities.get("grove");
    if (!grove.isJsonObject()) return -1;
    JsonElement v = grove.getAsJsonObject().get("protocolVersion");
    if (v == null || !v.isJsonPrimitive()) return -1;
    try {
      // "1", 1 and "1.2" all mean major version 1.
      return (int) Math.floor(Double.parseDouble(v.getAsString()));
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
