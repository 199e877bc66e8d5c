package dev.grove.client.view;

import dev.grove.client.model.Branch;
import dev.grove.client.model.Project;
import dev.grove.client.model.ScopePreview;
import dev.grove.client.model.Unit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** An immutable snapshot of one project's tree; {@link #EMPTY} before a project is selected. */
public record ContextTree(
    Project project,
    ContextNode root,
    Map<String, ContextNode> byId,
    List<Branch> branches,
    ScopePreview preview,
    List<Unit> path) {

  public static final ContextTree EMPTY = new ContextTree(null, null, Map.of(), List.of(), null, List.of());

  public ContextNode node(String unitId) {
    return byId.get(unitId);
  }

  public ScopeState scopeOf(String unitId) {
    ContextNode n = byId.get(unitId);
    return n == null ? null : n.scopeState();
  }

  public long revision() {
    return project == null ? -1 : project.revision();
  }

  /** Builds the snapshot from the project's units (see {@link TreeLoad}) and scope/preview. */
  static ContextTree build(Project project, List<Unit> units, List<Branch> branches, ScopePreview preview) {
    Map<String, Unit> unitById = new HashMap<>();
    Map<String, List<Unit>> childrenOf = new HashMap<>();
    Unit rootUnit = null;
    for (Unit u : units) {
      unitById.put(u.id(), u);
      if (u.parentId() == null) rootUnit = u;
      else childrenOf.computeIfAbsent(u.parentId(), k -> new ArrayList<>()).add(u);
    }
    childrenOf.values().forEach(l -> l.sort(Comparator.comparingLong(Unit::seq)));

    List<Unit> path = pathTo(cursorOf(project), unitById);
    Set<String> onPath = new HashSet<>();
    for (Unit u : path) onPath.add(u.id());

    Set<String> sent = new HashSet<>();
    if (preview != null && preview.messages() != null) {
      for (ScopePreview.Message m : preview.messages()) if (m.unitIds() != null) sent.addAll(m.unitIds());
    }
    Set<String> included = preview == null || preview.included() == null ? Set.of() : new HashSet<>(preview.included());
    Set<String> truncated = preview == null || preview.truncated() == null ? Set.of() : new HashSet<>(preview.truncated());

    Map<String, String> branchTitles = new HashMap<>();
    Set<String> heads = new LinkedHashSet<>();
    for (Branch b : branches) {
      if (b.isMainline()) continue;
      heads.add(b.headId());
      if (b.title() != null) branchTitles.put(b.headId(), b.title());
    }

    // Built children-first from a reversed pre-order walk: no recursion, so a path of many
    // thousand units cannot overflow the stack.
    List<Unit> preOrder = new ArrayList<>();
    ArrayDeque<Unit> stack = new ArrayDeque<>();
    if (rootUnit != null) stack.push(rootUnit);
    while (!stack.isEmpty()) {
      Unit u = stack.pop();
      preOrder.add(u);
      List<Unit> kids = childrenOf.getOrDefault(u.id(), List.of());
      for (int i = kids.size() - 1; i >= 0; i--) stack.push(kids.get(i));
    }
    Map<String, ContextNode> byId = new HashMap<>();
    for (int i = preOrder.size() - 1; i >= 0; i--) {
      Unit u = preOrder.get(i);
      List<ContextNode> kids = new ArrayList<>();
      for (Unit c : childrenOf.getOrDefault(u.id(), List.of())) kids.add(byId.get(c.id()));
      byId.put(u.id(), new ContextNode(u, List.copyOf(kids), stateOf(u, sent, included, truncated, preview != null),
          onPath.contains(u.id()), u.startsBranch() || heads.contains(u.id()), branchTitles.get(u.id())));
    }
    ContextNode root = rootUnit == null ? null : byId.get(rootUnit.id());
    return new ContextTree(project, root, Map.copyOf(byId), List.copyOf(branches), preview, List.copyOf(path));
  }

  private static ScopeState stateOf(Unit u, Set<String> sent, Set<String> included, Set<String> truncated,
      boolean known) {
    if ("excluded".equals(u.scope())) return ScopeState.EXCLUDED;
    if (!known) return ScopeState.UNKNOWN;
    if (truncated.contains(u.id())) return ScopeState.TRUNCATED;
    if (included.contains(u.id())) return ScopeState.INCLUDED;
    if (sent.contains(u.id())) return ScopeState.IN_SCOPE;
    return ScopeState.OUT_OF_SCOPE;
  }

  /** The cursor, or the mainline end when the project has no cursor yet. */
  static String cursorOf(Project p) {
    if (p == null) return null;
    return p.cursorId() != null ? p.cursorId() : p.mainlineEndId();
  }

  /** The units from the root to {@code unitId}, root first; empty when it is unknown. */
  static List<Unit> pathTo(String unitId, Map<String, Unit> byId) {
    List<Unit> reversed = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Unit u = unitId == null ? null : byId.get(unitId); u != null && seen.add(u.id()); u = byId.get(u.parentId())) {
      reversed.add(u);
      if (u.parentId() == null) break;
    }
    List<Unit> path = new ArrayList<>(reversed.size());
    for (int i = reversed.size() - 1; i >= 0; i--) path.add(reversed.get(i));
    return path;
  }
}
