package dev.grove.client.rpc;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The server answered with a JSON-RPC error. {@link #kind()} is the server's {@code data.kind}
 * (projectNotFound, rootExists, auth, ...), the machine-readable reason callers branch on; the
 * message is for people.
 */
public final class RpcErrorException extends GroveException {
  public static final int PARSE_ERROR = -32700;
  public static final int INVALID_REQUEST = -32600;
  public static final int METHOD_NOT_FOUND = -32601;
  public static final int INVALID_PARAMS = -32602;
  public static final int SERVER_NOT_INITIALIZED = -32002;
  public static final int REQUEST_CANCELLED = -32800;
  public static final int NOT_FOUND = 1001;
  public static final int INVALID_OPERATION = 1002;
  public static final int PROVIDER_FAILURE = 1003;

  private final String method;
  private final int code;
  private final String kind;
  private final String id;
  private final String field;
  private final JsonElement data;
  private final String serverMessage;

  public RpcErrorException(String method, int code, String message, JsonElement data) {
    super(describe(method, code, message, data));
    this.method = method;
    this.code = code;
    this.data = data;
    this.serverMessage = message;
    this.kind = stringMember(data, "kind");
    this.id = stringMember(data, "id");
    this.field = stringMember(data, "field");
  }

  public String method() {
    return method;
  }

  public int code() {
    return code;
  }

  /** Whether {@code failure} (as a future reports it, possibly wrapped) is this error with {@code code}. */
  public static boolean is(Throwable failure, int code) {
    Throwable t = failure;
    while (t instanceof java.util.concurrent.CompletionException && t.getCause() != null) t = t.getCause();
    return t instanceof RpcErrorException e && e.code == code;
  }

  /** {@code data.kind}, or null when the server sent none (standard JSON-RPC errors). */
  public String kind() {
    return kind;
  }

  /** {@code data.id}: the id that was not found or refused. */
  public String id() {
    return id;
  }

  /** {@code data.field}: the parameter at fault, for invalid params. */
  public String field() {
    return field;
  }

  /** The server's message as sent, without this client's "method failed (code)" prefix. */
  public String serverMessage() {
    return serverMessage;
  }

  public JsonElement data() {
    return data;
  }

  private static String describe(String method, int code, String message, JsonElement data) {
    String kind = stringMember(data, "kind");
    String field = stringMember(data, "field");
    StringBuilder sb = new StringBuilder(method).append(" failed (").append(code);
    if (kind != null) sb.append(' ').append(kind);
    if (field != null) sb.append(", field ").append(field);
    return sb.append("): ").append(message).toString();
  }

  private static String stringMember(JsonElement data, String name) {
    if (data == null || !data.isJsonObject()) return null;
    JsonObject o = data.getAsJsonObject();
    JsonElement v = o.get(name);
    return v != null && v.isJsonPrimitive() ? v.getAsString() : null;
  }
}
