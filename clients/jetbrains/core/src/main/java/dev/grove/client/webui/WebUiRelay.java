package dev.grove.client.webui;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.grove.client.api.Methods;
import dev.grove.client.rpc.GroveException;
import dev.grove.client.rpc.PendingRequest;
import dev.grove.client.rpc.RequestTimeoutException;
import dev.grove.client.rpc.RpcChannel;
import dev.grove.client.rpc.RpcErrorException;
import dev.grove.client.rpc.ServerUnavailableException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The host side of the shared web UI's message channel (clients/web-ui/src/channel/messages.ts),
 * in plain Java so it is tested here and the JCEF tool window only moves strings. It validates
 * what the page sends (the page is untrusted input), forwards allowed protocol requests,
 * turns {@code cancel} into $/cancelRequest, and forwards server notifications. Same contract
 * as the TypeScript hosts' Relay (clients/web-ui/host/relay.ts).
 */
public final class WebUiRelay implements AutoCloseable {
  /** Requests the web UI makes (clients/web-ui/src/channel/methods.ts); nothing else passes. */
  public static final Set<String> WEB_UI_REQUESTS = Set.of(
      Methods.PROJECT_GET, Methods.PROJECT_STRUCTURE, Methods.PROJECT_SET_CURSOR, Methods.UNIT_APPEND,
      Methods.UNIT_GET_MANY, Methods.UNIT_EDIT, Methods.UNIT_SET_SCOPE, Methods.UNIT_DELETE,
      Methods.MAINLINE_SET, Methods.BRANCH_UPDATE, Methods.BRANCH_RETURN, Methods.SCOPE_PREVIEW,
      Methods.HISTORY_UNDO, Methods.HISTORY_REDO, Methods.SEARCH, Methods.CHAT_SEND,
      Methods.SUGGESTION_LIST, Methods.SUGGESTION_RESOLVE,
      Methods.MEMOLET_COMPLETE, Methods.MEMOLET_CREATE, Methods.MEMOLET_GET,
      // The side panels: capsules, refine, settings, earlier texts, check before sending, memory map.
      Methods.UNIT_REVISIONS, Methods.SCOPE_RESET, Methods.CHAT_REGENERATE, Methods.CHAT_REFINE,
      Methods.SUGGESTION_ANALYZE, Methods.INITIATIVE_GET, Methods.INITIATIVE_SET,
      Methods.CAPSULE_EXTRACT, Methods.CAPSULE_LIST, Methods.CAPSULE_UPDATE, Methods.CAPSULE_SET_ENABLED,
      Methods.CAPSULE_DELETE, Methods.USER_MODEL_GET, Methods.USER_MODEL_RESET, Methods.MEMOLET_LIST,
      Methods.MEMOLET_SEARCH, Methods.MEMOLET_MAP, Methods.MEMOLET_SANDBOX_ADD,
      // The board and knowledge views (per workspace).
      Methods.BOARD_GET, Methods.BOARD_EDIT, Methods.BOARD_UNDO, Methods.BOARD_REDO, Methods.BOARD_REORGANIZE,
      Methods.KNOWLEDGE_GET, Methods.KNOWLEDGE_ASK, Methods.KNOWLEDGE_EDIT, Methods.KNOWLEDGE_SUGGEST,
      Methods.KNOWLEDGE_INGEST, Methods.KNOWLEDGE_UNDO, Methods.KNOWLEDGE_REDO);

  /** Code for a method the page may not call, as the TypeScript relay answers. */
  public static final int METHOD_NOT_ALLOWED = RpcErrorException.METHOD_NOT_FOUND;

  /** What the page asks of the IDE itself; called on the thread that delivered the message. */
  public interface Callbacks {
    /** The bundle loaded: answer with {@link #init}. */
    void onReady();

    /** Open a file at a range; {@code range} is the LSP-style range object. */
    default void onOpenLocation(String uri, JsonObject range) {}

    default void onNotify(String level, String message) {}

    default void onReveal(String unitId) {}
  }

  private final RpcChannel channel;
  private final Consumer<String> post;
  private final Set<String> allowed;
  private final Callbacks callbacks;
  private final Duration timeout;
  private final Duration chatTimeout;
  private final Map<Long, PendingRequest<JsonElement>> inflight = new ConcurrentHashMap<>();

  /**
   * @param post delivers one JSON message to the page (the JCEF host runs window.postMessage)
   */
  public WebUiRelay(RpcChannel channel, Consumer<String> post, Set<String> allowed, Callbacks callbacks,
      Duration timeout, Duration chatTimeout) {
    this.channel = channel;
    this.post = post;
    this.allowed = Set.copyOf(allowed);
    this.callbacks = callbacks;
    this.timeout = timeout;
    this.chatTimeout = chatTimeout;
  }

  /** Handles one raw message from the page; anything that is not a valid message is dropped. */
  public void handle(String raw) {
    JsonObject m;
    try {
      JsonElement e = JsonParser.parseString(raw);
      if (!e.isJsonObject()) return;
      m = e.getAsJsonObject();
    } catch (JsonParseException | IllegalStateException e) {
      return;
    }
    String type = string(m, "type");
    if (type == null) return;
    switch (type) {
      case "ready" -> callbacks.onReady();
      case "request" -> {
        Long id = number(m, "id");
        String method = string(m, "method");
        if (id != null && method != null) forward(id, method, m.get("params"));
      }
      case "cancel" -> {
        Long id = number(m, "id");
        PendingRequest<JsonElement> p = id == null ? null : inflight.get(id);
        if (p != null) p.cancel();
      }
      case "openLocation" -> {
        String uri = string(m, "uri");
        JsonElement range = m.get("range");
        if (uri != null && range != null && range.isJsonObject()) callbacks.onOpenLocation(uri, range.getAsJsonObject());
      }
      case "notify" -> {
        String level = string(m, "level");
        String message = string(m, "message");
        if (message != null && List.of("info", "warning", "error").contains(level)) callbacks.onNotify(level, message);
      }
      case "reveal" -> {
        String unitId = string(m, "unitId");
        if (unitId != null) callbacks.onReveal(unitId);
      }
      default -> { }
    }
  }

  /** Tells a freshly loaded page which project and view to show and what the server offers. */
  public void init(String projectId, String view, List<String> methods) {
    init(projectId, view, methods, null);
  }

  /**
   * The same for every view; {@code workspaceUri} names the folder of a {@code board} or
   * {@code knowledge} view (null for the project views).
   */
  public void init(String projectId, String view, List<String> methods, String workspaceUri) {
    JsonObject m = message("init");
    m.addProperty("projectId", projectId);
    m.addProperty("view", view);
    if (workspaceUri != null) m.addProperty("workspaceUri", workspaceUri);
    JsonArray list = new JsonArray();
    for (String name : methods) list.add(name);
    m.add("methods", list);
    send(m);
  }

  /** Forwards a server notification to the page. */
  public void notification(String method, JsonElement params) {
    JsonObject m = message("notification");
    m.addProperty("method", method);
    m.add("params", params == null ? JsonNull.INSTANCE : params);
    send(m);
  }

  public void setProject(String projectId) {
    JsonObject m = message("setProject");
    m.addProperty("projectId", projectId);
    send(m);
  }

  public void locate(String unitId) {
    JsonObject m = message("locate");
    m.addProperty("unitId", unitId);
    send(m);
  }

  /** Inserts text at the composer's caret, e.g. a memolet reference {@code @[Title](memolet:ID)} chosen in the IDE. */
  public void insertText(String text) {
    JsonObject m = message("insertText");
    m.addProperty("text", text);
    send(m);
  }

  /** The panel closed: cancel what it still waits for. */
  @Override
  public void close() {
    for (PendingRequest<JsonElement> p : inflight.values()) p.cancel();
    inflight.clear();
  }

  private void forward(long id, String method, JsonElement params) {
    if (!allowed.contains(method)) {
      respondError(id, METHOD_NOT_ALLOWED, "method not available to the web UI: " + method, null);
      return;
    }
    JsonElement p = params == null || params.isJsonNull() ? new JsonObject() : params;
    Duration deadline = Methods.CHAT_SEND.equals(method) ? chatTimeout : timeout;
    PendingRequest<JsonElement> req = channel.request(method, p, JsonElement.class, deadline);
    inflight.put(id, req);
    req.future().whenComplete((result, err) -> {
      inflight.remove(id);
      if (err == null) {
        JsonObject m = message("response");
        m.addProperty("id", id);
        m.add("result", result == null ? JsonNull.INSTANCE : result);
        send(m);
        return;
      }
      Throwable cause = err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
      if (cause instanceof RpcErrorException r) {
        respondError(id, r.code(), r.serverMessage(), r.data());
      } else if (cause instanceof RequestTimeoutException) {
        respondError(id, RpcErrorException.REQUEST_CANCELLED, cause.getMessage(), null);
      } else if (cause instanceof ServerUnavailableException || cause instanceof GroveException) {
        respondError(id, -32603, cause.getMessage(), null);
      } else {
        respondError(id, -32603, String.valueOf(cause), null);
      }
    });
  }

  private void respondError(long id, int code, String message, JsonElement data) {
    JsonObject error = new JsonObject();
    error.addProperty("code", code);
    error.addProperty("message", message);
    if (data != null && !data.isJsonNull()) error.add("data", data);
    JsonObject m = message("response");
    m.addProperty("id", id);
    m.add("error", error);
    send(m);
  }

  private void send(JsonObject m) {
    post.accept(m.toString());
  }

  private static JsonObject message(String type) {
    JsonObject m = new JsonObject();
    m.addProperty("type", type);
    return m;
  }

  private static String string(JsonObject o, String name) {
    JsonElement e = o.get(name);
    return e != null && e.isJsonPrimitive() && e.getAsJsonPrimitive().isString() ? e.getAsString() : null;
  }

  private static Long number(JsonObject o, String name) {
    JsonElement e = o.get(name);
    if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) return null;
    double d = e.getAsDouble();
    return d == Math.rint(d) ? (long) d : null;
  }
}
