package dev.grove.client.view;

import static dev.grove.client.support.Futures.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.grove.client.api.GroveApi;
import dev.grove.client.api.UnitDraft;
import dev.grove.client.model.Project;
import dev.grove.client.model.ProjectDetail;
import dev.grove.client.model.Unit;
import dev.grove.client.rpc.JsonRpcConnection;
import dev.grove.client.rpc.MessageListener;
import dev.grove.client.rpc.RpcErrorException;
import dev.grove.client.support.GroveServerFixture;
import dev.grove.client.support.ProjectAnswers;
import dev.grove.client.support.ScriptedPeer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The context tree's reload: the structure and the path's text instead of the whole project, the
 * same tree as grove/project/get gives, and what it does when the core is older or a path unit
 * went away meanwhile.
 */
@Timeout(60)
class ContextTreeModelTest {

  @Test
  void theTreeHasEveryUnitWithTheFullTextOnlyOnTheCursorsPath() throws Exception {
    try (GroveServerFixture server = GroveServerFixture.start()) {
      GroveApi api = server.client.api();
      Project p = await(api.projectCreate("Tree", null));
      Unit q = await(api.unitAppend(UnitDraft.message(p.id(), null, "user", "Why does the parser fail?\nIt reads\nthree lines")));
      Unit a = await(api.unitAppend(UnitDraft.message(p.id(), q.id(), "assistant", "Off by one.\nSee line 4.")));
      Unit side = await(api.unitAppend(UnitDraft.message(p.id(), q.id(), "user", "A side question\nwith more")
          .branch("Side", null)));
      Unit tip = await(api.unitAppend(UnitDraft.message(p.id(), a.id(), "user", "Thanks.\nFixed.")));
      await(api.projectSetCursor(p.id(), tip.id()));

      ContextTreeModel model = new ContextTreeModel(api);
      await(model.select(p.id()));
      ContextTree tree = model.get();
      ProjectDetail whole = await(api.projectGet(p.id()));

      // The same tree as project/get: every unit under its parent, the same branches.
      assertEquals(shape(whole.units()), shape(tree.byId().values().stream().map(ContextNode::unit).toList()));
      assertEquals(whole.branches(), tree.branches());
      assertEquals(whole.project().revision(), tree.revision());
      // Full text on the path (what the chat shows), the head elsewhere.
      assertEquals(List.of(q.id(), a.id(), tip.id()), tree.path().stream().map(Unit::id).toList());
      for (Unit u : tree.path()) assertEquals(byId(whole.units()).get(u.id()).content(), u.content());
      assertEquals("A side question", tree.node(side.id()).unit().content());
      assertTrue(tree.node(side.id()).branchHead());
      assertEquals("Side", tree.node(side.id()).branchTitle());
      assertEquals(ScopeState.IN_SCOPE, tree.scopeOf(q.id()));
      assertEquals(ScopeState.OUT_OF_SCOPE, tree.scopeOf(side.id()));
      // What the actions read for the cursor: the same project, without the tree.
      assertEquals(whole.project(), await(api.projectOnly(p.id())));
    }
  }

  @Test
  void theProjectAloneIsReadWholeFromACoreWithoutBranchSummaries() throws Exception {
    try (Scripted s = new Scripted(method -> method.equals("grove/project/branches") ? RpcErrorException.METHOD_NOT_FOUND : null)) {
      assertEquals("a1", await(s.api.projectOnly("p")).cursorId());
      assertEquals(List.of("grove/project/branches", "grove/project/get"), s.methods);
    }
  }

  @Test
  void aReloadReadsTheStructureAndThePathNotTheWholeProject() throws Exception {
    try (Scripted s = new Scripted(method -> null)) {
      await(s.model.select("p"));
      assertEquals(List.of("grove/project/structure", "grove/unit/getMany", "grove/scope/preview"), s.methods);
      assertEquals(List.of("u1", "a1"), s.model.get().path().stream().map(Unit::id).toList());
      assertEquals("hi\nthere", s.model.get().path().get(0).content());
    }
  }

  @Test
  void aCoreWithoutTheStructureIsReadWhole() throws Exception {
    try (Scripted s = new Scripted(method -> method.equals("grove/project/structure") ? RpcErrorException.METHOD_NOT_FOUND : null)) {
      await(s.model.select("p"));
      assertEquals(List.of("grove/project/structure", "grove/project/get", "grove/scope/preview"), s.methods);
      assertEquals("hi\nthere", s.model.get().path().get(0).content());
    }
  }

  @Test
  void aPathUnitGoneBeforeItsTextIsReadLeavesItsHead() throws Exception {
    try (Scripted s = new Scripted(method -> method.equals("grove/unit/getMany") ? 1001 : null)) {
      await(s.model.select("p"));
      assertEquals(List.of("u1", "a1"), s.model.get().path().stream().map(Unit::id).toList());
      assertEquals("hi", s.model.get().path().get(0).content());
    }
  }

  @Test
  void aPathLongerThanOneCallsLimitIsReadInParts() throws Exception {
    List<String> units = new ArrayList<>();
    for (int i = 0; i < 2500; i++) units.add(unit("u" + i, i == 0 ? null : "u" + (i - 1), i % 2 == 0 ? "user" : "assistant", "turn " + i + "\\nmore", i + 1));
    try (Scripted s = new Scripted(project("u2499", units.toArray(String[]::new)), method -> null)) {
      await(s.model.select("p"));
      assertEquals(null, s.model.lastError());
      assertEquals(List.of("grove/project/structure", "grove/unit/getMany", "grove/unit/getMany", "grove/unit/getMany",
          "grove/scope/preview"), s.methods);
      List<Unit> path = s.model.get().path();
      assertEquals(2500, path.size());
      for (int i = 0; i < path.size(); i++) assertEquals("turn " + i + "\nmore", path.get(i).content());
    }
  }

  /** A scripted core holding a project (two units unless given); {@code failWith} names the methods to fail and how. */
  private static final class Scripted implements AutoCloseable {
    final ScriptedPeer peer = new ScriptedPeer();
    final JsonRpcConnection conn = peer.connect((MessageListener) (m, p) -> {});
    final List<String> methods = Collections.synchronizedList(new ArrayList<>());
    final GroveApi api = new GroveApi(conn, Duration.ofSeconds(10));
    final ContextTreeModel model = new ContextTreeModel(api);
    final Thread server;

    Scripted(Function<String, Integer> failWith) {
      this(project("a1", unit("u1", null, "user", "hi\\nthere", 1), unit("a1", "u1", "assistant", "hello", 2)), failWith);
    }

    Scripted(String project, Function<String, Integer> failWith) {
      server = new Thread(() -> {
        try {
          while (true) {
            JsonObject req = peer.receive();
            String method = req.get("method").getAsString();
            methods.add(method);
            Integer code = failWith.apply(method);
            if (code != null) {
              peer.error(req.get("id"), code, "scripted failure", null);
              continue;
            }
            JsonElement result;
            try {
              result = ProjectAnswers.answer(method, req.getAsJsonObject("params"), project);
            } catch (ProjectAnswers.UnknownUnit e) {
              peer.error(req.get("id"), 1001, e.getMessage(), null);
              continue;
            } catch (ProjectAnswers.TooMany e) {
              peer.error(req.get("id"), -32602, e.getMessage(), null);
              continue;
            }
            if (result == null) {
              result = JsonParser.parseString("{\"system\":\"\",\"messages\":[],\"tokens\":0,\"excluded\":[],"
                  + "\"included\":[],\"truncated\":[]}");
            }
            peer.result(req.get("id"), result);
          }
        } catch (Exception e) {
          // The connection closed at the end of the test.
        }
      }, "scripted-grove");
      server.setDaemon(true);
      server.start();
    }

    @Override
    public void close() {
      conn.close();
      server.interrupt();
    }
  }

  private static String project(String cursor, String... units) {
    return "{\"project\":{\"id\":\"p\",\"title\":\"P\",\"cursorId\":\"" + cursor + "\",\"mainlineEndId\":\"" + cursor
        + "\",\"revision\":2},\"units\":[" + String.join(",", units) + "],\"branches\":[]}";
  }

  private static String unit(String id, String parent, String role, String content, int seq) {
    return "{\"id\":\"" + id + "\",\"projectId\":\"p\",\"parentId\":" + (parent == null ? "null" : "\"" + parent + "\"")
        + ",\"role\":\"" + role + "\",\"kind\":\"message\",\"content\":\"" + content + "\",\"status\":\"complete\""
        + ",\"scope\":\"auto\",\"seq\":" + seq + ",\"startsBranch\":false,\"createdAt\":\"t\",\"editedAt\":null}";
  }

  /** Each unit's id with its parent, role, kind, status, scope, seq and whether it starts a branch. */
  private static Map<String, String> shape(List<Unit> units) {
    Map<String, String> out = new TreeMap<>();
    for (Unit u : units) {
      out.put(u.id(), u.parentId() + " " + u.role() + " " + u.kind() + " " + u.status() + " " + u.scope() + " "
          + u.seq() + " " + u.startsBranch());
    }
    return out;
  }

  private static Map<String, Unit> byId(List<Unit> units) {
    return units.stream().collect(Collectors.toMap(Unit::id, Function.identity()));
  }
}
