package dev.grove.client.api;

import static dev.grove.client.support.Futures.await;
import static dev.grove.client.support.Futures.rpcError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.api.GroveApi.Scope;
import dev.grove.client.model.Branch;
import dev.grove.client.model.CodeSource;
import dev.grove.client.model.DeleteResult;
import dev.grove.client.model.Project;
import dev.grove.client.model.ProjectDetail;
import dev.grove.client.model.Revision;
import dev.grove.client.model.ScopePreview;
import dev.grove.client.model.SearchHit;
import dev.grove.client.model.Unit;
import dev.grove.client.rpc.RpcErrorException;
import dev.grove.client.support.GroveServerFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Every foundation method of DESIGN.md §6 through the typed API, against the real server. */
@Timeout(60)
class FoundationMethodsTest {
  private static GroveServerFixture server;
  private static GroveApi api;

  @BeforeAll
  static void start() throws Exception {
    server = GroveServerFixture.start();
    api = server.client.api();
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) server.close();
  }

  private static Unit append(String projectId, String parentId, String role, String content) {
    return await(api.unitAppend(UnitDraft.message(projectId, parentId, role, content)));
  }

  @Test
  void projectsAreCreatedListedRenamedTrashedAndRestored() {
    Project p = await(api.projectCreate("Parser refactor", "file:///ws/a"));
    assertNotNull(p.id());
    assertEquals("Parser refactor", p.title());
    assertEquals("file:///ws/a", p.workspaceUri());
    assertNull(p.deletedAt());
    assertTrue(p.createdAt().endsWith("Z"), "ISO-8601 UTC: " + p.createdAt());
    Project other = await(api.projectCreate("Elsewhere", "file:///ws/b"));

    List<String> inA = await(api.projectList("file:///ws/a")).stream().map(Project::id).toList();
    assertTrue(inA.contains(p.id()));
    assertFalse(inA.contains(other.id()), "workspace filter");

    Project renamed = await(api.projectRename(p.id(), "Parser rewrite"));
    assertEquals("Parser rewrite", renamed.title());
    assertTrue(renamed.revision() > p.revision(), "rename bumps the revision");

    ProjectDetail detail = await(api.projectGet(p.id()));
    assertEquals("Parser rewrite", detail.project().title());
    assertTrue(detail.units().isEmpty());

    await(api.projectDelete(p.id()));
    assertFalse(await(api.projectList(null)).stream().anyMatch(x -> x.id().equals(p.id())), "trashed");
    assertTrue(await(api.projectList(null, true)).stream()
        .anyMatch(x -> x.id().equals(p.id()) && x.isDeleted()), "listed from the trash");
    Project restored = await(api.projectRestore(p.id()));
    assertNull(restored.deletedAt());
    assertTrue(await(api.projectList(null)).stream().anyMatch(x -> x.id().equals(p.id())));
  }

  @Test
  void unknownIdsFailWithTheServersErrorKind() {
    RpcErrorException e = rpcError(api.projectGet("no-such-project"));
    assertEquals(RpcErrorException.NOT_FOUND, e.code());
    assertEquals("projectNotFound", e.kind());
    assertEquals("no-such-project", e.id());
    RpcErrorException u = rpcError(api.unitGet("no-such-unit"));
    assertEquals("unitNotFound", u.kind());
  }

  @Test
  void unitsAreAppendedReadEditedWithRevisions() {
    Project p = await(api.projectCreate("Units", null));
    Unit root = append(p.id(), null, "user", "How do I parse TOML?");
    assertNull(root.parentId());
    assertEquals("user", root.role());
    assertEquals("message", root.kind());
    assertEquals("auto", root.scope());
    assertEquals("complete", root.status());

    RpcErrorException second = rpcError(api.unitAppend(UnitDraft.message(p.id(), null, "user", "another root")));
    assertEquals(RpcErrorException.INVALID_OPERATION, second.code());
    assertEquals("rootExists", second.kind());

    Unit answer = append(p.id(), root.id(), "assistant", "Use a TOML library.");
    assertEquals(root.id(), answer.parentId());
    assertTrue(answer.seq() > root.seq());
    assertEquals(answer, await(api.unitGet(answer.id())));
    List<Unit> many = await(api.unitGetMany(List.of(answer.id(), root.id())));
    assertEquals(Set.of(answer.id(), root.id()), many.stream().map(Unit::id).collect(
        Collectors.toSet()));

    Unit edited = await(api.unitEdit(answer.id(), "Use tomlplusplus."));
    assertEquals("Use tomlplusplus.", edited.content());
    assertNotNull(edited.editedAt());
    List<Revision> revs = await(api.unitRevisions(answer.id()));
    assertTrue(revs.stream().anyMatch(r -> r.content().equals("Use a TOML library.")), "prior text kept: " + revs);
  }

  @Test
  void codeUnitsKeepTheirSource() {
    Project p = await(api.projectCreate("Code", null));
    Unit root = append(p.id(), null, "user", "Look at this");
    CodeSource src = new CodeSource("file:///ws/src/Parser.java",
        new CodeSource.Range(new CodeSource.Position(10, 2), new CodeSource.Position(14, 0)),
        "java", "the tokenizer loop", null, null, "");
    Unit code = await(api.unitAppend(UnitDraft.code(p.id(), root.id(), "while (i < n) {}", src)));
    assertEquals("code", code.kind());
    assertEquals("file:///ws/src/Parser.java", code.source().uri());
    assertEquals(10, code.source().range().start().line());
    assertEquals(2, code.source().range().start().character());
    assertEquals("the tokenizer loop", code.source().memo());
    assertEquals("java", code.source().languageId());
  }

  @Test
  void scopeIsSetToggledPreviewedAndReset() {
    Project p = await(api.projectCreate("Scope", null));
    Unit u1 = append(p.id(), null, "user", "Question one about lexers");
    Unit a1 = append(p.id(), u1.id(), "assistant", "Answer one");
    Unit u2 = append(p.id(), a1.id(), "user", "Question two");
    Unit side = await(api.unitAppend(UnitDraft.message(p.id(), u1.id(), "assistant", "A side answer")
        .branch("side", null)));

    ScopePreview all = await(api.scopePreview(p.id(), u2.id(), "next?", null));
    List<String> sent = sentIds(all);
    assertTrue(sent.containsAll(List.of(u1.id(), a1.id(), u2.id())), "whole path: " + sent);
    assertFalse(sent.contains(side.id()), "siblings never see each other");
    assertTrue(all.tokens() > 0);
    ScopePreview.Message last = all.messages().get(all.messages().size() - 1);
    assertTrue(last.unitIds().isEmpty() && last.content().contains("next?"),
        "the new prompt is the last message, with empty unitIds: " + last);

    List<Unit> changed = await(api.unitSetScope(List.of(a1.id()), Scope.EXCLUDED, null));
    assertEquals("excluded", changed.get(0).scope());
    ScopePreview without = await(api.scopePreview(p.id(), u2.id(), null, null));
    assertTrue(without.excluded().contains(a1.id()));
    assertFalse(sentIds(without).contains(a1.id()));
    // The marks' form: the same ids and lists, no text.
    ScopePreview marks = await(api.scopeMarks(p.id(), u2.id()));
    assertEquals(sentIds(without), sentIds(marks));
    assertEquals(without.excluded(), marks.excluded());
    assertEquals(without.tokens(), marks.tokens());
    assertTrue(marks.messages().stream().allMatch(m -> m.content().isEmpty()), "no text: " + marks.messages());
    assertFalse(without.messages().get(0).content().isEmpty());

    await(api.unitSetScope(List.of(side.id()), Scope.INCLUDED, null));
    ScopePreview with = await(api.scopePreview(p.id(), u2.id(), null, null));
    assertTrue(with.included().contains(side.id()), "included from off the path");

    // Toggle on the path, out of scope (excluded) -> auto.
    List<Unit> toggled = await(api.unitSetScope(List.of(a1.id()), Scope.TOGGLE, u2.id()));
    assertEquals("auto", toggled.get(0).scope());

    ScopePreview tight = await(api.scopePreview(p.id(), u2.id(), null, 1));
    assertFalse(tight.truncated().isEmpty(), "a 1-token budget drops auto units");
    assertFalse(tight.truncated().contains(u2.id()), "never the cursor unit");
    assertFalse(tight.truncated().contains(side.id()), "never an included unit");

    await(api.scopeReset(p.id()));
    assertEquals("auto", await(api.unitGet(side.id())).scope());
    ScopePreview nullCursor = await(api.scopePreview(p.id(), null, null, null));
    assertTrue(sentIds(nullCursor).isEmpty(), "null cursor, nothing included: " + sentIds(nullCursor));
  }

  @Test
  void branchesAndMainlineAreUpdated() {
    Project p = await(api.projectCreate("Branches", null));
    Unit root = append(p.id(), null, "user", "root");
    Unit main = append(p.id(), root.id(), "assistant", "main answer");
    Unit head = await(api.unitAppend(UnitDraft.message(p.id(), root.id(), "assistant", "alternative")
        .branch("Try regex", "compare approaches")));
    assertTrue(head.startsBranch());
    ProjectDetail d = await(api.projectGet(p.id()));
    Branch b = d.branches().stream().filter(x -> x.headId().equals(head.id())).findFirst().orElseThrow();
    assertFalse(b.isMainline());
    assertEquals(root.id(), b.anchorId());
    assertEquals("Try regex", b.title());
    assertEquals("compare approaches", b.intent());
    assertTrue(d.branches().stream().anyMatch(x -> x.isMainline() && x.unitIds().contains(main.id())));
    assertEquals(main.id(), d.project().mainlineEndId());

    Branch done = await(api.branchUpdate(p.id(), head.id(), Change.keep(), Change.keep(), Change.to("completed")));
    assertEquals("completed", done.status());
    assertEquals("Try regex", done.title(), "absent fields stay unchanged");
    Branch untitled = await(api.branchUpdate(p.id(), head.id(), Change.clear(), Change.keep(), Change.keep()));
    assertNull(untitled.title(), "null clears");

    Project routed = await(api.mainlineSet(p.id(), Change.keep(), Change.to(head.id())));
    assertEquals(head.id(), routed.mainlineEndId());
    Project cut = await(api.mainlineSet(p.id(), Change.to(head.id()), Change.keep()));
    assertEquals(head.id(), cut.mainlineStartId());
    Project uncut = await(api.mainlineSet(p.id(), Change.clear(), Change.keep()));
    assertNull(uncut.mainlineStartId());
    assertEquals(head.id(), uncut.mainlineEndId());
  }

  @Test
  void deleteLeavesPreviewUntouchedAndUndoRedoWalkTheLog() {
    Project p = await(api.projectCreate("Delete", null));
    Unit root = append(p.id(), null, "user", "root");
    Unit leaf = append(p.id(), root.id(), "assistant", "leaf to delete");

    DeleteResult preview = await(api.unitDelete(List.of(leaf.id()), false, true));
    assertTrue(preview.removed().contains(leaf.id()));
    assertEquals(leaf.id(), await(api.unitGet(leaf.id())).id(), "a preview changes nothing");

    DeleteResult real = await(api.unitDelete(List.of(leaf.id()), false, false));
    assertTrue(real.removed().contains(leaf.id()));
    assertEquals("unitNotFound", rpcError(api.unitGet(leaf.id())).kind());

    Project undone = await(api.historyUndo(p.id()));
    assertEquals(leaf.id(), await(api.unitGet(leaf.id())).id(), "undo brings the unit back");
    Project redone = await(api.historyRedo(p.id()));
    assertNotEquals(undone.revision(), redone.revision());
    assertEquals("unitNotFound", rpcError(api.unitGet(leaf.id())).kind());
  }

  @Test
  void searchFindsUnitsAcrossAndWithinProjects() {
    Project p = await(api.projectCreate("Search", null));
    Unit root = append(p.id(), null, "user", "The quokkaflux allocator leaks on resize");
    Project q = await(api.projectCreate("Search elsewhere", null));
    append(q.id(), null, "user", "quokkaflux again, in another project");
    List<SearchHit> everywhere = await(api.search("quokkaflux", null, 10));
    assertTrue(everywhere.stream().anyMatch(h -> h.unitId().equals(root.id())), "hits: " + everywhere);
    assertTrue(everywhere.stream().anyMatch(h -> h.projectId().equals(q.id())));
    List<SearchHit> inP = await(api.search("quokkaflux", p.id(), 10));
    assertTrue(inP.stream().allMatch(h -> h.projectId().equals(p.id())) && !inP.isEmpty());
  }

  @Test
  void invalidParamsNameTheField() {
    RpcErrorException e = rpcError(api.projectGet(null));
    assertEquals(RpcErrorException.INVALID_PARAMS, e.code());
    assertEquals("projectId", e.field());
  }

  @Test
  void serverImplementsEveryDocumentedRequestOfTheMirror() {
    List<String> served = await(api.serverMethods());
    List<String> missing = new ArrayList<>();
    for (Methods.Spec s : Methods.ALL) {
      boolean lifecycle = !s.name().startsWith("grove/");
      if (s.kind() == Methods.Kind.REQUEST && s.doc() == Methods.Doc.DOCUMENTED && !lifecycle
          && !served.contains(s.name())) {
        missing.add(s.name());
      }
    }
    assertTrue(missing.isEmpty(), "documented but not served: " + missing);
  }

  private static List<String> sentIds(ScopePreview p) {
    List<String> ids = new ArrayList<>();
    for (ScopePreview.Message m : p.messages()) ids.addAll(m.unitIds());
    return ids;
  }
}
