package dev.grove.client.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.grove.client.ClientState;
import dev.grove.client.GroveClient;
import dev.grove.client.model.InitializeResult;
import dev.grove.client.rpc.JsonRpcConnection;
import dev.grove.client.rpc.MessageListener;
import dev.grove.client.rpc.RpcErrorException;
import dev.grove.client.support.Futures;
import dev.grove.client.support.GroveServerFixture;
import dev.grove.client.support.TempDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The LSP lifecycle against the real grove-server. */
@Timeout(60)
class LifecycleTest {
  private static final Duration T = Duration.ofSeconds(15);

  @Test
  void initializeNegotiatesProtocolVersionOneAndCloseEndsTheProcessCleanly() throws Exception {
    GroveServerFixture f = GroveServerFixture.start();
    try {
      InitializeResult init = f.client.initializeResult();
      assertEquals(1, init.protocolVersion());
      assertEquals("grove-server", init.serverInfo().name());
      assertEquals(ClientState.READY, f.client.state());
      assertTrue(Futures.await(f.client.api().serverClients()).stream()
          .anyMatch(c -> "grove-jetbrains-tests".equals(c.name())), "our clientInfo.name is known to the server");
      ServerConnection process = f.process();
      f.client.close();
      // shutdown + exit: the server leaves on its own with code 0 (a kill would not be 0).
      assertEquals(0, process.onExit().get(10, TimeUnit.SECONDS));
      assertEquals(ClientState.STOPPED, f.client.state());
    } finally {
      f.close();
    }
  }

  @Test
  void aSecondClientOnTheSameStoreJoinsTheSharedCore() throws Exception {
    GroveServerFixture f = GroveServerFixture.start();
    try {
      assertEquals("owner", f.client.initializeResult().coreRole());
      assertEquals("Grove: this IDE runs the core", f.client.initializeResult().coreStatusLine());
      ServerLauncher second = ProcessServerLauncher.forDatabase(GroveServerFixture.serverBinary(), f.db,
          Map.of("XDG_CONFIG_HOME", f.dir.resolve("config").toString()), line -> {});
      GroveClient other = new GroveClient(second, GroveServerFixture.testOptions());
      try {
        InitializeResult init = other.start();
        assertEquals("joined", init.coreRole());
        assertEquals("Grove: joined a shared core (2 clients)", init.coreStatusLine());
        assertEquals(2, Futures.await(f.client.api().serverClients()).size());
      } finally {
        other.close();
      }
    } finally {
      f.close();
    }
  }

  @Test
  void requestsBeforeInitializeAndAfterShutdownAreRefused() throws Exception {
    Path binary = GroveServerFixture.serverBinary();
    Path dir = Files.createTempDirectory("grove-jb-lifecycle");
    ServerConnection server = ProcessServerLauncher.forDatabase(binary,
        dir.resolve("grove.db"), Map.of("XDG_CONFIG_HOME", dir.toString()), line -> {}).launch();
    try (JsonRpcConnection rpc = new JsonRpcConnection("raw", server.input(), server.output(),
        (MessageListener) (method, params) -> {}).start()) {
      RpcErrorException early = Futures.rpcError(
          rpc.request("grove/project/list", new JsonObject(), JsonElement.class, T).future());
      assertEquals(RpcErrorException.SERVER_NOT_INITIALIZED, early.code());

      JsonObject init = new JsonObject();
      init.add("capabilities", new JsonObject());
      Futures.await(rpc.request("initialize", init, JsonElement.class, T).future());
      rpc.notify("initialized", new JsonObject());
      RpcErrorException unknown = Futures.rpcError(
          rpc.request("grove/no/such", new JsonObject(), JsonElement.class, T).future());
      assertEquals(RpcErrorException.METHOD_NOT_FOUND, unknown.code());

      Futures.await(rpc.request("shutdown", null, JsonElement.class, T).future());
      RpcErrorException late = Futures.rpcError(
          rpc.request("grove/project/list", new JsonObject(), JsonElement.class, T).future());
      assertEquals(RpcErrorException.INVALID_REQUEST, late.code());
      rpc.notify("exit", new JsonObject());
      assertEquals(0, server.onExit().get(10, TimeUnit.SECONDS));
    } finally {
      server.kill();
      server.onExit().get(10, TimeUnit.SECONDS); // gone before its files are removed
      TempDirs.delete(dir);
    }
    assertTrue(!server.isAlive());
  }
}
