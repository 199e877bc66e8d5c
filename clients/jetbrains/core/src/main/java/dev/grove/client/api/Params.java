package dev.grove.client.api;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import dev.grove.client.rpc.Json;
import java.util.Collection;

/** Builds a params object holding only what the caller set (absent = unchanged on the wire). */
final class Params {
  private final JsonObject obj = new JsonObject();

  static Params create() {
    return new Params();
  }

  /** Adds the member when the value is non-null; skips it otherwise. */
  Params opt(String name, Object value) {
    if (value != null) obj.add(name, Json.GSON.toJsonTree(value));
    return this;
  }

  /** Adds the member always: a null value is sent as JSON null. */
  Params nullable(String name, Object value) {
    obj.add(name, value == null ? JsonNull.INSTANCE : Json.GSON.toJsonTree(value));
    return this;
  }

  /** Adds the member unless the change says keep. */
  Params change(String name, Change<?> change) {
    if (change != null && change.isPresent()) nullable(name, change.value());
    return this;
  }

  Params ids(String name, Collection<String> ids) {
    JsonArray a = new JsonArray();
    for (String id : ids) a.add(id);
    obj.add(name, a);
    return this;
  }

  Params raw(String name, JsonElement value) {
    if (value != null) obj.add(name, value);
    return this;
  }

  JsonObject build() {
    return obj;
  }
}
