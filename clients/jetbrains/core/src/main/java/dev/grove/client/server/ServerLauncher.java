package dev.grove.client.server;

import java.io.IOException;

/** Starts a fresh server each time it is called; the client calls it again to restart. */
@FunctionalInterface
public interface ServerLauncher {
  ServerConnection launch() throws IOException;
}
