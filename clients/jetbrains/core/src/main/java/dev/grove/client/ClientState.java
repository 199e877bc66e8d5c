package dev.grove.client;

/** Where the client's connection to grove-server stands. */
public enum ClientState {
  /** Not started, or closed by the user. */
  STOPPED,
  /** Launching the server and running initialize. */
  STARTING,
  /** Initialized; requests go through. */
  READY,
  /** The server died or broke the protocol; a restart is scheduled (with backoff). */
  RESTARTING,
  /** Gave up: too many consecutive failures, or a server speaking another protocol version. */
  FAILED
}
