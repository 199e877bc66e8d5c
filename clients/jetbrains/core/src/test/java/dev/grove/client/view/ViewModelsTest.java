package dev.grove.client.view;

import static dev.grove.client.support.Futures.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.api.GroveApi;
import dev.grove.client.api.GroveApi.Scope;
import dev.grove.client.api.Methods;
import dev.grove.client.api.UnitDraft;
import dev.grove.client.model.Project;
import dev.grove.client.model.Unit;
import dev.grove.client.support.GroveServerFixture;
import dev.grove.client.support.Wait;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * View models follow the server's notifications. After the first explicit load nothing here
 * refreshes a model by hand: every later change must arrive through grove/project/didChange.
 */
@Timeout(60)
class ViewModelsTest {
  private GroveServerFixture server;
  private GroveApi api;
  private GroveViewModels vm;

  @BeforeEach
  void start() throws Exception {
    server = GroveServerFixture.start();
    api = server.client.api();
    vm = new GroveViewModels(server.client, null);
    await(vm.projects().refresh());
  }

  @AfterEach
  void stop() throws Exception {
    vm.close();
    server.close();
  }

  private Unit append(String projectId, String parentId, String role, String content) {
    return await(api.unitAppend(UnitDraft.message(projectId, parentId, role, content)));
  }

  @Test
  void projectListFollowsCreateRenameAndDelete() {
    Project p = await(api.projectCreate("Watched", null));
    Wait.until("the new project in the list", () -> vm.projects().find(p.id()) != null);
    await(api.projectRename(p.id(), "Renamed"));
    Wait.until("the new title", () -> "Renamed".equals(vm.projects().find(p.id()).title()));
    await(api.projectDelete(p.id()));
    Wait.until("the project gone to the trash", () -> vm.projects().find(p.id()) == null);
  }

  @Test
  void contextTreeShowsUnitsWithTheirScopeStatesAtTheCursor() {
    Project p = await(api.projectCreate("Tree", null));
    Unit u1 = append(p.id(), null, "user", "How should the cache evict?");
    await(vm.selectProject(p.id()));
    assertEquals(u1.id(), vm.tree().get().root().unit().id());

    Unit a1 = append(p.id(), u1.id(), "assistant", "LRU is a good start.");
    Unit u2 = append(p.id(), a1.id(), "user", "And for scans?");
    Unit side = await(api.unitAppend(UnitDraft.message(p.id(), u1.id(), "assistant", "Or use ARC.")
        .branch("ARC", null)));
    Wait.until("all four units in the tree", () -> vm.tree().get().byId().size() == 4);
    await(api.projectSetCursor(p.id(), u2.id()));
    Wait.until("the cursor at u2", () -> vm.tree().get().path().size() == 3);

    ContextTree t = vm.tree().get();
    assertEquals(ScopeState.IN_SCOPE, t.scopeOf(u1.id()));
    assertEquals(ScopeState.IN_SCOPE, t.scopeOf(a1.id()));
    assertEquals(ScopeState.OUT_OF_SCOPE, t.scopeOf(side.id()), "a sibling branch is not seen");
    assertTrue(t.node(side.id()).branchHead());
    assertEquals("ARC", t.node(side.id()).branchTitle());
    assertTrue(t.node(a1.id()).onPath());
    assertFalse(t.node(side.id()).onPath());
    assertEquals(List.of(a1.id(), side.id()),
        t.node(u1.id()).children().stream().map(n -> n.unit().id()).toList(), "children in seq order");

    await(api.unitSetScope(List.of(a1.id()), Scope.EXCLUDED, null));
    await(api.unitSetScope(List.of(side.id()), Scope.INCLUDED, null));
    Wait.until("excluded and included states", () -> vm.tree().get().scopeOf(a1.id()) == ScopeState.EXCLUDED
        && vm.tree().get().scopeOf(side.id()) == ScopeState.INCLUDED);
  }

  @Test
  void chatShowsThePathToTheCursorAndFollowsCursorMoves() {
    Project p = await(api.projectCreate("Chat", null));
    Unit u1 = append(p.id(), null, "user", "first question");
    await(vm.selectProject(p.id()));
    Unit a1 = append(p.id(), u1.id(), "assistant", "first answer");
    Unit alt = await(api.unitAppend(UnitDraft.message(p.id(), u1.id(), "assistant", "alternative answer")
        .branch(null, null)));
    await(api.projectSetCursor(p.id(), a1.id()));
    Wait.until("chat along the mainline", () -> texts(vm.chat().get()).equals(List.of("first question", "first answer")));
    await(api.projectSetCursor(p.id(), alt.id()));
    Wait.until("chat along the branch",
        () -> texts(vm.chat().get()).equals(List.of("first question", "alternative answer")));
    await(api.unitEdit(u1.id(), "first question, edited"));
    Wait.until("the edit shown", () -> texts(vm.chat().get()).get(0).equals("first question, edited"));
  }

  @Test
  void suggestionsFollowTheServerOrReportThatItHasNone() {
    Project p = await(api.projectCreate("Suggestions", null));
    await(vm.selectProject(p.id()));
    boolean served = await(api.serverMethods()).contains(Methods.SUGGESTION_LIST);
    if (!served) {
      assertFalse(vm.suggestions().supported(), "a server without suggestions is reported as such");
      assertTrue(vm.currentCards().isEmpty());
      System.out.println("note: grove-server has no " + Methods.SUGGESTION_LIST + " yet; checked the fallback");
      return;
    }
    assertTrue(vm.suggestions().supported());
    assertEquals(await(api.suggestionList(p.id(), "pending")).size(), vm.currentCards().size());
  }

  private static List<String> texts(List<ChatMessage> chat) {
    return chat.stream().map(ChatMessage::text).toList();
  }
}
