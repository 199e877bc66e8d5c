package dev.grove.client.model;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** What {@code initialize} returns; {@link #protocolVersion()} decides whether we can talk. */
public record InitializeResult(ServerInfo serverInfo, JsonObject capabilities) {

  public record ServerInfo(String name, String version) {}

  /**
   * {@code capabilities.grove.core.role}: "owner" when this client's own grove-server owns the
   * store, "joined" when it relays to a core another editor started, "remote" over TCP; "unknown"
   * when the server does not say.
   */
  public String coreRole() {
    JsonObject core = groveObject("core");
    JsonElement role = core == null ? null : core.get("role");
    return role != null && role.isJsonPrimitive() ? role.getAsString() : "unknown";
  }

  /** Clients connected to the core when this one joined (0 when the server does not say). */
  public int coreClients() {
    JsonObject core = groveObject("core");
    JsonElement n = core == null ? null : core.get("clients");
    return n != null && n.isJsonPrimitive() ? n.getAsInt() : 0;
  }

  /** The status line the IDE shows: whether this editor owns the core or joined one. */
  public String coreStatusLine() {
    return switch (coreRole()) {
      case "owner" -> "Grove: this IDE runs the core";
      case "joined" -> "Grove: joined a shared core (" + coreClients() + " clients)";
      case "remote" -> "Grove: connected to a team core";
      default -> "Grove: connected";
    };
  }

  private JsonObject groveObject(String key) {
    if (capabilities == null || !capabilities.has("grove") || !capabilities.get("grove").isJsonObject())
      return null;
    JsonElement e = capabilities.getAsJsonObject("grove").get(key);
    return e != null && e.isJsonObject() ? e.getAsJsonObject() : null;
  }

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
