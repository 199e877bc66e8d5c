package dev.grove.client;

import dev.grove.client.model.InitializeResult;
import dev.grove.client.rpc.GroveException;

/**
 * A state change. {@code generation} counts server sessions (1 for the first start, +1 per
 * restart), so a listener can tell "ready again after a restart" from the first start.
 * {@code cause} explains RESTARTING and FAILED; {@code init} is set for READY.
 */
public record ClientEvent(ClientState state, int generation, GroveException cause, InitializeResult init) {

  public boolean isRestart() {
    return state == ClientState.READY && generation > 1;
  }
}
