package dev.grove.client.model;

import java.util.List;

/**
 * The answer to {@code grove/suggestion/resolve}: the suggestion in its new state and what the
 * decision changed. Only accept changes anything: {@code unitIds} the units it touched, {@code
 * project} the project when its mainline or cursor moved (branch, return), {@code capsule} the
 * capsule an accepted extract produced. All of it is one undoable operation.
 */
public record SuggestionResolution(Suggestion suggestion, Changed changed) {

  public record Changed(List<String> unitIds, Project project, Capsule capsule) {
    public List<String> units() {
      return unitIds == null ? List.of() : unitIds;
    }
  }

  /** Never null, so callers need not check a reject's empty answer. */
  public Changed changes() {
    return changed == null ? new Changed(List.of(), null, null) : changed;
  }
}
