package dev.grove.client.view;

import dev.grove.client.model.Unit;
import java.util.List;

/**
 * One unit in the context tree as the IDE draws it: the unit, its children in seq order, its scope
 * state, whether it lies on the cursor's path, and whether it heads a branch (with the branch
 * title when there is one). The unit's {@code content} is its full text on the cursor's path and
 * its head (first line) elsewhere: see {@link TreeLoad}.
 */
public record ContextNode(
    Unit unit,
    List<ContextNode> children,
    ScopeState scopeState,
    boolean onPath,
    boolean branchHead,
    String branchTitle) {}
