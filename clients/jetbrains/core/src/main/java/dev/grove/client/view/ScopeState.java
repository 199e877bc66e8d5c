package dev.grove.client.view;

/**
 * How a unit stands for a turn at the project's cursor, as the server's scope preview reports it
 * (the client computes no scope rules itself).
 */
public enum ScopeState {
  /** On the cursor's path and sent to the model. */
  IN_SCOPE,
  /** Off the path but pulled in everywhere by scope "included". */
  INCLUDED,
  /** Removed everywhere by scope "excluded". */
  EXCLUDED,
  /** Would be sent, but the token budget dropped it. */
  TRUNCATED,
  /** Not sent: off the path (a sibling branch, or below the cursor), or a placeholder. */
  OUT_OF_SCOPE,
  /** The preview could not be loaded; the tree is shown without scope marks. */
  UNKNOWN
}
