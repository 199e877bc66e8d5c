package dev.grove.client.view;

import dev.grove.client.api.GroveApi;
import dev.grove.client.model.Branch;
import dev.grove.client.model.Project;
import dev.grove.client.model.ProjectStructure;
import dev.grove.client.model.Unit;
import dev.grove.client.rpc.RpcErrorException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What the context tree is built from: every unit of the project, with its full text only on the
 * cursor's path (what the chat shows) and its head elsewhere. Read as the structure plus the
 * path's units, so a reload costs what the tree and the path hold rather than every unit's text:
 * it runs after every change to the project, and {@code grove/project/get} of a 100,000-unit
 * conversation is an 80 MB answer, over the frame limit, that keeps the shared core busy for seconds.
 */
record TreeLoad(Project project, List<Unit> units, List<Branch> branches) {
  /** PROTOCOL.md's input limit on a list parameter: a path deeper than this is read in parts. */
  private static final int UNITS_PER_CALL = 1000;

  static CompletableFuture<TreeLoad> of(GroveApi api, String projectId) {
    return api.projectStructure(projectId)
        .thenCompose(s -> withPathText(api, s))
        .exceptionallyCompose(err -> {
          // A core from before grove/project/structure: read everything, as clients used to.
          if (!RpcErrorException.is(err, RpcErrorException.METHOD_NOT_FOUND)) return CompletableFuture.failedFuture(err);
          return api.projectGet(projectId).thenApply(d -> new TreeLoad(d.project(), d.units(), d.branches()));
        });
  }

  private static CompletableFuture<TreeLoad> withPathText(GroveApi api, ProjectStructure s) {
    List<Unit> units = s.headUnits();
    Map<String, Unit> byId = new HashMap<>();
    for (Unit u : units) byId.put(u.id(), u);
    List<String> path = new ArrayList<>();
    for (Unit u : ContextTree.pathTo(ContextTree.cursorOf(s.project()), byId)) path.add(u.id());
    List<Branch> branches = s.branches() == null ? List.of() : s.branches();
    if (path.isEmpty()) return CompletableFuture.completedFuture(new TreeLoad(s.project(), units, branches));
    List<CompletableFuture<List<Unit>>> reads = new ArrayList<>();
    for (int from = 0; from < path.size(); from += UNITS_PER_CALL) {
      reads.add(textOf(api, path.subList(from, Math.min(path.size(), from + UNITS_PER_CALL))));
    }
    return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(done -> {
      for (CompletableFuture<List<Unit>> r : reads) for (Unit u : r.join()) byId.put(u.id(), u);
      List<Unit> merged = new ArrayList<>(units.size());
      for (Unit u : units) merged.add(byId.get(u.id()));
      return new TreeLoad(s.project(), merged, branches);
    });
  }

  private static CompletableFuture<List<Unit>> textOf(GroveApi api, List<String> ids) {
    return api.unitGetMany(ids).exceptionallyCompose(err -> {
      // A path unit deleted since the structure was read: the change that deleted it brings the
      // next reload, so the heads stand in until then.
      if (RpcErrorException.is(err, RpcErrorException.NOT_FOUND)) {
        return CompletableFuture.completedFuture(List.of());
      }
      return CompletableFuture.failedFuture(err);
    });
  }
}
