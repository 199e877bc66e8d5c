package dev.grove.client;

import java.time.Duration;

/**
 * Tunables of {@link GroveClient}. The defaults suit an IDE; tests shorten the delays.
 *
 * @param requestTimeout deadline of an ordinary request
 * @param chatTimeout deadline of a chat turn (the provider may stream for minutes)
 * @param startTimeout deadline for launch + initialize
 * @param restartInitial first restart delay, doubled per consecutive failure
 * @param restartMax longest restart delay
 * @param maxConsecutiveFailures failures in a row after which the client stops trying
 * @param stableAfter a session that lived this long resets the failure count when it dies
 */
public record ClientOptions(
    String clientName,
    String clientVersion,
    Duration requestTimeout,
    Duration chatTimeout,
    Duration startTimeout,
    Duration restartInitial,
    Duration restartMax,
    int maxConsecutiveFailures,
    Duration stableAfter) {

  /** The protocol major version this client speaks (DESIGN.md §6). */
  public static final int PROTOCOL_VERSION = 1;

  public static ClientOptions defaults(String clientName, String clientVersion) {
    return new ClientOptions(clientName, clientVersion, Duration.ofSeconds(30), Duration.ofMinutes(10),
        Duration.ofSeconds(15), Duration.ofMillis(250), Duration.ofSeconds(10), 5, Duration.ofSeconds(10));
  }

  public ClientOptions withRequestTimeout(Duration d) {
    return new ClientOptions(clientName, clientVersion, d, chatTimeout, startTimeout, restartInitial, restartMax,
        maxConsecutiveFailures, stableAfter);
  }

  public ClientOptions withRestart(Duration initial, Duration max, int maxFailures) {
    return new ClientOptions(clientName, clientVersion, requestTimeout, chatTimeout, startTimeout, initial, max,
        maxFailures, stableAfter);
  }
}
