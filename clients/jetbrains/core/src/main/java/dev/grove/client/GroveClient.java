package dev.grove.client;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.grove.client.api.GroveApi;
import dev.grove.client.api.GroveEventListener;
import dev.grove.client.api.GroveEvents;
import dev.grove.client.api.Methods;
import dev.grove.client.model.InitializeResult;
import dev.grove.client.rpc.GroveException;
import dev.grove.client.rpc.JsonRpcConnection;
import dev.grove.client.rpc.MessageListener;
import dev.grove.client.rpc.PendingRequest;
import dev.grove.client.rpc.ProtocolException;
import dev.grove.client.rpc.RpcChannel;
import dev.grove.client.rpc.ServerUnavailableException;
import dev.grove.client.server.Backoff;
import dev.grove.client.server.ServerConnection;
import dev.grove.client.server.ServerLauncher;
import java.io.IOException;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The client an IDE holds for as long as a project is open: it launches grove-server, runs the
 * LSP lifecycle, and when the server dies or breaks the protocol it reports that, restarts it
 * with backoff and announces READY again, which is what view models refresh on. Requests made
 * while no server is up fail at once with ServerUnavailableException rather than queueing.
 *
 * <p>All state transitions run on one supervisor thread, so a crash noticed twice (stdout closed
 * and process exited) is handled once.
 */
public final class GroveClient implements RpcChannel, AutoCloseable {
  private final ServerLauncher launcher;
  private final ClientOptions options;
  private final GroveApi api;
  private final Backoff backoff;
  private final ScheduledExecutorService supervisor;
  private final List<Consumer<ClientEvent>> stateListeners = new CopyOnWriteArrayList<>();
  private final List<NotificationListener> notificationListeners = new CopyOnWriteArrayList<>();
  private final Object lock = new Object();

  private volatile Session session;
  private volatile ClientState state = ClientState.STOPPED;
  private volatile int generation;
  private volatile InitializeResult initializeResult;
  private boolean closing; // guarded by lock

  private record Session(int generation, ServerConnection server, JsonRpcConnection rpc, long startedNanos) {}

  public GroveClient(ServerLauncher launcher, ClientOptions options) {
    this.launcher = launcher;
    this.options = options;
    this.api = new GroveApi(this, options.requestTimeout(), options.chatTimeout());
    this.backoff = new Backoff(options.restartInitial(), options.restartMax());
    this.supervisor = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "grove-supervisor");
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Launches and initializes the server; blocks until READY or throws. A failure here is not
   * retried: the caller (the IDE) shows it, since it usually means a wrong server path.
   */
  public InitializeResult start() {
    CompletableFuture<InitializeResult> done = new CompletableFuture<>();
    supervisor.execute(() -> {
      try {
        done.complete(startNewSession(ClientState.STARTING));
      } catch (GroveException e) {
        setState(ClientState.FAILED, generation, e, null);
        done.completeExceptionally(e);
      }
    });
    try {
      return done.get(options.startTimeout().toMillis() + 5_000, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw (GroveException) e.getCause();
    } catch (TimeoutException e) {
      throw new ServerUnavailableException("grove-server did not start in time");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServerUnavailableException("interrupted while starting grove-server");
    }
  }

  /** Starts again after FAILED (e.g. the user fixed the server path or pressed Restart). */
  public void restart() {
    runOnSupervisor(() -> {
      if (isClosing()) return;
      Session s = session;
      if (s != null) {
        session = null;
        s.rpc().close();
        s.server().kill();
      }
      backoff.reset();
      attemptRestart();
    });
  }

  public GroveApi api() {
    return api;
  }

  public ClientState state() {
    return state;
  }

  /** Number of sessions started so far (1 after the first start). */
  public int generation() {
    return generation;
  }

  /** What the current server said in initialize; null when none is up. */
  public InitializeResult initializeResult() {
    return initializeResult;
  }

  public void addStateListener(Consumer<ClientEvent> l) {
    stateListeners.add(l);
  }

  public void removeStateListener(Consumer<ClientEvent> l) {
    stateListeners.remove(l);
  }

  public void addNotificationListener(NotificationListener l) {
    notificationListeners.add(l);
  }

  public void removeNotificationListener(NotificationListener l) {
    notificationListeners.remove(l);
  }

  /** Registers typed listeners; they survive restarts like raw ones. */
  public NotificationListener addEventListener(GroveEventListener l) {
    NotificationListener raw = (method, params) -> GroveEvents.dispatch(method, params, l);
    addNotificationListener(raw);
    return raw;
  }

  @Override
  public <T> PendingRequest<T> request(String method, Object params, Type resultType, Duration timeout) {
    Session s = session;
    if (s == null) {
      return PendingRequest.failed(method, new ServerUnavailableException(method + ": grove-server is " + describe(state)));
    }
    return s.rpc().request(method, params, resultType, timeout);
  }

  @Override
  public void notify(String method, Object params) {
    Session s = session;
    if (s == null) throw new ServerUnavailableException(method + ": grove-server is " + describe(state));
    s.rpc().notify(method, params);
  }

  /** Runs shutdown and exit, waits a bounded time for the server to leave, then kills it. */
  @Override
  public void close() {
    Session s;
    synchronized (lock) {
      if (closing) return;
      closing = true;
      s = session;
      session = null;
    }
    if (s != null) {
      try {
        s.rpc().request(Methods.SHUTDOWN, new JsonObject(), JsonElement.class, Duration.ofSeconds(3))
            .future().get(4, TimeUnit.SECONDS);
        s.rpc().notify(Methods.EXIT, new JsonObject());
        s.server().onExit().get(3, TimeUnit.SECONDS);
      } catch (Exception e) {
        // Unanswered shutdown or a server that lingers: end it rather than leak a process.
        s.server().kill();
      }
      s.rpc().close();
    }
    supervisor.shutdownNow();
    initializeResult = null;
    setState(ClientState.STOPPED, generation, null, null);
  }

  // ---- supervisor thread only below ----

  private InitializeResult startNewSession(ClientState announce) {
    int gen = ++generation;
    setState(announce, gen, null, null);
    ServerConnection server;
    try {
      server = launcher.launch();
    } catch (IOException e) {
      throw new ServerUnavailableException("cannot launch grove-server: " + e.getMessage(), e);
    }
    JsonRpcConnection rpc = new JsonRpcConnection("grove#" + gen, server.input(), server.output(), new MessageListener() {
      @Override
      public void onNotification(String method, JsonElement params) {
        if (generation != gen) return; // a late message from a session already replaced
        for (NotificationListener l : notificationListeners) l.onNotification(method, params);
      }

      @Override
      public void onClosed(GroveException cause) {
        if (cause != null) runOnSupervisor(() -> lost(gen, cause));
      }
    }).start();
    server.onExit().thenAccept(code -> runOnSupervisor(() ->
        lost(gen, new ServerUnavailableException(server.describe() + " exited with code " + code))));
    try {
      InitializeResult init = rpc.<InitializeResult>request(Methods.INITIALIZE, initializeParams(), InitializeResult.class,
          options.startTimeout()).future().get();
      if (init == null) throw new ProtocolException("initialize returned no result");
      if (init.protocolVersion() != ClientOptions.PROTOCOL_VERSION) {
        throw new IncompatibleServerException("grove-server speaks protocol version " + init.protocolVersion()
            + "; this client speaks " + ClientOptions.PROTOCOL_VERSION);
      }
      rpc.notify(Methods.INITIALIZED, new JsonObject());
      synchronized (lock) {
        if (closing) throw new ServerUnavailableException("client closed while starting");
        session = new Session(gen, server, rpc, System.nanoTime());
      }
      initializeResult = init;
      setState(ClientState.READY, gen, null, init);
      return init;
    } catch (ExecutionException e) {
      abandon(server, rpc);
      throw e.getCause() instanceof GroveException ge ? ge
          : new ProtocolException("initialize failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      abandon(server, rpc);
      Thread.currentThread().interrupt();
      throw new ServerUnavailableException("interrupted while initializing");
    } catch (GroveException e) {
      abandon(server, rpc);
      throw e;
    }
  }

  private void lost(int gen, GroveException cause) {
    Session s;
    synchronized (lock) {
      s = session;
      if (closing || s == null || s.generation() != gen) return;
      session = null;
    }
    initializeResult = null;
    s.rpc().close();
    GroveException reported = cause;
    if (cause instanceof ProtocolException) {
      s.server().kill(); // its output is out of step; it cannot be talked to any more
    } else {
      // Prefer "exited with code N" over "closed its output" when the exit follows promptly.
      try {
        Integer code = s.server().onExit().get(500, TimeUnit.MILLISECONDS);
        reported = new ServerUnavailableException(s.server().describe() + " exited with code " + code, cause);
      } catch (Exception e) {
        s.server().kill();
      }
    }
    long livedNanos = System.nanoTime() - s.startedNanos();
    if (livedNanos >= options.stableAfter().toNanos()) backoff.reset();
    setState(ClientState.RESTARTING, gen, reported, null);
    scheduleRestart(reported);
  }

  private void scheduleRestart(GroveException cause) {
    if (isClosing()) return;
    Duration delay = backoff.next(); // counts this failure
    if (backoff.failures() >= options.maxConsecutiveFailures()) {
      setState(ClientState.FAILED, generation, new ServerUnavailableException(
          "grove-server failed " + backoff.failures() + " times in a row; giving up", cause), null);
      return;
    }
    supervisor.schedule(this::attemptRestart, delay.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void attemptRestart() {
    if (isClosing()) return;
    try {
      startNewSession(ClientState.RESTARTING);
    } catch (IncompatibleServerException e) {
      setState(ClientState.FAILED, generation, e, null);
    } catch (GroveException e) {
      setState(ClientState.RESTARTING, generation, e, null);
      scheduleRestart(e);
    }
  }

  private static void abandon(ServerConnection server, JsonRpcConnection rpc) {
    rpc.close();
    server.kill();
  }

  private JsonObject initializeParams() {
    JsonObject clientInfo = new JsonObject();
    clientInfo.addProperty("name", options.clientName());
    clientInfo.addProperty("version", options.clientVersion());
    JsonObject p = new JsonObject();
    p.addProperty("processId", ProcessHandle.current().pid());
    p.add("clientInfo", clientInfo);
    p.add("capabilities", new JsonObject());
    return p;
  }

  private void runOnSupervisor(Runnable r) {
    try {
      supervisor.execute(r);
    } catch (java.util.concurrent.RejectedExecutionException ignored) {
      // Closed: nothing left to supervise.
    }
  }

  private boolean isClosing() {
    synchronized (lock) {
      return closing;
    }
  }

  private void setState(ClientState next, int gen, GroveException cause, InitializeResult init) {
    state = next;
    ClientEvent event = new ClientEvent(next, gen, cause, init);
    for (Consumer<ClientEvent> l : stateListeners) {
      try {
        l.accept(event);
      } catch (RuntimeException e) {
        Thread t = Thread.currentThread();
        t.getUncaughtExceptionHandler().uncaughtException(t, e);
      }
    }
  }

  private static String describe(ClientState s) {
    return switch (s) {
      case STOPPED -> "not running";
      case STARTING -> "starting";
      case READY -> "ready";
      case RESTARTING -> "restarting after a failure";
      case FAILED -> "stopped after repeated failures";
    };
  }
}
