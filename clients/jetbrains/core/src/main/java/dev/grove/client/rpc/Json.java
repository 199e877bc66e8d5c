package dev.grove.client.rpc;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

/** The one Gson configuration used on the wire. */
public final class Json {
  /**
   * Nulls are written: in Grove's protocol an absent field means "unchanged" and an explicit
   * {@code null} means "clear", so params are built as JsonObjects that only hold what the caller
   * set, and a JsonNull member must reach the server.
   */
  public static final Gson GSON = new GsonBuilder().serializeNulls().disableHtmlEscaping().create();

  private Json() {}
}
