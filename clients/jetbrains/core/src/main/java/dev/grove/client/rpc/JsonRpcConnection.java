package dev.grove.client.rpc;

import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * JSON-RPC 2.0 over one pair of streams: correlates responses with requests by id, delivers
 * notifications, enforces per-request deadlines and fails every pending request the moment the
 * connection breaks, so no caller ever waits on a dead or confused server.
 *
 * <p>Threads: one reader thread owns the input stream and completes response futures (callbacks
 * attached with thenApply etc. run there and must not block); notifications go to a separate
 * single dispatch thread so a listener may issue requests without stalling the reader.
 */
public final class JsonRpcConnection implements RpcChannel, AutoCloseable {
  private static final ScheduledExecutorService TIMERS =
      Executors.newSingleThreadScheduledExecutor(daemon("grove-rpc-timeouts"));

  private final String name;
  private final FrameReader reader;
  private final FrameWriter writer;
  private final MessageListener listener;
  private final ExecutorService dispatch;
  private final AtomicLong nextId = new AtomicLong(1);
  private final Map<Long, Pending<?>> pending = new ConcurrentHashMap<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile GroveException closeCause;
  private Thread readerThread;

  public JsonRpcConnection(String name, InputStream in, OutputStream out, MessageListener listener) {
    this.name = name;
    this.reader = new FrameReader(in);
    this.writer = new FrameWriter(out);
    this.listener = listener;
    this.dispatch = Executors.newSingleThreadExecutor(daemon(name + "-notifications"));
  }

  /** Starts the reader thread. */
  public JsonRpcConnection start() {
    readerThread = daemon(name + "-reader").newThread(this::readLoop);
    readerThread.start();
    return this;
  }

  public boolean isOpen() {
    return !closed.get();
  }

  /**
   * Sends a request. The future completes with the result converted to {@code resultType}, or
   * exceptionally with {@link RpcErrorException}, {@link RequestTimeoutException}, {@link
   * ProtocolException} or {@link ServerUnavailableException}.
   */
  @Override
  public <T> PendingRequest<T> request(String method, Object params, Type resultType, Duration timeout) {
    long id = nextId.getAndIncrement();
    CompletableFuture<T> future = new CompletableFuture<>();
    Pending<T> p = new Pending<>(method, resultType, future);
    PendingRequest<T> handle = new PendingRequest<>(id, method, future, () -> sendCancel(id));
    if (closed.get()) {
      future.completeExceptionally(unavailable(method));
      return handle;
    }
    pending.put(id, p);
    // A close racing with the put above must still fail this request.
    if (closed.get() && pending.remove(id) != null) {
      future.completeExceptionally(unavailable(method));
      return handle;
    }
    if (timeout != null) {
      p.timer = TIMERS.schedule(() -> onTimeout(id, timeout), timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
    JsonObject msg = envelope();
    msg.addProperty("id", id);
    msg.addProperty("method", method);
    msg.add("params", toParams(params));
    try {
      writer.write(Json.GSON.toJson(msg));
    } catch (IOException e) {
      fail(new ServerUnavailableException(name + ": cannot write to the server", e));
    }
    return handle;
  }

  /** Sends a notification; a dead connection makes this a no-op apart from the exception. */
  @Override
  public void notify(String method, Object params) {
    if (closed.get()) throw unavailable(method);
    JsonObject msg = envelope();
    msg.addProperty("method", method);
    msg.add("params", toParams(params));
    try {
      writer.write(Json.GSON.toJson(msg));
    } catch (IOException e) {
      GroveException cause = new ServerUnavailableException(name + ": cannot write to the server", e);
      fail(cause);
      throw cause;
    }
  }

  /** Closes the streams and fails what is still pending; idempotent. */
  @Override
  public void close() {
    shutdown(null);
    try {
      writer.close();
    } catch (IOException ignored) {
      // The peer may already be gone; nothing more to release.
    }
  }

  /** Number of requests still waiting for an answer (for tests and diagnostics). */
  public int pendingCount() {
    return pending.size();
  }

  private void sendCancel(long id) {
    if (closed.get()) return;
    JsonObject params = new JsonObject();
    params.addProperty("id", id);
    try {
      notify("$/cancelRequest", params);
    } catch (GroveException ignored) {
      // The connection died; the pending request fails through fail() instead.
    }
  }

  private void onTimeout(long id, Duration timeout) {
    Pending<?> p = pending.remove(id);
    if (p == null) return;
    sendCancel(id);
    p.future.completeExceptionally(new RequestTimeoutException(p.method, timeout));
  }

  private void readLoop() {
    try {
      while (!closed.get()) {
        String body = reader.read();
        if (body == null) {
          fail(new ServerUnavailableException(name + ": the server closed its output"));
          return;
        }
        handle(body);
      }
    } catch (MalformedFrameException e) {
      fail(new MalformedFrameException(name + ": " + e.getMessage(), e));
    } catch (ProtocolException e) {
      fail(e);
    } catch (IOException e) {
      fail(new ServerUnavailableException(name + ": reading from the server failed", e));
    } catch (RuntimeException e) {
      fail(new ProtocolException(name + ": unexpected failure while reading", e));
    }
  }

  private void handle(String body) {
    JsonObject msg;
    try {
      JsonElement parsed = JsonParser.parseString(body);
      if (!parsed.isJsonObject()) throw new JsonParseException("not an object");
      msg = parsed.getAsJsonObject();
    } catch (JsonParseException e) {
      // The frame was well delimited but we cannot tell which request it answered, and a
      // response lost that way would leave its caller waiting; treat it as a broken peer.
      throw new MalformedFrameException("frame body is not a JSON object", e);
    }
    JsonElement method = msg.get("method");
    JsonElement id = msg.get("id");
    if (method != null && method.isJsonPrimitive()) {
      if (id == null || id.isJsonNull()) {
        dispatchNotification(method.getAsString(), msg.get("params"));
      } else {
        refuseServerRequest(id, method.getAsString());
      }
      return;
    }
    if (id == null || id.isJsonNull()) {
      // An error without id answers a request the server could not parse; we cannot know which.
      throw new ProtocolException("response without id: " + abbreviate(body));
    }
    Long key = idOf(id);
    Pending<?> p = key == null ? null : pending.remove(key);
    if (p == null) return; // answer to a request that already timed out: expected, dropped
    if (p.timer != null) p.timer.cancel(false);
    complete(p, msg);
  }

  private <T> void complete(Pending<T> p, JsonObject msg) {
    JsonElement error = msg.get("error");
    if (error != null && error.isJsonObject()) {
      JsonObject e = error.getAsJsonObject();
      int code = e.has("code") ? e.get("code").getAsInt() : 0;
      String message = e.has("message") && !e.get("message").isJsonNull() ? e.get("message").getAsString() : "";
      p.future.completeExceptionally(new RpcErrorException(p.method, code, message, e.get("data")));
      return;
    }
    if (!msg.has("result")) {
      p.future.completeExceptionally(new ProtocolException(p.method + ": response has neither result nor error"));
      return;
    }
    try {
      @SuppressWarnings("unchecked")
      T value = (T) Json.GSON.fromJson(msg.get("result"), p.resultType);
      p.future.complete(value);
    } catch (RuntimeException e) {
      p.future.completeExceptionally(new ProtocolException(p.method + ": result has an unexpected shape", e));
    }
  }

  private void dispatchNotification(String method, JsonElement params) {
    try {
      dispatch.execute(() -> {
        try {
          listener.onNotification(method, params == null ? JsonNull.INSTANCE : params);
        } catch (RuntimeException e) {
          // A faulty listener must not stop later notifications.
          Thread t = Thread.currentThread();
          t.getUncaughtExceptionHandler().uncaughtException(t, e);
        }
      });
    } catch (java.util.concurrent.RejectedExecutionException ignored) {
      // Closed while a notification was in flight.
    }
  }

  /** The client offers no server-to-client methods; answer so the server does not wait. */
  private void refuseServerRequest(JsonElement id, String method) {
    JsonObject err = new JsonObject();
    err.addProperty("code", RpcErrorException.METHOD_NOT_FOUND);
    err.addProperty("message", "client does not implement " + method);
    JsonObject msg = envelope();
    msg.add("id", id);
    msg.add("error", err);
    try {
      writer.write(Json.GSON.toJson(msg));
    } catch (IOException e) {
      fail(new ServerUnavailableException(name + ": cannot write to the server", e));
    }
  }

  private void fail(GroveException cause) {
    shutdown(cause);
  }

  private void shutdown(GroveException cause) {
    if (!closed.compareAndSet(false, true)) return;
    closeCause = cause;
    // Remove entries one by one: whoever removes an entry (this loop, or request() seeing the
    // closed flag after its put) fails it, so no request can slip through unanswered.
    for (Long id : new ArrayList<>(pending.keySet())) {
      Pending<?> p = pending.remove(id);
      if (p == null) continue;
      if (p.timer != null) p.timer.cancel(false);
      p.future.completeExceptionally(cause != null ? cause : unavailable(p.method));
    }
    dispatch.execute(() -> listener.onClosed(cause));
    dispatch.shutdown();
  }

  private ServerUnavailableException unavailable(String method) {
    GroveException cause = closeCause;
    String why = cause != null ? cause.getMessage() : "connection closed";
    return new ServerUnavailableException(method + ": " + why, cause);
  }

  private static JsonObject envelope() {
    JsonObject msg = new JsonObject();
    msg.addProperty("jsonrpc", "2.0");
    return msg;
  }

  private static JsonElement toParams(Object params) {
    if (params == null) return new JsonObject();
    if (params instanceof JsonElement) return (JsonElement) params;
    return Json.GSON.toJsonTree(params);
  }

  private static Long idOf(JsonElement id) {
    try {
      return id.getAsLong();
    } catch (RuntimeException e) {
      return null; // we only send numeric ids, so anything else answers nothing of ours
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 200 ? s.substring(0, 200) + "…" : s;
  }

  static java.util.concurrent.ThreadFactory daemon(String threadName) {
    return r -> {
      Thread t = new Thread(r, threadName);
      t.setDaemon(true);
      return t;
    };
  }

  private static final class Pending<T> {
    final String method;
    final Type resultType;
    final CompletableFuture<T> future;
    volatile ScheduledFuture<?> timer;

    Pending(String method, Type resultType, CompletableFuture<T> future) {
      this.method = method;
      this.resultType = resultType;
      this.future = future;
    }
  }
}
