package dev.grove.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.rpc.MalformedFrameException;
import dev.grove.client.rpc.ServerUnavailableException;
import dev.grove.client.server.ProcessServerLauncher;
import dev.grove.client.server.ServerConnection;
import dev.grove.client.server.ServerLauncher;
import dev.grove.client.support.FakeGroveServer;
import dev.grove.client.support.GroveServerFixture;
import dev.grove.client.support.Wait;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The supervisor against a misbehaving stand-in server process (FakeGroveServer): failures the
 * real server should never produce must still be reported, and never hang a caller.
 */
@Timeout(60)
class GroveClientSupervisionTest {
  private final List<ClientEvent> events = Collections.synchronizedList(new ArrayList<>());

  private final AtomicReference<ServerConnection> lastServer = new AtomicReference<>();

  private GroveClient client(String mode, int maxFailures) {
    ProcessServerLauncher launcher = new ProcessServerLauncher(FakeGroveServer.command(mode), Map.of(), System.err::println);
    ServerLauncher recording = () -> {
      ServerConnection s = launcher.launch();
      lastServer.set(s);
      return s;
    };
    GroveClient c = new GroveClient(recording, GroveServerFixture.testOptions()
        .withRestart(Duration.ofMillis(20), Duration.ofMillis(100), maxFailures));
    c.addStateListener(events::add);
    return c;
  }

  private ClientEvent lastEvent() {
    synchronized (events) {
      return events.isEmpty() ? new ClientEvent(ClientState.STOPPED, 0, null, null) : events.get(events.size() - 1);
    }
  }

  private boolean sawState(ClientState s, int generation) {
    synchronized (events) {
      return events.stream().anyMatch(e -> e.state() == s && e.generation() == generation);
    }
  }

  @Test
  void malformedFrameIsReportedWithoutAHangAndTheServerIsRestarted() throws Exception {
    try (GroveClient c = client("malformed", 5)) {
      c.start();
      assertEquals(ClientState.READY, c.state());
      long t0 = System.nanoTime();
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> c.api().projectList(null).get(10, TimeUnit.SECONDS));
      assertInstanceOf(MalformedFrameException.class, e.getCause());
      // Far below the 15 s request deadline: the frame error itself ended the wait.
      assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(5).toNanos());
      Wait.until("a RESTARTING event naming the malformed frame", () -> {
        synchronized (events) {
          return events.stream().anyMatch(ev -> ev.state() == ClientState.RESTARTING
              && ev.cause() instanceof MalformedFrameException);
        }
      });
      Wait.until("READY again in a second session", () -> sawState(ClientState.READY, 2));
    }
    assertEquals(ClientState.STOPPED, events.get(events.size() - 1).state());
  }

  @Test
  void foreignProtocolVersionIsRefused() {
    try (GroveClient c = client("version2", 5)) {
      IncompatibleServerException e = assertThrows(IncompatibleServerException.class, c::start);
      assertTrue(e.getMessage().contains("protocol version 2"), e.getMessage());
      assertEquals(ClientState.FAILED, c.state());
    }
  }

  @Test
  void serverThatDiesAtOnceFailsStartWithItsExitCode() {
    try (GroveClient c = client("die", 5)) {
      ServerUnavailableException e = assertThrows(ServerUnavailableException.class, c::start);
      assertEquals(ClientState.FAILED, c.state());
      assertTrue(e.getMessage().contains("exited with code 3") || e.getMessage().contains("closed"), e.getMessage());
      ExecutionException req = assertThrows(ExecutionException.class,
          () -> c.api().projectList(null).get(5, TimeUnit.SECONDS));
      assertInstanceOf(ServerUnavailableException.class, req.getCause());
    }
  }

  @Test
  void repeatedCrashesEndInFailedInsteadOfRestartingForever() throws Exception {
    try (GroveClient c = client("malformed", 2)) {
      c.start();
      for (int gen = 1; gen <= 2; gen++) {
        int g = gen;
        Wait.until("session " + g + " ready", () -> sawState(ClientState.READY, g));
        assertThrows(ExecutionException.class, () -> c.api().projectList(null).get(10, TimeUnit.SECONDS));
      }
      // Wait for the FAILED event itself, not the state: the state flips before listeners run.
      Wait.until("a FAILED event after two quick failures", () -> lastEvent().state() == ClientState.FAILED);
      ClientEvent last = lastEvent();
      assertTrue(last.cause().getMessage().contains("giving up"), last.cause().getMessage());
      c.restart();
      Wait.until("a manual restart brings it back", () -> sawState(ClientState.READY, 3));
    }
  }

  @Test
  void closeRunsShutdownAndExitAndTheProcessLeaves() throws Exception {
    GroveClient c = client("ok", 5);
    c.start();
    assertEquals("fake-grove-server", c.initializeResult().serverInfo().name());
    c.close();
    // The fake exits with 0 only on the exit notification; a kill would give another code.
    assertEquals(0, lastServer.get().onExit().get(5, TimeUnit.SECONDS));
    assertEquals(ClientState.STOPPED, c.state());
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> c.api().projectList(null).get(5, TimeUnit.SECONDS));
    assertInstanceOf(ServerUnavailableException.class, e.getCause());
  }
}
