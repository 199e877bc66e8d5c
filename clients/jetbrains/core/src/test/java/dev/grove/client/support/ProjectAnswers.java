package dev.grove.client.support;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.HashMap;
import java.util.Map;

/**
 * A scripted server's answers about one project, all derived from one grove/project/get answer
 * the test writes: grove/project/structure (the columns, each unit's head its first line) and
 * grove/unit/getMany (the units asked for, in order; {@link UnknownUnit} for an unknown id, which
 * the server answers with error 1001, and {@link TooMany} past the limit of 1000 ids, -32602).
 */
public final class ProjectAnswers {
  private ProjectAnswers() {}

  /** grove/unit/getMany named a unit the project does not hold. */
  public static final class UnknownUnit extends RuntimeException {
    public UnknownUnit(String id) {
      super("unitNotFound: " + id);
    }
  }

  /** The result for {@code method}, or {@code null} when it is none of the three. */
  public static JsonElement answer(String method, JsonObject params, String projectGet) {
    JsonObject detail = JsonParser.parseString(projectGet).getAsJsonObject();
    return switch (method) {
      case "grove/project/get" -> detail;
      case "grove/project/structure" -> structure(detail);
      case "grove/unit/getMany" -> many(detail, params.getAsJsonArray("unitIds"));
      default -> null;
    };
  }

  private static JsonObject structure(JsonObject detail) {
    JsonArray units = detail.getAsJsonArray("units");
    Map<String, Integer> row = new HashMap<>();
    for (int i = 0; i < units.size(); i++) row.put(units.get(i).getAsJsonObject().get("id").getAsString(), i);
    JsonObject cols = new JsonObject();
    for (String c : new String[] {"id", "parent", "role", "kind", "status", "scope", "seq", "startsBranch", "head",
        "source"}) {
      cols.add(c, new JsonArray());
    }
    for (JsonElement e : units) {
      JsonObject u = e.getAsJsonObject();
      cols.getAsJsonArray("id").add(u.get("id"));
      JsonElement parent = u.get("parentId");
      cols.getAsJsonArray("parent").add(parent == null || parent.isJsonNull() ? -1 : row.get(parent.getAsString()));
      for (String c : new String[] {"role", "kind", "status", "scope", "seq", "startsBranch"}) {
        cols.getAsJsonArray(c).add(u.get(c));
      }
      cols.getAsJsonArray("head").add(u.get("content").getAsString().strip().split("\n", 2)[0]);
      cols.getAsJsonArray("source").add(u.has("source") ? u.get("source") : null);
    }
    JsonObject out = new JsonObject();
    out.add("project", detail.get("project"));
    out.add("branches", detail.get("branches"));
    out.add("units", cols);
    return out;
  }

  /** grove/unit/getMany was asked for more units than PROTOCOL.md's limit of 1000 per call. */
  public static final class TooMany extends RuntimeException {
    public TooMany(int n) {
      super("unitIds holds " + n + " items; the limit is 1000 per call");
    }
  }

  private static JsonElement many(JsonObject detail, JsonArray ids) {
    if (ids.size() > 1000) throw new TooMany(ids.size());
    Map<String, JsonElement> byId = new HashMap<>();
    for (JsonElement e : detail.getAsJsonArray("units")) byId.put(e.getAsJsonObject().get("id").getAsString(), e);
    JsonArray found = new JsonArray();
    for (JsonElement id : ids) {
      JsonElement u = byId.get(id.getAsString());
      if (u == null) throw new UnknownUnit(id.getAsString());
      found.add(u);
    }
    JsonObject out = new JsonObject();
    out.add("units", found);
    return out;
  }
}
