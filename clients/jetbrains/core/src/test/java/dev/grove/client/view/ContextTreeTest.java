package dev.grove.client.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.model.Branch;
import dev.grove.client.model.Project;
import dev.grove.client.model.ScopePreview;
import dev.grove.client.model.Unit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Building the tree snapshot from project/get + scope/preview answers (no server needed). */
class ContextTreeTest {
  private static Unit unit(String id, String parent, long seq, String scope, boolean startsBranch) {
    return new Unit(id, "p", parent, seq % 2 == 1 ? "user" : "assistant", "message", "text " + id, "complete",
        scope, seq, startsBranch, "2026-01-01T00:00:00Z", null, null);
  }

  private static Project project(String cursor) {
    return new Project("p", "P", null, null, cursor, cursor, 7, "t", "t", null);
  }

  @Test
  void scopeStatesComeFromThePreviewAndExcludedWins() {
    List<Unit> units = List.of(
        unit("r", null, 1, "auto", false),
        unit("a", "r", 2, "excluded", false),
        unit("b", "a", 3, "auto", false),
        unit("side", "r", 4, "included", true),
        unit("other", "r", 5, "auto", true),
        unit("below", "b", 6, "auto", false));
    ScopePreview preview = new ScopePreview("", List.of(
        new ScopePreview.Message("user", "r", List.of("r")),
        new ScopePreview.Message("assistant", "side", List.of("side")),
        new ScopePreview.Message("user", "b", List.of("b"))),
        10, List.of("a"), List.of("side"), List.of());
    List<Branch> branches = List.of(
        new Branch("r", null, null, null, "open", null, true, List.of("r", "a", "b", "below")),
        new Branch("side", "r", "Side quest", null, "open", null, false, List.of("side")));
    ContextTree t = ContextTree.build(project("b"), units, branches, preview);

    assertEquals(ScopeState.IN_SCOPE, t.scopeOf("r"));
    assertEquals(ScopeState.EXCLUDED, t.scopeOf("a"));
    assertEquals(ScopeState.IN_SCOPE, t.scopeOf("b"));
    assertEquals(ScopeState.INCLUDED, t.scopeOf("side"));
    assertEquals(ScopeState.OUT_OF_SCOPE, t.scopeOf("other"), "a sibling branch");
    assertEquals(ScopeState.OUT_OF_SCOPE, t.scopeOf("below"), "below the cursor");
    assertEquals(List.of("r", "a", "b"), t.path().stream().map(Unit::id).toList());
    assertTrue(t.node("b").onPath());
    assertFalse(t.node("below").onPath());
    assertEquals(List.of("a", "side", "other"), t.root().children().stream().map(n -> n.unit().id()).toList());
    assertEquals("Side quest", t.node("side").branchTitle());
    assertTrue(t.node("other").branchHead(), "startsBranch marks a head even without branch metadata");
    assertFalse(t.node("a").branchHead());
    assertEquals(7, t.revision());
  }

  @Test
  void withoutAPreviewScopeIsUnknownButTheTreeIsShown() {
    ContextTree t = ContextTree.build(project("x"), List.of(unit("x", null, 1, "auto", false),
        unit("y", "x", 2, "excluded", false)), List.of(), null);
    assertEquals(ScopeState.UNKNOWN, t.scopeOf("x"));
    assertEquals(ScopeState.EXCLUDED, t.scopeOf("y"), "the unit's own scope is still known");
  }

  @Test
  void aVeryLongPathDoesNotOverflowTheStack() {
    List<Unit> units = new ArrayList<>();
    units.add(unit("u0", null, 1, "auto", false));
    for (int i = 1; i < 50_000; i++) units.add(unit("u" + i, "u" + (i - 1), i + 1, "auto", false));
    ContextTree t = ContextTree.build(project("u49999"), units, List.of(), null);
    assertEquals(50_000, t.byId().size());
    assertEquals(50_000, t.path().size());
    assertEquals("u1", t.root().children().get(0).unit().id());
  }
}
