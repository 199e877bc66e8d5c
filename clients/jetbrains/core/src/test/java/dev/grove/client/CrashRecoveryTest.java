package dev.grove.client;

import static dev.grove.client.support.Futures.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.api.UnitDraft;
import dev.grove.client.model.Project;
import dev.grove.client.model.Unit;
import dev.grove.client.rpc.ServerUnavailableException;
import dev.grove.client.server.ServerConnection;
import dev.grove.client.support.GroveServerFixture;
import dev.grove.client.support.Wait;
import dev.grove.client.view.ContextTree;
import dev.grove.client.view.GroveViewModels;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Killing the real server: the client reports it, restarts it, and the view models reload. */
@Timeout(60)
class CrashRecoveryTest {
  @Test
  void killedServerIsReportedRestartedAndViewModelsAreRefreshed() throws Exception {
    try (GroveServerFixture f = GroveServerFixture.start();
        GroveViewModels vm = new GroveViewModels(f.client, null)) {
      Project p = await(f.client.api().projectCreate("Survives a crash", null));
      Unit root = await(f.client.api().unitAppend(UnitDraft.message(p.id(), null, "user", "kept in the store")));
      await(vm.selectProject(p.id()));
      await(vm.projects().refresh());
      List<ContextTree> published = new CopyOnWriteArrayList<>();
      vm.tree().addListener(published::add);

      ServerConnection first = f.process();
      first.kill();
      first.onExit().get(10, TimeUnit.SECONDS);

      Wait.until("the crash reported", () -> f.events.stream().anyMatch(e -> e.state() == ClientState.RESTARTING));
      ClientEvent crash = f.events.stream().filter(e -> e.state() == ClientState.RESTARTING).findFirst().get();
      assertEquals(1, crash.generation());
      assertInstanceOf(ServerUnavailableException.class, crash.cause());
      assertTrue(crash.cause().getMessage().contains("exited with code"), crash.cause().getMessage());

      // The client's state reads READY a moment before its listeners hear of it: wait for the event.
      Wait.until("ready again", () -> f.events.stream().anyMatch(ClientEvent::isRestart));
      assertEquals(ClientState.READY, f.client.state());
      assertEquals(2, f.client.generation());
      assertTrue(f.process() != first && f.process().isAlive(), "a new process");

      // The READY after the restart reloads the tree: a new snapshot with the stored unit.
      Wait.until("the tree reloaded after the restart (last error: " + vm.tree().lastError() + ")", () -> !published.isEmpty());
      assertNotNull(published.get(published.size() - 1).node(root.id()));
      assertTrue(vm.projects().get().stream().anyMatch(x -> x.id().equals(p.id())));
      assertEquals("kept in the store", await(f.client.api().unitGet(root.id())).content());

      // Notifications flow from the new session too.
      Unit child = await(f.client.api().unitAppend(UnitDraft.message(p.id(), root.id(), "assistant", "after")));
      Wait.until("a change after the restart reaches the tree", () -> vm.tree().get().node(child.id()) != null);
    }
  }

  @Test
  void requestAfterTheServerDiedFailsPromptly() throws Exception {
    // A slow restart keeps the dead session's window open long enough to look at it.
    try (GroveServerFixture f = GroveServerFixture.start(Map.of(),
        GroveServerFixture.testOptions().withRestart(Duration.ofSeconds(20), Duration.ofSeconds(20), 5))) {
      ServerConnection s = f.process();
      s.kill();
      s.onExit().get(10, TimeUnit.SECONDS);
      // Whether the client has noticed yet or not, the answer is a prompt failure, never a wait
      // for the 15 s request deadline.
      long t0 = System.nanoTime();
      var e = org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.ExecutionException.class,
          () -> f.client.api().projectList(null).get(10, TimeUnit.SECONDS));
      assertInstanceOf(ServerUnavailableException.class, e.getCause());
      assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5));
    }
  }
}
